import Testing

@testable import ServiceBus

@Suite("Environment interpolation")
struct EnvironmentInterpolationTests {
    let interpolation = EnvironmentInterpolation(environment: ["HOME": "/home/ann", "EMPTY": "", "KEY": "k-1"])

    @Test(
        "references are replaced; unset and empty variables fall back to their default",
        arguments: [
            ("plain text", "plain text", [String]()),
            ("${HOME}/photos", "/home/ann/photos", ["HOME"]),
            ("${MISSING}", "", ["MISSING"]),
            ("${MISSING:-fallback}", "fallback", ["MISSING"]),
            ("${EMPTY:-used}", "used", ["EMPTY"]),
            ("${KEY:-unused}", "k-1", ["KEY"]),
            ("a ${KEY} b ${HOME}", "a k-1 b /home/ann", ["KEY", "HOME"]),
            ("cost: $$5 and $x", "cost: $5 and $x", []),
            ("${MISSING:-}", "", ["MISSING"]),
        ])
    func replaces(input: String, expected: String, variables: [String]) throws {
        let result = try interpolation.interpolate(input)
        #expect(result.value == expected)
        #expect(result.variables == variables)
    }

    @Test("malformed references are errors that say how to write one")
    func malformed() {
        #expect(
            throws: EnvironmentInterpolation.Failure(message: "`${` is not closed; write ${NAME} or ${NAME:-default}")
        ) {
            try interpolation.interpolate("${OPEN")
        }
        #expect(
            throws: EnvironmentInterpolation.Failure(
                message: "`${1BAD}` is not a valid variable reference; names use letters, digits and _")
        ) {
            try interpolation.interpolate("${1BAD}")
        }
    }
}
