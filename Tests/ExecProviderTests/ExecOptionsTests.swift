import Foundation
import ProviderKit
import Testing

@testable import ExecProvider

/// The free-form options of an `exec` instance: only what JSON can carry, and only so much of it.
@Suite("Exec options")
struct ExecOptionsTests {
    func decode(_ json: String) throws -> ExecFactory.Options {
        try JSONDecoder().decode(ExecFactory.Options.self, from: Data(json.utf8))
    }

    @Test("options are passed through with whole numbers exact")
    func passThrough() throws {
        let options = try decode(#"{"command":["x"],"n":9007199254740993,"f":0.5,"list":[true,null,"t"],"o":{"k":1}}"#)
        #expect(options.command == ["x"])
        #expect(
            options.passThrough == [
                "n": .int(9_007_199_254_740_993), "f": .double(0.5),
                "list": .array([.bool(true), .null, .string("t")]),
                "o": .object([("k", .int(1))]),
            ])
    }

    @Test("more values than the limit, across all keys, is an error at the value where it is crossed")
    func valueBudget() throws {
        let half = Array(repeating: "0", count: PluginOptionValues.maximumValues / 2).joined(separator: ",")
        #expect(throws: Never.self) { try decode(#"{"command":["x"],"a":[\#(half)]}"#) }
        do {
            _ = try decode(#"{"command":["x"],"a":[\#(half)],"b":[\#(half)]}"#)
            Issue.record("accepted more than \(PluginOptionValues.maximumValues) values")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("more than 100000 values"))
            #expect(context.codingPath.count == 2)
        }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        do {
            _ = try decode(#"{"command":["x"],"deep":\#(deep)}"#)
            Issue.record("accepted 200 levels")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "is nested more than 64 levels deep")
        }
    }
}
