import Yams

/// YAML's scalar types (null, bool, int, float, timestamp…) decided in code, by the same rules
/// Yams' `Resolver.default` applies with regular expressions.
///
/// The default resolver compiles seven `NSRegularExpression`s, and the first one compiled sets
/// up ICU's regular expressions (Unicode property sets): about half of reading a configuration.
/// So the file is composed with a resolver that has no rules, and every plain scalar is given
/// its tag here instead. `YAMLScalarTypesTests` holds these rules to Yams' own resolver over a
/// table of scalars and many generated ones, so the two cannot drift apart.
package enum YAMLScalarTypes {
    /// The resolver the file is composed with: no rules, so nothing is ever matched by a pattern.
    /// Every plain value is tagged by ``typed(_:)``; keys, which no rule reads, stay text.
    package static let resolver = Resolver.basic

    /// The constructor the file's tags carry: one with no maps. Yams' `Constructor.default`
    /// builds three dictionaries of closures each time it is asked (once per scalar here); they
    /// serve only `Node.any`, which nothing here calls: ``OptionsDecoder`` and the loader make
    /// each value from its scalar themselves.
    package static var constructor: Constructor { Constructor([:], [:], [:]) }

    /// Composes `yaml` as `Yams.compose` does, its plain scalars' types decided by ``name(of:)``.
    /// The encoding is named: Yams' default reads the whole environment (for its
    /// `YAMS_DEFAULT_ENCODING`) each time it is asked, and the text is UTF-8 already.
    package static func compose(yaml: String) throws -> Node? {
        try Yams.compose(yaml: yaml, resolver, constructor, .utf8).map(typed)
    }

    /// A tag for `text` as the default resolver would give a plain scalar holding it.
    package static func tag(for text: String) -> Tag {
        Tag(name(of: text), resolver, constructor)
    }

    /// A tag still to be resolved (mappings and sequences), which never touches the default
    /// resolver: `Tag.implicit` would compile its patterns.
    package static var implicitTag: Tag {
        Tag(.implicit, resolver, constructor)
    }

    /// A mapping key holding `text`: keys are text, as the composed file's are.
    package static func key(_ text: String) -> Node {
        Node(text, Tag(.str, resolver, constructor))
    }

    /// `node` with every scalar whose tag is still implicit (a plain one) given its type.
    package static func typed(_ node: Node) -> Node {
        switch node {
        case .scalar(let scalar):
            guard scalar.tag.rawValue == Tag.Name.implicit.rawValue else { return node }
            return .scalar(
                Node.Scalar(scalar.string, tag(for: scalar.string), scalar.style, scalar.mark, scalar.anchor))
        case .mapping(let mapping):
            let pairs = mapping.map { key, value in (key, typed(value)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark, mapping.anchor))
        case .sequence(let sequence):
            return .sequence(
                Node.Sequence(sequence.map(typed), sequence.tag, sequence.style, sequence.mark, sequence.anchor))
        case .alias:
            return node
        }
    }

    /// The tag Yams' default resolver gives a plain scalar holding `text`: its rules tried in
    /// its order (bool, int, float, merge, null, timestamp, value), else `str`.
    package static func name(of text: String) -> Tag.Name {
        var bytes = Array(text.utf8)[...]
        // ICU's `$` also matches before one line break that ends the text.
        if bytes.last == UInt8(ascii: "\n"), bytes.dropLast().last == UInt8(ascii: "\r") {
            bytes.removeLast(2)
        } else if let end = lineBreakLength(at: bytes) {
            bytes.removeLast(end)
        }
        if isBool(bytes) { return .bool }
        if isInt(bytes) { return .int }
        if isFloat(bytes) { return .float }
        if bytes.elementsEqual("<<".utf8) { return .merge }
        if isNull(bytes) { return .null }
        if isTimestamp(bytes) { return .timestamp }
        if bytes.elementsEqual("=".utf8) { return .value }
        return .str
    }

    typealias Bytes = ArraySlice<UInt8>

    /// The length of the line break (ICU's: LF, VT, FF, CR, NEL, LS, PS) ending `bytes`, if any.
    private static func lineBreakLength(at bytes: Bytes) -> Int? {
        guard let last = bytes.last else { return nil }
        if (0x0A...0x0D).contains(last) { return 1 }
        if bytes.suffix(2).elementsEqual([0xC2, 0x85]) { return 2 }
        if bytes.suffix(3).elementsEqual([0xE2, 0x80, 0xA8]) || bytes.suffix(3).elementsEqual([0xE2, 0x80, 0xA9]) {
            return 3
        }
        return nil
    }

    private static let bools: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF",
    ]

    private static func isBool(_ bytes: Bytes) -> Bool {
        bytes.count <= 5 && bools.contains(String(decoding: bytes, as: UTF8.self))
    }

    private static func isNull(_ bytes: Bytes) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains { bytes.elementsEqual($0.utf8) }
    }

    // MARK: - Characters

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isDigitOrUnderscore(_ byte: UInt8) -> Bool { isDigit(byte) || byte == 0x5F }
    private static func isSign(_ byte: UInt8?) -> Bool { byte == 0x2B || byte == 0x2D }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func withoutSign(_ bytes: Bytes) -> Bytes {
        isSign(bytes.first) ? bytes.dropFirst() : bytes
    }

    /// `bytes` after `prefix`, or `nil` when it does not start so.
    private static func after(_ prefix: String, in bytes: Bytes) -> Bytes? {
        bytes.starts(with: prefix.utf8) ? bytes.dropFirst(prefix.utf8.count) : nil
    }

    // MARK: - int

    /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+ |
    /// [-+]?[1-9][0-9_]*(:[0-5]?[0-9])+`
    private static func isInt(_ bytes: Bytes) -> Bool {
        let rest = withoutSign(bytes)
        if let binary = after("0b", in: rest), !binary.isEmpty,
            binary.allSatisfy({ $0 == 0x30 || $0 == 0x31 || $0 == 0x5F })
        {
            return true
        }
        if var octal = after("0", in: rest) {
            if octal.first == UInt8(ascii: "o") { octal = octal.dropFirst() }
            if !octal.isEmpty, octal.allSatisfy({ (0x30...0x37).contains($0) || $0 == 0x5F }) { return true }
            if octal.isEmpty, rest.count == 1 { return true }  // "0"
        }
        if let first = rest.first, (0x31...0x39).contains(first), rest.dropFirst().allSatisfy(isDigitOrUnderscore) {
            return true
        }
        if let hex = after("0x", in: rest), !hex.isEmpty, hex.allSatisfy({ isHexDigit($0) || $0 == 0x5F }) {
            return true
        }
        if let first = rest.first, (0x31...0x39).contains(first) { return isSexagesimal(rest) }
        return false
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// `[0-9][0-9_]*(:[0-5]?[0-9])+` (the caller checks the first digit when it may not be 0).
    private static func isSexagesimal(_ bytes: Bytes) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count >= 2, let head = parts.first, let first = head.first, isDigit(first),
            head.dropFirst().allSatisfy(isDigitOrUnderscore)
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            switch part.count {
            case 1: isDigit(part[part.startIndex])
            case 2: (0x30...0x35).contains(part[part.startIndex]) && isDigit(part[part.startIndex + 1])
            default: false
            }
        }
    }

    // MARK: - float

    /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)? | \.[0-9_]+([eE][-+][0-9]+)? |
    /// [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(inf|Inf|INF) | \.(nan|NaN|NAN)`
    private static func isFloat(_ bytes: Bytes) -> Bool {
        let rest = withoutSign(bytes)
        if isDecimal(rest) { return true }
        if let fraction = after(".", in: bytes), isFraction(fraction) { return true }
        if let point = rest.firstIndex(of: UInt8(ascii: ".")), isSexagesimal(rest[..<point]),
            rest[(point + 1)...].allSatisfy(isDigitOrUnderscore)
        {
            return true
        }
        if let infinity = after(".", in: rest),
            ["inf", "Inf", "INF"].contains(where: { infinity.elementsEqual($0.utf8) })
        {
            return true
        }
        if let nan = after(".", in: bytes), ["nan", "NaN", "NAN"].contains(where: { nan.elementsEqual($0.utf8) }) {
            return true
        }
        return false
    }

    /// `[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?`
    private static func isDecimal(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, isDigit(first) else { return false }
        var rest = bytes.dropFirst().drop(while: isDigitOrUnderscore)
        if rest.first == UInt8(ascii: ".") { rest = rest.dropFirst().drop(while: isDigitOrUnderscore) }
        return rest.isEmpty || isExponent(rest, signRequired: false)
    }

    /// `[0-9_]+([eE][-+][0-9]+)?` (after a leading point)
    private static func isFraction(_ bytes: Bytes) -> Bool {
        let rest = bytes.drop(while: isDigitOrUnderscore)
        guard rest.count < bytes.count else { return false }
        return rest.isEmpty || isExponent(rest, signRequired: true)
    }

    /// `[eE][-+]?[0-9]+`, the sign required when `signRequired`.
    private static func isExponent(_ bytes: Bytes, signRequired: Bool) -> Bool {
        guard bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") else { return false }
        var digits = bytes.dropFirst()
        if isSign(digits.first) {
            digits = digits.dropFirst()
        } else if signRequired {
            return false
        }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    // MARK: - timestamp

    /// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or `[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?
    /// ([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?`
    private static func isTimestamp(_ bytes: Bytes) -> Bool {
        var rest = bytes
        func digits(_ range: ClosedRange<Int>) -> Bool {
            let count = rest.prefix(while: isDigit).count
            guard count >= range.lowerBound else { return false }
            rest = rest.dropFirst(min(count, range.upperBound))  // a digit more fails at what follows
            return true
        }
        func take(_ byte: Character) -> Bool {
            guard let ascii = byte.asciiValue, rest.first == ascii else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard digits(4...4), take("-"), digits(1...2), take("-"), digits(1...2) else { return false }
        if rest.isEmpty { return bytes.count == 10 }  // the date alone: two digits each
        if take("T") || take("t") {
        } else {
            guard let first = rest.first, isBlank(first) else { return false }
            rest = rest.drop(while: isBlank)
        }
        guard digits(1...2), take(":"), digits(2...2), take(":"), digits(2...2) else { return false }
        if take(".") { rest = rest.drop(while: isDigit) }
        if rest.isEmpty { return true }
        rest = rest.drop(while: isBlank)
        if take("Z") { return rest.isEmpty }
        guard isSign(rest.first) else { return false }
        rest = rest.dropFirst()
        guard digits(1...2) else { return false }
        if take(":") { guard digits(2...2) else { return false } }
        return rest.isEmpty
    }
}
