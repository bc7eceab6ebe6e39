#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The XMP properties Viewfinder reads, found in one pass over a packet's bytes: each tag is
/// read once, its name compared with these, and for the first occurrence of each property the
/// place of its value kept (an attribute's value, an element's body, an `rdf:resource`). Only
/// the values asked for then become text. The scanner it replaces searched the whole packet
/// once per property, some twenty times a packet, and was two fifths of a first search's time.
///
/// Tags are read as XML's grammar has them: comments, processing instructions, CDATA sections
/// and declarations are passed over whole, so a property's name inside them is not taken for
/// one; a value may be quoted with `"` or `'`.
struct XMPPacket {
    /// The properties read, by the name a packet writes them under.
    enum Property: Int, CaseIterable {
        case title, description, subject, creator, rating, rights, usageTerms, license, webStatement, marked
        case make, model, orientation, dateTimeOriginal, latitude, longitude
        case dateCreated, location, city, state, country, countryCode

        var name: String {
            switch self {
            case .title: "dc:title"
            case .description: "dc:description"
            case .subject: "dc:subject"
            case .creator: "dc:creator"
            case .rating: "xmp:Rating"
            case .rights: "dc:rights"
            case .usageTerms: "xmpRights:UsageTerms"
            case .license: "cc:license"
            case .webStatement: "xmpRights:WebStatement"
            case .marked: "xmpRights:Marked"
            case .make: "tiff:Make"
            case .model: "tiff:Model"
            case .orientation: "tiff:Orientation"
            case .dateTimeOriginal: "exif:DateTimeOriginal"
            case .latitude: "exif:GPSLatitude"
            case .longitude: "exif:GPSLongitude"
            case .dateCreated: "photoshop:DateCreated"
            case .location: "Iptc4xmpCore:Location"
            case .city: "photoshop:City"
            case .state: "photoshop:State"
            case .country: "photoshop:Country"
            case .countryCode: "Iptc4xmpCore:CountryCode"
            }
        }

        /// Each property's name as bytes, by the name's length, for comparing a tag's name.
        static let namesByLength: [Int: [(Property, [UInt8])]] = Dictionary(
            grouping: allCases.map { ($0, Array($0.name.utf8)) }, by: { $0.1.count })
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// What the pass found, in numbers on the caller's stack (``read(_:_:)``): a packet is read
    /// for every file, and arrays per property cost an allocation and a look-up of their type
    /// each, and a struct holding them in place was copied whole around every tag.
    ///
    /// Per property (``Slot``, at `rawValue * Slot.count`): the range of the value written as
    /// an attribute (`xmp:Rating="4"`); the body of its first element (empty when that element
    /// was empty, `<a/>`); the `rdf:resource` of its element (`<cc:license rdf:resource="…"/>`),
    /// each as two numbers, -1 for none; and whether its first element has been met (an empty
    /// one stops the search). Then the elements met and not yet closed, as property and where
    /// its body starts (only a property's first element is opened, so there are never more
    /// than properties), and their count.
    private let found: UnsafeMutableBufferPointer<Int>

    private enum Slot {
        static let attribute = 0
        static let body = 2
        static let resource = 4
        static let seen = 6
        static let count = 7
    }

    private static let openStart = Property.allCases.count * Slot.count
    private static let openCountAt = openStart + 2 * Property.allCases.count

    /// Reads the packet in `bytes` in one pass and gives it to `body`.
    static func read<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (XMPPacket) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: openCountAt + 1) { found in
            found.initialize(repeating: -1)
            found[openCountAt] = 0
            let packet = XMPPacket(bytes: bytes, found: found)
            packet.scan()
            return body(packet)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, found: UnsafeMutableBufferPointer<Int>) {
        self.bytes = bytes
        self.found = found
    }

    private func range(_ property: Property, _ slot: Int) -> Range<Int>? {
        let at = property.rawValue * Slot.count + slot
        return found[at] < 0 ? nil : found[at]..<found[at + 1]
    }

    private func set(_ property: Property, _ slot: Int, _ range: Range<Int>) {
        let at = property.rawValue * Slot.count + slot
        found[at] = range.lowerBound
        found[at + 1] = range.upperBound
    }

    private var openCount: Int {
        get { found[Self.openCountAt] }
        nonmutating set { found[Self.openCountAt] = newValue }
    }

    private func openProperty(_ index: Int) -> Property? { Property(rawValue: found[Self.openStart + 2 * index]) }

    /// A simple property: its attribute's value, else its element's text.
    func property(_ property: Property) -> String? {
        if let range = range(property, Slot.attribute) { return text(range) }
        return range(property, Slot.body).map(text)
    }

    /// The `rdf:li` values of a property's element, or its plain text when it holds no list.
    func items(_ property: Property) -> [String] {
        guard let body = range(property, Slot.body) else { return [] }
        var values: [String] = []
        var position = body.lowerBound
        while let open = find("<rdf:li", in: position..<body.upperBound) {
            guard let tagEnd = find(UInt8(ascii: ">"), in: open..<body.upperBound) else { break }
            if bytes[tagEnd - 1] == UInt8(ascii: "/") {  // <rdf:li/>: empty
                position = tagEnd + 1
                continue
            }
            guard let close = find("</rdf:li>", in: tagEnd..<body.upperBound) else { break }
            values.append(text(tagEnd + 1..<close))
            position = close + 9
        }
        if values.isEmpty, find(UInt8(ascii: "<"), in: body) == nil { values.append(text(body)) }
        return values
    }

    /// The `rdf:resource` written on a property's element.
    func resource(_ property: Property) -> String? {
        range(property, Slot.resource).map(text)
    }

    // MARK: The pass

    private func scan() {
        var position = 0
        while let open = find(UInt8(ascii: "<"), in: position..<bytes.count) {
            guard open + 1 < bytes.count else { return }
            switch bytes[open + 1] {
            case UInt8(ascii: "!"):
                position = skipDeclaration(at: open)
            case UInt8(ascii: "?"):
                position = skip(past: "?>", from: open + 2)
            case UInt8(ascii: "/"):
                position = readEndTag(at: open)
            default:
                position = readStartTag(at: open)
            }
        }
    }

    /// After a comment, a CDATA section or another declaration starting at `open`.
    private func skipDeclaration(at open: Int) -> Int {
        if matches("<!--", at: open) { return skip(past: "-->", from: open + 4) }
        if matches("<![CDATA[", at: open) { return skip(past: "]]>", from: open + 9) }
        return skip(past: ">", from: open + 2)
    }

    /// Reads `</name>` at `open`: closes the property's element when it is the one open.
    private func readEndTag(at open: Int) -> Int {
        let nameEnd = nameEnd(from: open + 2)
        guard let end = find(UInt8(ascii: ">"), in: nameEnd..<bytes.count) else { return bytes.count }
        if let property = property(named: open + 2..<nameEnd),
            let index = (0..<openCount).last(where: { openProperty($0) == property })
        {
            let bodyStart = found[Self.openStart + 2 * index + 1]
            for later in 2 * index..<2 * (openCount - 1) {
                found[Self.openStart + later] = found[Self.openStart + later + 2]
            }
            openCount -= 1
            if range(property, Slot.body) == nil { set(property, Slot.body, bodyStart..<open) }
        }
        return end + 1
    }

    /// Reads `<name attribute="value" …>` at `open`: the attributes that are properties, and
    /// the element itself when it is one.
    private func readStartTag(at open: Int) -> Int {
        let nameEnd = nameEnd(from: open + 1)
        let element = property(named: open + 1..<nameEnd)
        var position = nameEnd
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                let empty = bytes[position - 1] == UInt8(ascii: "/")
                let seen = element.map { $0.rawValue * Slot.count + Slot.seen }
                if let element, let seen, found[seen] < 0 {
                    found[seen] = 1
                    if !empty {
                        found[Self.openStart + 2 * openCount] = element.rawValue
                        found[Self.openStart + 2 * openCount + 1] = position + 1
                        openCount += 1
                    }
                }
                return position + 1
            }
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                position += 1
                continue
            }
            // An attribute: its name, `=`, then a quoted value.
            let attributeEnd = self.nameEnd(from: position)
            guard attributeEnd > position else {
                position += 1
                continue
            }
            var equals = attributeEnd
            while equals < bytes.count, Self.isSpace(bytes[equals]) { equals += 1 }
            guard equals < bytes.count, bytes[equals] == UInt8(ascii: "=") else {
                position = attributeEnd
                continue
            }
            var quote = equals + 1
            while quote < bytes.count, Self.isSpace(bytes[quote]) { quote += 1 }
            guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") || bytes[quote] == UInt8(ascii: "'"),
                let close = find(bytes[quote], in: quote + 1..<bytes.count)
            else { return bytes.count }
            let value = quote + 1..<close
            if let property = property(named: position..<attributeEnd), range(property, Slot.attribute) == nil {
                set(property, Slot.attribute, value)
            } else if let element, range(element, Slot.resource) == nil,
                matches("rdf:resource", in: position..<attributeEnd)
            {
                set(element, Slot.resource, value)
            }
            position = close + 1
        }
        return bytes.count
    }

    // MARK: Bytes

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Where a name starting at `start` ends: at a space, `=`, `/`, `>` or the end.
    private func nameEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if Self.isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: ">")
            {
                break
            }
            end += 1
        }
        return end
    }

    /// The property whose name is exactly the bytes in `range`.
    private func property(named range: Range<Int>) -> Property? {
        guard let candidates = Property.namesByLength[range.count], let base = bytes.baseAddress else { return nil }
        for (property, name) in candidates where memcmp(base + range.lowerBound, name, name.count) == 0 {
            return property
        }
        return nil
    }

    private func matches(_ text: StaticString, in range: Range<Int>) -> Bool {
        range.count == text.utf8CodeUnitCount && matches(text, at: range.lowerBound)
    }

    private func matches(_ text: StaticString, at position: Int) -> Bool {
        guard let base = bytes.baseAddress, position + text.utf8CodeUnitCount <= bytes.count else { return false }
        return memcmp(base + position, text.utf8Start, text.utf8CodeUnitCount) == 0
    }

    /// After the first `terminator` from `start`, or the end of the packet.
    private func skip(past terminator: StaticString, from start: Int) -> Int {
        var position = start
        let first = terminator.utf8Start.pointee
        while let hit = find(first, in: position..<bytes.count) {
            if matches(terminator, at: hit) { return hit + terminator.utf8CodeUnitCount }
            position = hit + 1
        }
        return bytes.count
    }

    /// The first position of `byte` within `range`.
    private func find(_ byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress, !range.isEmpty,
            let hit = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: hit)
    }

    /// The first position of `needle` within `range`: `memchr` for its first byte, `memcmp` for the rest.
    private func find(_ needle: StaticString, in range: Range<Int>) -> Int? {
        let length = needle.utf8CodeUnitCount
        guard let base = bytes.baseAddress, length > 0, range.count >= length else { return nil }
        let first = needle.utf8Start.pointee
        let last = range.upperBound - length
        var position = range.lowerBound
        while position <= last {
            guard let hit = memchr(base + position, Int32(first), last - position + 1) else { return nil }
            let index = UnsafeRawPointer(base).distance(to: hit)
            if memcmp(base + index, needle.utf8Start, length) == 0 { return index }
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
