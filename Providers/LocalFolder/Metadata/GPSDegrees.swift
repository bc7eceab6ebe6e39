/// A position's degrees as a file's rationals or text add up to, tidied for people: rounded to a
/// billionth of a degree (a tenth of a millimetre), so 37°49'11.64" reads 37.8199 rather than
/// 37.819900000000004, and never a negative zero.
enum GPSDegrees {
    static func tidy(_ degrees: Double) -> Double {
        let rounded = (degrees * 1e9).rounded() / 1e9
        return rounded == 0 ? 0 : rounded
    }
}
