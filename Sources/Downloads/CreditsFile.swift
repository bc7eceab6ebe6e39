import Foundation
import ProviderKit

/// `CREDITS.md` in the target folder: one line per downloaded photo whose licence asks for
/// credit, naming its file and title, then the credit as the licence words it
/// (`pexels/1-Harbor.jpg: “Harbor” — Photo by Jane on Pexels`), markdown-escaped so a title can
/// never become markup. Each file has its own line, with the archive or without it.
package enum CreditsFile {
    /// The file's name in the target folder.
    package static let fileName = "CREDITS.md"

    /// The file's text for the archive's entries (those with a credit line), in file order.
    package static func text(for entries: [DownloadArchive.Entry]) -> String {
        text(lines: entries.compactMap(line))
    }

    /// The file's text with the credit lines of `existing` (the file as it was, when there was
    /// one) and those of `entries` it lacks: for a run without the archive, which lists only
    /// this run's files.
    package static func text(adding entries: [DownloadArchive.Entry], to existing: String?) -> String {
        var lines = (existing ?? "").split(separator: "\n").filter { $0.hasPrefix("- ") }.map(String.init)
        var seen = Set(lines)
        for entry in entries.sorted(by: { $0.file < $1.file }) {
            guard let line = line(for: entry) else { continue }
            if seen.insert(line).inserted { lines.append(line) }
        }
        return text(lines: lines)
    }

    /// The line for `entry`, when its licence asks for credit: its file, its title (left out
    /// when the credit quotes it already, as Creative Commons' form does), and the credit.
    static func line(for entry: DownloadArchive.Entry) -> String? {
        guard let credit = entry.credit else { return nil }
        var text = entry.file + ": "
        if let title = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty,
            !credit.contains("“\(title)”")
        {
            text += "“\(title)” — "
        }
        return "- " + escaped(text + credit)
    }

    private static func text(lines: [String]) -> String {
        let body =
            lines.isEmpty
            ? "None of the photos downloaded here asks for credit (public domain, CC0 or a licence without it).\n"
            : lines.joinedText(separator: "\n") + "\n"
        return "# Credits\n\nPhotos in this folder, with the credit each one's licence asks for.\n\n" + body
    }

    /// `text` on one line with every character markdown (or HTML within it) could act on escaped.
    package static func escaped(_ text: String) -> String {
        var result = ""
        var atStart = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || scalar.properties.generalCategory == .format
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            {
                if !atStart, result.last != " " { result += " " }
                continue
            }
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "!", "{", "}":
                result += "\\" + String(scalar)
            case "&": result += "&amp;"
            case "-", "+", "=":
                // At the start of the line these would begin a list or a heading underline.
                result += atStart ? "\\" + String(scalar) : String(scalar)
            default: result.unicodeScalars.append(scalar)
            }
            if scalar != " " { atStart = false }
        }
        // "1. …" at the start would become a numbered list.
        if let index = result.firstIndex(where: { !$0.isNumber }), index != result.startIndex,
            result[index] == "." || result[index] == ")"
        {
            result.insert("\\", at: index)
        }
        return result.trimmingSuffixSpaces()
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
