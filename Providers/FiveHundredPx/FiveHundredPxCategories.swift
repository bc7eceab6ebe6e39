import Foundation
import ProviderKit

/// 500px's category ids and names (the API sends ids and takes names in `exclude`).
enum FiveHundredPxCategories {
    static let names: [Int: String] = [
        0: "Uncategorized", 1: "Celebrities", 2: "Film", 3: "Journalism", 4: "Nude", 5: "Black and White",
        6: "Still Life", 7: "People", 8: "Landscapes", 9: "City and Architecture", 10: "Abstract", 11: "Animals",
        12: "Macro", 13: "Travel", 14: "Fashion", 15: "Commercial", 16: "Concert", 17: "Sport", 18: "Nature",
        19: "Performing Arts", 20: "Family", 21: "Street", 22: "Underwater", 23: "Food", 24: "Fine Art",
        25: "Wedding", 26: "Transportation", 27: "Urban Exploration", 29: "Aerial", 30: "Night",
    ]

    /// The id of the category called `name`, ignoring case.
    static func id(named name: String) -> Int? {
        names.first { $0.value.caseInsensitiveCompare(name) == .orderedSame }?.key
    }
}

/// 500px's image size ids: which size class each is, and its pixel box when fixed.
enum FiveHundredPxSizes {
    struct Size {
        let size: ImageSize
        let square: Int?
    }

    static let all: [Int: Size] = [
        1: Size(size: .thumbnail, square: 70), 2: Size(size: .thumbnail, square: 140),
        3: Size(size: .thumbnail, square: 280), 100: Size(size: .thumbnail, square: 100),
        200: Size(size: .thumbnail, square: 200), 440: Size(size: .thumbnail, square: 440),
        600: Size(size: .small, square: 600), 20: Size(size: .small, square: nil), 30: Size(size: .small, square: nil),
        21: Size(size: .medium, square: nil), 31: Size(size: .medium, square: nil),
        4: Size(size: .large, square: nil), 5: Size(size: .large, square: nil), 6: Size(size: .large, square: nil),
        1080: Size(size: .large, square: nil), 1600: Size(size: .large, square: nil),
        2048: Size(size: .large, square: nil),
    ]

    static var ids: String { all.keys.sorted().map(String.init).joinedText(separator: ", ") }
}
