import Foundation

/// Folds text for matching: lower case, no diacritics, split into words.
enum TextFolding {
    /// "Café-Nöel_2024" → ["cafe", "noel", "2024"].
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }
}
