import Foundation
import ProviderKit
import Testing

@testable import CommonsProvider

@Suite("Commons licences from extmetadata")
struct CommonsLicenseTests {
    private func license(_ fields: [String: String]) throws -> License? {
        let wrapped = fields.mapValues { ["value": $0] }
        let meta = try JSONDecoder().decode(CommonsMetadata.self, from: JSONEncoder().encode(wrapped))
        return CommonsPhotoMapping.license(meta)
    }

    @Test("the licence URL decides first, then LicenseShortName, then UsageTerms")
    func sources() throws {
        #expect(
            try license(["LicenseShortName": "whatever", "LicenseUrl": "//creativecommons.org/licenses/by/2.0/"])?.id
                == "CC-BY-2.0")
        #expect(try license(["LicenseShortName": "CC BY-SA 3.0"])?.id == "CC-BY-SA-3.0")
        #expect(try license(["LicenseShortName": "<span>CC0</span>"])?.id == "CC0-1.0")
        #expect(try license(["LicenseShortName": "Public domain"])?.id == "PDM-1.0")
        #expect(
            try license([
                "UsageTerms": "Creative Commons Attribution-Share Alike 4.0", "LicenseShortName": "CC BY-SA 4.0",
            ])?
            .id == "CC-BY-SA-4.0")
    }

    @Test("a licence the catalogue lacks is unknown, keeping Commons' name and URL")
    func unknownLicences() throws {
        let gfdl = try license(["LicenseShortName": "GFDL", "LicenseUrl": "https://www.gnu.org/copyleft/fdl.html"])
        #expect(gfdl == License(name: "GFDL", url: URL(string: "https://www.gnu.org/copyleft/fdl.html")))
        let ported = try license([
            "LicenseShortName": "CC BY-SA 3.0 de", "LicenseUrl": "https://creativecommons.org/licenses/by-sa/3.0/de/",
        ])
        #expect(ported?.id == "unknown" && ported?.name == "CC BY-SA 3.0 de")
        #expect(try license([:]) == nil)
        let stated = try license(["LicenseShortName": "GFDL", "AttributionRequired": "true"])
        #expect(stated == License(name: "GFDL", requiresAttribution: true))  // Commons says so; the rest stays unknown
    }
}
