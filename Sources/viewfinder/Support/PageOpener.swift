import Foundation

/// `--open`: writes a gallery page to the cache folder and hands it to `xdg-open`.
enum PageOpener {
    /// Writes `page` (atomically) into `folder` and opens it; says where it is when nothing can.
    static func writeAndOpen(_ page: String, in folder: URL, named query: String?) {
        let file = folder.appendingPathComponent(fileName(for: query))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(page.utf8).write(to: file, options: .atomic)
        } catch {
            Console.error("cannot write the page to \(file.path): \(error.localizedDescription)")
            return
        }
        if launch(file) {
            Console.err("viewfinder: opened \(file.path)\n")
        } else {
            Console.err("viewfinder: nothing could open the page; it is at \(file.path)\n")
        }
    }

    /// "search-harbor-at-dusk.html" or "popular.html": letters and digits of the query only.
    static func fileName(for query: String?) -> String {
        guard let query else { return "popular.html" }
        let words = query.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
        let slug = String(words.prefix(60))
        return slug.isEmpty ? "search.html" : "search-\(slug).html"
    }

    /// Starts `xdg-open` on `file` without waiting for it; `false` when it is not installed.
    private static func launch(_ file: URL) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let opener = paths.map({ "\($0)/xdg-open" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
