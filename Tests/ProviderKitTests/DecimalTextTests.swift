import Foundation
import ProviderKit
import Testing

/// Scores and weights written as `String(format: "%.Nf")` writes them, without its formatter.
/// (Here, not beside the view-model's tests: the timed pass takes every suite of that module, and
/// 200,000 values would load the cores its margins need.)
@Suite struct DecimalTextTests {
    @Test("the same text as %.Nf for edge values", arguments: [1, 2, 4])
    func edges(places: Int) {
        let values: [Double] = [
            0, -0.0, 1, -1, 0.5, 0.25, 0.125, 2.5, 0.05, 0.00005, 0.00015, 1.0 / 61, 1.0 / 3, 2.0 / 3,
            0.99995, 0.999_949_999, 9.99995, 123_456.789_012, -0.000_01, 1e-300, 1e9, 4_503_599_627.370_496,
        ]
        for value in values {
            #expect(DecimalText.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(value)")
        }
    }

    @Test("the same text as %.Nf for 200,000 scores and weights")
    func generated() {
        var generator = SystemRandomNumberGenerator()
        for index in 0..<200_000 {
            let places = [1, 2, 4][index % 3]
            let value =
                index % 2 == 0
                ? Double.random(in: 0...2, using: &generator)
                : Double(Int.random(in: 0...40_000, using: &generator)) / 20_000  // near halves of the last digit
            let expected = String(format: "%.\(places)f", value)
            let actual = DecimalText.fixed(value, places: places)
            if actual != expected {
                Issue.record("\(value) with \(places) places: \(actual), where %.\(places)f gives \(expected)")
                return
            }
        }
    }

    @Test("not-a-number and infinities read as C writes them")
    func nonFinite() {
        #expect(DecimalText.fixed(.nan, places: 4) == "nan")
        #expect(DecimalText.fixed(.infinity, places: 4) == "inf")
        #expect(DecimalText.fixed(-.infinity, places: 1) == "-inf")
    }
}
