import ProviderTesting
import ServiceBus
import Testing
import Yams

/// `YAMLScalarTypes` decides a plain scalar's type in code; Yams' `Resolver.default` decides it
/// with regular expressions. These hold the two to the same answer for every scalar tried.
@Suite("YAML scalar types")
struct YAMLScalarTypesTests {
    /// What Yams' default resolver says `text` is, as a plain scalar.
    static func yams(_ text: String) -> Yams.Tag.Name {
        Resolver.default.resolveTag(of: Node(text))
    }

    /// Scalars at each rule's edges, with the type each is.
    static let table: [(String, Yams.Tag.Name)] = [
        // null
        ("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null), ("nULL", .str),
        ("\n", .null), ("\r\n", .null), ("\u{2029}", .null), ("\n\n", .str), (" ", .str),
        // bool
        ("true", .bool), ("True", .bool), ("TRUE", .bool), ("tRUE", .str), ("yes", .bool), ("No", .bool),
        ("on", .bool), ("OFF", .bool), ("y", .str), ("n", .str), ("truee", .str), ("true\n", .bool),
        ("true\r\n", .bool), ("true\r", .bool), ("true\u{85}", .bool), ("true\u{2028}", .bool), ("true\u{0B}", .bool),
        ("true\u{0C}", .bool), ("true\n\n", .str), ("true\n\r", .str), (" true", .str), ("true ", .str),
        // int
        ("0", .int), ("-0", .int), ("+0", .int), ("7", .int), ("-19", .int), ("1_000", .int), ("1__", .int),
        ("0b1010", .int), ("-0b1_0", .int), ("0b", .str), ("0b2", .str), ("0o17", .int), ("0o", .str),
        ("0o8", .str), ("017", .int), ("0_", .int), ("00", .int), ("08", .float), ("0x1F", .int),
        ("0xaf_", .int), ("0x", .str), ("0xg", .str), ("0X1F", .str), ("190:20:30", .int), ("1:2", .int),
        ("1:60", .str), ("1:59", .int), ("1:5:", .str), ("0:30", .str), ("-1:30", .int), ("1:123", .str),
        ("1:", .str), ("12\n", .int), ("--1", .str), ("+", .str), ("-", .str), ("_1", .str),
        ("99999999999999999999999", .int),
        // float
        ("1.5", .float), ("-1.5", .float), ("1.", .float), ("1e5", .float), ("1E+5", .float), ("1e-5", .float),
        ("1.5e3", .float), ("1e", .str), ("1e+", .str), ("1.e5", .float), ("1_0.0_1", .float), (".5", .float),
        ("._", .float), (".", .str), ("-.5", .str), (".5e+3", .float), (".5e3", .str), (".5e", .str),
        ("190:20:30.15", .float), ("0:30.5", .float), ("1:60.5", .str), ("1:30.", .float), ("1:30.x", .str),
        (".inf", .float), ("-.inf", .float), ("+.Inf", .float), (".INF", .float), (".iNF", .str),
        (".nan", .float), (".NaN", .float), ("-.nan", .str), (".NAN", .float), ("inf", .str), ("nan", .str),
        ("1e400", .float), ("1.5.5", .str), ("1,5", .str),
        // merge, value
        ("<<", .merge), ("<", .str), ("<<<", .str), ("=", .value), ("==", .str),
        // timestamp
        ("2001-12-14", .timestamp), ("2001-1-14", .str), ("2001-12-1", .str), ("201-12-14", .str),
        ("2001-12-14t21:59:43.10-05:00", .timestamp), ("2001-12-14T21:59:43Z", .timestamp),
        ("2001-12-14 21:59:43.10 -5", .timestamp), ("2001-12-14 \t 21:59:43", .timestamp),
        ("2001-1-1T1:59:43", .timestamp), ("2001-1-1T1:59:43.", .timestamp), ("2001-12-14T21:59:43 Z", .timestamp),
        ("2001-12-14T21:59:43+0530", .str), ("2001-12-14T21:59:43+05:3", .str), ("2001-12-14T21:59:43 ", .str),
        ("2001-12-14T 21:59:43", .str), ("2001-12-14T21:5:43", .str), ("2001-12-14T21:59:4", .str),
        ("2001-12-14T21:59:43Z ", .str), ("2001-12-14T21:59:43ZZ", .str), ("2001-12-14T121:59:43", .str),
        ("2001-12-14T21:59:43+5", .timestamp), ("2001-12-14T21:59:43-05:00\n", .timestamp),
        ("2001-123-14T21:59:43", .str), ("20011-12-14", .str),
        // text
        ("harbor", .str), ("Samples", .str), ("${HOME}/Pictures", .str), ("１２", .str), ("١", .str),
        ("yes!", .str), ("é", .str),
    ]

    @Test("every scalar of the table has the type Yams' default resolver gives it, and the one the table says")
    func table() {
        for (text, expected) in Self.table {
            #expect(YAMLScalarTypes.name(of: text) == Self.yams(text), "\(text.debugDescription)")
            #expect(YAMLScalarTypes.name(of: text) == expected, "\(text.debugDescription)")
        }
    }

    /// Pieces the rules are made of: scalars glued from them land near every rule's edges.
    static let pieces = [
        "0", "1", "5", "6", "7", "9", "12", "2001", "-", "+", "_", ".", ":", "e", "E", "b", "o", "x", "a", "F",
        "T", "t", "Z", " ", "\t", "\n", "\r", "\u{85}", "inf", "Inf", "nan", "NaN", "~", "<", "=", "null", "true",
        "on", "O", "-05:00", "2001-12-14", "59",
    ]

    @Test("30,000 scalars glued from the rules' pieces have the type Yams' default resolver gives them")
    func generated() {
        var random = SplitMix(seed: 40)
        var disagreements: [String] = []
        for _ in 0..<30_000 {
            let count = Int(random.next() % 6) + 1
            let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            if YAMLScalarTypes.name(of: text) != Self.yams(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map(\.debugDescription))")
    }

    @Test("a composed file's plain values are typed as Yams types them; quoted ones and keys are text")
    func composed() throws {
        let yaml = "a: 1\nb: '1'\n2: .inf\nc: [true, \"true\", ~, !!str 5]\nd: {e: 2001-12-14}\nf:\n"
        let ours = try #require(try YAMLScalarTypes.compose(yaml: yaml))
        let theirs = try #require(try Yams.compose(yaml: yaml))
        func tags(_ node: Node) -> [String] {
            switch node {
            case .scalar: [node.tag.description]
            case .mapping(let mapping): mapping.flatMap { tags($1) }
            case .sequence(let sequence): sequence.flatMap(tags)
            case .alias: []
            }
        }
        #expect(tags(ours) == tags(theirs))
        #expect(
            tags(ours) == [
                "tag:yaml.org,2002:int", "tag:yaml.org,2002:str", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                "tag:yaml.org,2002:str", "tag:yaml.org,2002:null", "tag:yaml.org,2002:str",
                "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:null",
            ])
        #expect(ours.mapping?.keys.map(\.tag.rawValue) == Array(repeating: Yams.Tag.Name.str.rawValue, count: 6))
        #expect(ours["a"]?.int == 1 && ours["2"]?.float == .infinity && ours["c"]?[0]?.bool == true)
    }
}
