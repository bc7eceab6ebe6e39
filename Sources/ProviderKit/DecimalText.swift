/// Numbers with a fixed count of decimals, as `String(format: "%.4f")` writes them, without
/// Foundation's formatter: it set itself up on its first call, a tenth of a local search's table.
/// (Not C's `snprintf` either: the terminal screen sets the user's locale, which may write a comma.)
package enum DecimalText {
    /// `value` with `places` (0–9) digits after the point, rounded as `%.Nf` rounds: to the
    /// nearest of the double's exact value, half to even; a minus sign for any negative value
    /// (also one that rounds to zero).
    package static func fixed(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 9)
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let product = value.magnitude * Double(scale)
        // Beyond 2^52 (no score comes near) a double holds no fraction: Swift's own form then.
        // "nan" and "inf" as C writes them.
        guard value.isFinite, product < 4_503_599_627_370_496 else {
            return value.isNaN ? "nan" : value.isInfinite ? (value < 0 ? "-inf" : "inf") : "\(value)"
        }
        let units = UInt64(nearestInteger(to: value.magnitude, times: Double(scale)))
        let sign = value.sign == .minus ? "-" : ""
        guard places > 0 else { return sign + String(units) }
        let fraction = String(units % scale)
        return sign + String(units / scale) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// The integer nearest `value × scale` taken exactly (the product rounded to a double can
    /// land on a half the exact one is not), half to even; `scale` a power of ten up to 10^9.
    private static func nearestInteger(to value: Double, times scale: Double) -> Double {
        let product = value * scale
        let error = (-product).addingProduct(value, scale)  // exact: value × scale − product
        let floor = product.rounded(.down)
        let aboveHalf = (product - floor) - 0.5  // exact, and a multiple of the product's ulp
        let roundsUp =
            aboveHalf != 0 ? aboveHalf > 0 : error != 0 ? error > 0 : floor.truncatingRemainder(dividingBy: 2) != 0
        return roundsUp ? floor + 1 : floor
    }
}
