import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the Dublin Core and XMP basic fields Viewfinder uses from an XMP packet:
/// dc:title, dc:description, dc:subject, dc:creator and xmp:Rating; and, where EXIF left them
/// out (EXIF takes precedence, as in exiftool), the camera, date, orientation and GPS that
/// editors and scanners write as tiff:Make, tiff:Model, tiff:Orientation,
/// exif:DateTimeOriginal, exif:GPSLatitude and exif:GPSLongitude.
///
/// The packet is scanned as UTF-8 bytes; only the values found become strings. This runs
/// for every file of a folder, so it avoids Foundation's string searching.
enum XMPReader {
    static func read(_ packet: [UInt8], into metadata: inout ImageMetadata) {
        packet.withUnsafeBufferPointer { bytes in
            let scanner = Scanner(bytes: bytes)
            if let title = scanner.items(of: "dc:title").first { metadata.title = MetadataText.clean(title) }
            if let description = scanner.items(of: "dc:description").first {
                metadata.description = MetadataText.clean(description)
            }
            metadata.keywords += scanner.items(of: "dc:subject").compactMap(MetadataText.clean)
            let creators = scanner.items(of: "dc:creator").compactMap(MetadataText.clean)
            if !creators.isEmpty { metadata.creator = MetadataText.clean(creators.joined(separator: ", ")) }
            if let rating = scanner.property("xmp:Rating").flatMap(MetadataText.clean).flatMap({ Double($0) }),
                (-1...5).contains(rating)
            {
                metadata.rating = rating
            }
            readCameraFields(scanner, into: &metadata)
            readRights(scanner, into: &metadata.rights)
        }
    }

    /// dc:rights, xmpRights:UsageTerms, cc:license, xmpRights:WebStatement and xmpRights:Marked.
    private static func readRights(_ scanner: Scanner, into rights: inout ImageRights) {
        if let copyright = scanner.items(of: "dc:rights").compactMap(MetadataText.clean).first {
            rights.copyright = copyright
        }
        if let terms = scanner.items(of: "xmpRights:UsageTerms").compactMap(MetadataText.clean).first {
            rights.usageTerms = terms
        }
        if let url = (scanner.property("cc:license") ?? scanner.resource("cc:license")).flatMap(MetadataText.clean) {
            rights.licenseURL = url
        }
        if let page = scanner.property("xmpRights:WebStatement").flatMap(MetadataText.clean) {
            rights.webStatement = page
        }
        switch scanner.property("xmpRights:Marked").flatMap(MetadataText.clean)?.lowercased() {
        case "true": rights.marked = true
        case "false": rights.marked = false
        default: break
        }
    }

    /// The EXIF-like fields, each only where nothing else gave it.
    private static func readCameraFields(_ scanner: Scanner, into metadata: inout ImageMetadata) {
        if metadata.cameraMake == nil {
            metadata.cameraMake = scanner.property("tiff:Make").flatMap(MetadataText.clean)
        }
        if metadata.cameraModel == nil {
            metadata.cameraModel = scanner.property("tiff:Model").flatMap(MetadataText.clean)
        }
        if metadata.orientation == nil,
            let orientation = scanner.property("tiff:Orientation").flatMap(MetadataText.clean).flatMap({ Int($0) }),
            (1...8).contains(orientation)
        {
            metadata.orientation = orientation
        }
        if metadata.takenAt == nil {
            metadata.takenAt = scanner.property("exif:DateTimeOriginal").flatMap(XMPDate.parse)
        }
        if metadata.latitude == nil, metadata.longitude == nil,
            let latitude = scanner.property("exif:GPSLatitude").flatMap({ XMPCoordinate.parse($0, limit: 90) }),
            let longitude = scanner.property("exif:GPSLongitude").flatMap({ XMPCoordinate.parse($0, limit: 180) })
        {
            metadata.latitude = latitude
            metadata.longitude = longitude
        }
    }

    /// Byte-level searching within one packet.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>

        /// The `rdf:li` values inside `<name>…</name>`, or its plain text when it has no list.
        func items(of name: String) -> [String] {
            guard let body = element(name) else { return [] }
            var values: [String] = []
            var position = body.lowerBound
            while let open = find("<rdf:li", in: position..<body.upperBound) {
                guard let tagEnd = find(">", in: open..<body.upperBound) else { break }
                if bytes[tagEnd - 1] == UInt8(ascii: "/") {  // <rdf:li/>: empty
                    position = tagEnd + 1
                    continue
                }
                guard let close = find("</rdf:li>", in: tagEnd..<body.upperBound) else { break }
                values.append(text(tagEnd + 1..<close))
                position = close + 9
            }
            if values.isEmpty, find("<", in: body) == nil { values.append(text(body)) }
            return values
        }

        /// A simple property written as an attribute (`xmp:Rating="4"`) or as an element.
        ///
        /// One scan for `name=` per property: searching for each of the eight spellings of what
        /// comes before and after (space, tab or line break; either quote) cost a scan each.
        func property(_ name: String) -> String? {
            let pattern = name + "="
            let length = pattern.utf8.count
            var position = 1  // a byte must come before the name; an empty packet has none
            while position < bytes.count, let start = find(pattern, in: position..<bytes.count) {
                position = start + 1
                let before = bytes[start - 1]
                guard before == 0x20 || before == 0x0A || before == 0x09 || before == 0x0D,
                    start + length < bytes.count
                else { continue }
                let quote = bytes[start + length]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
                let valueStart = start + length + 1
                guard let end = find(quote, in: valueStart..<bytes.count) else { return nil }
                return text(valueStart..<end)
            }
            return element(name).map(text)
        }

        /// The `rdf:resource` of an empty element: `<cc:license rdf:resource="https://…"/>`.
        func resource(_ name: String) -> String? {
            var position = 0
            while let open = find("<" + name, in: position..<bytes.count) {
                position = open + 1 + name.utf8.count
                guard let tagEnd = find(">", in: position..<bytes.count) else { return nil }
                for quote in ["\"", "'"] {
                    guard let start = find("rdf:resource=" + quote, in: position..<tagEnd) else { continue }
                    let valueStart = start + 14
                    guard let end = find(quote, in: valueStart..<tagEnd) else { continue }
                    return text(valueStart..<end)
                }
            }
            return nil
        }

        /// The byte range between `<name …>` and `</name>`.
        private func element(_ name: String) -> Range<Int>? {
            var position = 0
            while let open = find("<" + name, in: position..<bytes.count) {
                let after = open + 1 + name.utf8.count
                guard after < bytes.count else { return nil }
                let next = bytes[after]
                guard next == UInt8(ascii: ">") || next == 0x20 || next == 0x0A || next == 0x09 || next == 0x0D else {
                    position = after  // a longer name sharing this prefix
                    continue
                }
                guard let tagEnd = find(">", in: after..<bytes.count), bytes[tagEnd - 1] != UInt8(ascii: "/"),
                    let close = find("</" + name + ">", in: tagEnd..<bytes.count)
                else { return nil }
                return tagEnd + 1..<close
            }
            return nil
        }

        /// The first position of `byte` within `range`.
        private func find(_ byte: UInt8, in range: Range<Int>) -> Int? {
            guard let base = bytes.baseAddress, !range.isEmpty,
                let hit = memchr(base + range.lowerBound, Int32(byte), range.count)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: hit)
        }

        /// The first position of `needle` within `range`: `memchr` for its first byte, `memcmp` for the rest.
        private func find(_ needle: String, in range: Range<Int>) -> Int? {
            let pattern = Array(needle.utf8)
            guard let first = pattern.first, let base = bytes.baseAddress, range.count >= pattern.count else {
                return nil
            }
            let last = range.upperBound - pattern.count
            var position = range.lowerBound
            while position <= last {
                guard let hit = memchr(base + position, Int32(first), last - position + 1) else { return nil }
                let index = UnsafeRawPointer(base).distance(to: hit)
                if memcmp(base + index, pattern, pattern.count) == 0 { return index }
                position = index + 1
            }
            return nil
        }

        /// The bytes as text, with XML's entities decoded; no more of them than a value may keep
        /// (``MetadataText/maximumBytes``), so a 4 MiB title costs what a short one does.
        private func text(_ range: Range<Int>) -> String {
            var end = min(range.upperBound, range.lowerBound + MetadataText.maximumBytes)
            if end < range.upperBound {
                while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // whole characters
                // Whole entities too: `&amp` cut from its `;` would show as text.
                let tail = max(range.lowerBound, end - 12)..<end
                if let amp = tail.last(where: { bytes[$0] == UInt8(ascii: "&") }),
                    !(amp..<end).contains(where: { bytes[$0] == UInt8(ascii: ";") })
                {
                    end = amp
                }
            }
            let raw = MetadataText.decode(UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]))
            // A byte test: `String.contains(_:)` goes through Foundation's `range(of:)`, which cost
            // an eighth of a first local search.
            return raw.utf8.contains(UInt8(ascii: "&")) ? Self.unescape(raw) : raw
        }

        private static func unescape(_ text: String) -> String {
            var result = ""
            var rest = text[...]
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                // An entity is at most ten characters: look no further, or a run of `&` costs quadratic time.
                guard let semi = rest[amp...].prefix(11).firstIndex(of: ";") else {
                    result += "&"
                    rest = rest[rest.index(after: amp)...]
                    continue
                }
                let entity = rest[rest.index(after: amp)..<semi]
                switch entity {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let scalar =
                        entity.hasPrefix("#x")
                        ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    if let scalar, let character = Unicode.Scalar(scalar) { result.unicodeScalars.append(character) }
                }
                rest = rest[rest.index(after: semi)...]
            }
            return result + rest
        }
    }
}
