import ProviderKit
import Testing

@Suite("Camera names")
struct CameraNameTests {
    @Test(
        "make and model read as a person says them: the make once, company words left out",
        arguments: [
            ("FUJIFILM", "X-T3", "FUJIFILM X-T3"),
            ("Canon", "Canon EOS 5D Mark IV", "Canon EOS 5D Mark IV"),
            ("NIKON CORPORATION", "NIKON D850", "NIKON D850"),
            ("EASTMAN KODAK COMPANY", "KODAK DC240 ZOOM DIGITAL CAMERA", "KODAK DC240 ZOOM DIGITAL CAMERA"),
            ("OLYMPUS IMAGING CORP.", "E-M5", "OLYMPUS E-M5"),
            ("RICOH IMAGING COMPANY, LTD.", "PENTAX K-1", "RICOH PENTAX K-1"),
            ("Apple", "iPhone 12 Pro", "Apple iPhone 12 Pro"),
            ("  SONY ", "ILCE-7M3\n", "SONY ILCE-7M3"),
            ("CORPORATION", "X1", "CORPORATION X1"),
        ])
    func joined(make: String, model: String, expected: String) {
        #expect(CameraName.from(make: make, model: model) == expected)
    }

    @Test("either alone is the name; neither, or only blanks, is unknown")
    func partial() {
        #expect(CameraName.from(make: "Leica", model: nil) == "Leica")
        #expect(CameraName.from(make: nil, model: "Pixel 7") == "Pixel 7")
        #expect(CameraName.from(make: " ", model: "Pixel 7") == "Pixel 7")
        #expect(CameraName.from(make: nil, model: nil) == nil)
        #expect(CameraName.from(make: "\t", model: "") == nil)
    }
}
