/// A camera's name as a person reads it, from the make and model a file or source records.
package enum CameraName {
    /// Words a make carries that name the company's form, not the camera ("NIKON CORPORATION").
    private static let companyWords: Set<String> = [
        "CORPORATION", "CORP", "COMPANY", "CO", "LTD", "COLTD", "INC", "IMAGING", "OPTICAL",
    ]

    /// "FUJIFILM X-T3" from `FUJIFILM` and `X-T3`; "NIKON D850" from `NIKON CORPORATION` and
    /// `NIKON D850` (the make is not repeated when the model already names it); the make's
    /// company words are left out before a model ("OLYMPUS E-M5" from `OLYMPUS IMAGING CORP.`);
    /// `nil` when neither is known.
    package static func from(make: String?, model: String?) -> String? {
        let make = make.map(collapsed).flatMap { $0.isEmpty ? nil : $0 }
        let model = model.map(collapsed).flatMap { $0.isEmpty ? nil : $0 }
        guard let model else { return make }
        guard let make else { return model }
        let makeWords = make.split(separator: " ").map(String.init)
        if let first = model.split(separator: " ").first.map(key), makeWords.map(key).contains(first) {
            return model
        }
        var brand = makeWords
        while brand.count > 1, let last = brand.last, companyWords.contains(key(last)) { brand.removeLast() }
        return brand.joinedText(separator: " ") + " " + model
    }

    /// Runs of white space as one space, ends trimmed.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespaceASCIIFirst).joinedText(separator: " ")
    }

    /// A word compared without letter case or punctuation ("Corp.," is `CORP`).
    private static func key(_ word: some StringProtocol) -> String {
        String(word.uppercased().filter { $0.isLetter || $0.isNumber })
    }
}
