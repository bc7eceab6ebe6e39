import Foundation
import ProviderKit
import Testing

@testable import OpenverseProvider

@Suite("Openverse licences")
struct OpenverseLicenseTests {
    private func license(_ code: String?, _ version: String?, url: String? = nil) throws -> License? {
        var fields: [String: String] = ["id": "x"]
        fields["license"] = code
        fields["license_version"] = version
        fields["license_url"] = url
        let image = try JSONDecoder().decode(OpenverseImage.self, from: JSONEncoder().encode(fields))
        return OpenversePhotoMapping.license(image)
    }

    @Test(
        "Openverse's licence list maps into the catalogue",
        arguments: [
            ("by", "2.0", "CC-BY-2.0"), ("by-sa", "4.0", "CC-BY-SA-4.0"), ("by-nd", "3.0", "CC-BY-ND-3.0"),
            ("by-nc", "2.5", "CC-BY-NC-2.5"), ("by-nc-sa", "1.0", "CC-BY-NC-SA-1.0"),
            ("by-nc-nd", "4.0", "CC-BY-NC-ND-4.0"),
            ("cc0", "1.0", "CC0-1.0"), ("pdm", "1.0", "PDM-1.0"),
        ])
    func list(code: String, version: String, id: String) throws {
        #expect(try license(code, version) == LicenseCatalog.license(id: id))
    }

    @Test("a code the catalogue lacks is unknown, keeping Openverse's code and URL; no code is no licence")
    func unknownCodes() throws {
        let sampling = try license(
            "sampling+", "1.0", url: "https://creativecommons.org/licenses/sampling+/1.0/")
        #expect(sampling?.id == "unknown")
        #expect(sampling?.name == "sampling+ 1.0")
        #expect(sampling?.url == URL(string: "https://creativecommons.org/licenses/sampling+/1.0/"))
        #expect(sampling?.allowsCommercialUse == nil)
        #expect(try license(nil, nil) == nil)
    }
}
