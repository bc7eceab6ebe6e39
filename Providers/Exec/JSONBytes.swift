/// A cursor over one line of JSON's bytes, for ``PhotoLineReader``: strings (escapes decoded),
/// whole numbers, and any value skipped over without building it. Every reading skips the white
/// space JSON allows before it, and fails (`nil` or `false`) on anything that is not valid JSON,
/// or that only Foundation's decoder reads exactly (a lone surrogate escape, nesting near its
/// limit).
struct JSONBytes {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    /// How deep a skipped value may nest, counting the line's own objects; deeper lines go to
    /// the decoder, which says how deep they are.
    static let maximumDepth = 500

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    /// The next byte after white space, without reading it.
    var next: UInt8? {
        mutating get {
            skipSpace()
            return index < bytes.count ? bytes[index] : nil
        }
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    /// Whether `byte` comes next (after white space); reads it if so.
    mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// A key and its colon; a key longer than `longest` bytes (so none a reader looks for) is
    /// read as `""` without being built.
    mutating func key(longest: Int = 32) -> String? {
        guard next == UInt8(ascii: "\"") else { return nil }
        let start = index
        guard skipString() else { return nil }
        let name: String?
        if index - start - 2 > longest {
            name = ""
        } else {
            index = start
            name = string()
        }
        guard let name, take(UInt8(ascii: ":")) else { return nil }
        return name
    }

    /// A string, its escapes decoded, in valid UTF-8; only its first `keeping` bytes are built
    /// (cut at a whole scalar), though the whole string is checked.
    mutating func string(keeping: Int = .max) -> String? {
        var buffer: [UInt8] = []
        guard scanString(into: &buffer, building: true, keeping: keeping) else { return nil }
        if buffer.count > keeping { Self.cut(&buffer, to: keeping) }
        return String(validating: buffer, as: UTF8.self)
    }

    /// Cuts valid UTF-8 `bytes` to at most `count` bytes, at the end of a whole scalar.
    static func cut(_ bytes: inout [UInt8], to count: Int) {
        guard bytes.count > count else { return }
        var end = count
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // back to the start of the scalar cut in two
        bytes.removeSubrange(end...)
    }

    /// Reads over a string, checking it as ``string()`` would, without building it.
    mutating func skipString() -> Bool {
        var unused: [UInt8] = []
        return scanString(into: &unused, building: false, keeping: 0)
    }

    /// Any JSON value, read over without building it; `depth` is how deep it sits.
    mutating func skipValue(depth: Int) -> Bool {
        guard let first = next, depth < Self.maximumDepth else { return false }
        switch first {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "t"): return word("true")
        case UInt8(ascii: "f"): return word("false")
        case UInt8(ascii: "n"): return word("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return skipNumber()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let object = first == UInt8(ascii: "{")
            index += 1
            if take(object ? UInt8(ascii: "}") : UInt8(ascii: "]")) { return true }
            repeat {
                if object {
                    guard next == UInt8(ascii: "\""), skipString(), take(UInt8(ascii: ":")) else { return false }
                }
                guard skipValue(depth: depth + 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        default: return false
        }
    }

    /// A whole number as JSON writes it (no leading zero, no fraction or exponent) that fits an
    /// `Int`; `nil` for any other number, which only the decoder reads exactly.
    mutating func integer() -> Int? {
        guard let first = next else { return nil }
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return value
    }

    /// Whether `text` comes next; reads it if so (what follows is the caller's to check).
    mutating func word(_ text: StaticString) -> Bool {
        skipSpace()
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count,
            text.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + length]) })
        else { return false }
        index += length
        return true
    }

    /// Reads over a number in JSON's grammar: `-`, digits without a leading zero, a fraction, an exponent.
    private mutating func skipNumber() -> Bool {
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let start = index
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return true
    }

    /// Reads a string from its opening quote, appending its decoded bytes to `buffer` when
    /// `building`, until it holds more than `keeping`; checks its escapes, control characters
    /// and UTF-8 either way.
    private mutating func scanString(into buffer: inout [UInt8], building: Bool, keeping: Int) -> Bool {
        let keeping = min(keeping, Int.max / 2)
        guard take(UInt8(ascii: "\"")) else { return false }
        var runStart = index
        var plain = true  // only ASCII so far: nothing to check
        func endRun(at end: Int) -> Bool {
            let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<end])
            if !plain && !Self.isValidUTF8(run) { return false }
            if building && buffer.count <= keeping {
                buffer.append(contentsOf: run.prefix(keeping - buffer.count + 4))  // past the limit: cut later
            }
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard endRun(at: index) else { return false }
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                guard endRun(at: index) else { return false }
                index += 1
                guard let escaped = escape() else { return false }
                if building && buffer.count <= keeping { buffer.append(contentsOf: escaped) }
                runStart = index
                plain = true
                continue
            }
            guard byte >= 0x20 else { return false }
            if byte >= 0x80 { plain = false }
            index += 1
        }
        return false
    }

    /// The UTF-8 bytes an escape (after its backslash) stands for; `nil` for an invalid escape
    /// or a lone surrogate.
    private mutating func escape() -> [UInt8]? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [letter]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            var value = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { return nil }
                index += 2
                guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return Array(String(Character(scalar)).utf8)
        default: return nil
        }
    }

    /// Four hex digits.
    private mutating func hexUnit() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    private static func isValidUTF8(_ run: UnsafeRawBufferPointer) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = run.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
