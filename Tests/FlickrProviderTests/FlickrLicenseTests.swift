import Foundation
import ProviderKit
import Testing

@testable import FlickrProvider

@Suite("Flickr licence ids")
struct FlickrLicenseTests {
    @Test("every Flickr licence id 0–16 maps to its catalogue licence")
    func everyID() {
        let expected = [
            0: "all-rights-reserved", 1: "CC-BY-NC-SA-2.0", 2: "CC-BY-NC-2.0", 3: "CC-BY-NC-ND-2.0", 4: "CC-BY-2.0",
            5: "CC-BY-SA-2.0", 6: "CC-BY-ND-2.0", 7: "no-known-copyright", 8: "us-gov-work", 9: "CC0-1.0",
            10: "PDM-1.0", 11: "CC-BY-4.0", 12: "CC-BY-SA-4.0", 13: "CC-BY-ND-4.0", 14: "CC-BY-NC-4.0",
            15: "CC-BY-NC-SA-4.0", 16: "CC-BY-NC-ND-4.0",
        ]
        for (id, licence) in expected {
            let mapped = FlickrLicenses.license(id: id)
            #expect(mapped.id == licence, "Flickr licence \(id)")
            #expect(mapped == LicenseCatalog.license(id: licence), "Flickr licence \(id) carries the catalogue's facts")
        }
        #expect(FlickrLicenses.all.count == 17)
    }

    @Test("an id Flickr adds later is unknown, never guessed")
    func laterID() {
        let later = FlickrLicenses.license(id: 17)
        #expect(later.id == "unknown")
        #expect(later.name == "Flickr licence 17")
        #expect(later.allowsCommercialUse == nil && later.allowsModification == nil && later.requiresAttribution == nil)
    }
}
