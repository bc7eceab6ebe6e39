import Foundation
import ProviderKit

/// XMP's date-time, "YYYY-MM-DDThh:mm[:ss[.s]][Z|±hh:mm]", read as EXIF's date-time with its offset;
/// also EXIF's own "YYYY:MM:DD hh:mm:ss", which darktable writes in its sidecars. A date without
/// a time is not a moment a photo was taken at: `nil`.
enum XMPDate {
    static func parse(_ text: String) -> DateTime? {
        guard let clean = MetadataText.clean(text) else { return nil }
        let parts = clean.split(separator: "T", maxSplits: 1)
        guard parts.count == 2 else { return clean.contains(" ") ? DateTime.parse(clean, offset: nil) : nil }
        var time = parts[1]
        var offset: String?
        if time.hasSuffix("Z") {
            time = time.dropLast()
            offset = "+00:00"
        } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            offset = String(time[sign...])
            time = time[..<sign]
        }
        var fields = time.split(separator: ":", omittingEmptySubsequences: false)
        if fields.count == 2 { fields.append("00") }
        guard fields.count == 3 else { return nil }
        let seconds = fields[2].prefix { $0 != "." }  // fractions of a second are dropped, as EXIF has none
        let date = parts[0].replacingOccurrences(of: "-", with: ":")
        return DateTime.parse("\(date) \(fields[0]):\(fields[1]):\(seconds)", offset: offset)
    }
}

/// XMP's GPS coordinate, "DDD,MM,SSk" or "DDD,MM.mmk" (k: N, S, E or W), as decimal degrees.
enum XMPCoordinate {
    static func parse(_ text: String, limit: Double) -> Double? {
        guard var clean = MetadataText.clean(text), let reference = clean.last else { return nil }
        var sign = 1.0
        switch reference {
        case "N", "E": clean.removeLast()
        case "S", "W":
            clean.removeLast()
            sign = -1
        default: break
        }
        let parts = clean.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else {
            return nil
        }
        var degrees = 0.0
        for (index, part) in parts.enumerated() { degrees += (part ?? 0) / [1.0, 60, 3600][index] }
        return degrees <= limit ? sign * degrees : nil
    }
}
