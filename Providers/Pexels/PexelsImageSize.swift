import Foundation

/// The pixel size of a resized Pexels image, read from the parameters its URL gives Pexels'
/// image server: `fit=crop&w=280&h=200` is exactly 280×200; `h=350` alone scales the original
/// to that height; `w=940&h=650` fits it inside that box; `dpr=2` doubles all of them.
enum PexelsImageSize {
    /// The largest side length believed; a larger value in a URL is nonsense, not a size.
    static let maximumSide = 100_000

    static func pixels(of url: URL, originalWidth: Int?, originalHeight: Int?) -> (width: Int, height: Int)? {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return nil }
        func number(_ name: String) -> Int? {
            items.last { $0.name == name }?.value.flatMap { Int($0) }.flatMap {
                (1...maximumSide).contains($0) ? $0 : nil
            }
        }
        let scale = Double(number("dpr").map { min($0, 5) } ?? 1)
        let boxWidth = number("w").map { Double($0) * scale }
        let boxHeight = number("h").map { Double($0) * scale }
        let crop = items.last { $0.name == "fit" }?.value == "crop"
        if crop, let boxWidth, let boxHeight { return whole(boxWidth, boxHeight) }
        guard let originalWidth, let originalHeight else { return nil }
        let width = Double(originalWidth)
        let height = Double(originalHeight)
        let factor: Double
        switch (boxWidth, boxHeight) {
        case (let boxWidth?, let boxHeight?): factor = min(boxWidth / width, boxHeight / height)
        case (let boxWidth?, nil): factor = boxWidth / width
        case (nil, let boxHeight?): factor = boxHeight / height
        case (nil, nil): factor = 1
        }
        return whole(width * factor, height * factor)
    }

    /// Both sides rounded, when each is a whole number of pixels in 1…``maximumSide``.
    private static func whole(_ width: Double, _ height: Double) -> (width: Int, height: Int)? {
        let range = 1.0...Double(maximumSide)
        let width = width.rounded()
        let height = height.rounded()
        guard width.isFinite, height.isFinite, range.contains(width), range.contains(height) else { return nil }
        return (Int(width), Int(height))
    }
}
