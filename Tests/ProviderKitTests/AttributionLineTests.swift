import Foundation
import ProviderKit
import Testing

@Suite("Attribution lines")
struct AttributionLineTests {
    private func photo(
        title: String? = "Harbor", author: String? = "Jane Doe", license: License?
    ) -> Photo {
        Photo(
            provider: "p", id: "1", title: title, author: author, authorURL: URL(string: "https://e.org/jane"),
            pageURL: URL(string: "https://e.org/photo/1"), license: license
        ).attributed()
    }

    @Test("Creative Commons: “Title” by Author is licensed under CC BY 2.0, links in parentheses")
    func creativeCommons() {
        let licence = LicenseCatalog.creativeCommons(code: "by", version: "2.0")
        #expect(
            photo(license: licence).attribution
                == "“Harbor” (https://e.org/photo/1) by Jane Doe (https://e.org/jane) is licensed under CC BY 2.0"
                + " (https://creativecommons.org/licenses/by/2.0/)")
        #expect(
            photo(title: nil, author: nil, license: licence).attribution
                == "Photo (https://e.org/photo/1) is licensed under CC BY 2.0 (https://creativecommons.org/licenses/by/2.0/)"
        )
    }

    @Test("a source's credit is added when it says more than the author")
    func credit() {
        let base = Photo(
            provider: "p", id: "1", title: "T", author: "A", license: LicenseCatalog.license(id: "CC-BY-SA-4.0"))
        #expect(base.attributed(credit: "Own work").attribution?.hasSuffix(". Source: Own work") == true)
        #expect(base.attributed(credit: "A").attribution?.contains("Source") == false)
    }

    @Test("a licence outside the catalogue whose source says credit is required gets the same form")
    func statedRequirement() {
        let gfdl = License(
            name: "GFDL", url: URL(string: "https://www.gnu.org/copyleft/fdl.html"), requiresAttribution: true)
        #expect(
            photo(license: gfdl).attribution
                == "“Harbor” (https://e.org/photo/1) by Jane Doe (https://e.org/jane) is licensed under GFDL"
                + " (https://www.gnu.org/copyleft/fdl.html)")
    }

    @Test("the stock sites' own forms")
    func stock() {
        #expect(photo(license: LicenseCatalog.unsplash).attribution == "Photo by Jane Doe on Unsplash")
        #expect(photo(license: LicenseCatalog.pexels).attribution == "Photo by Jane Doe on Pexels")
        #expect(photo(license: LicenseCatalog.pixabay).attribution == "Image by Jane Doe from Pixabay")
        #expect(photo(author: nil, license: LicenseCatalog.unsplash).attribution == nil)
    }

    @Test("no line where none is needed or the licence is unknown")
    func none() {
        for licence in [
            LicenseCatalog.cc0, LicenseCatalog.publicDomainMark, LicenseCatalog.usGovernmentWork,
            LicenseCatalog.noKnownCopyright, LicenseCatalog.allRightsReserved, LicenseCatalog.unknown,
            License(name: "GFDL"),
        ] {
            #expect(photo(license: licence).attribution == nil, "\(licence.id)")
        }
        #expect(photo(license: nil).attribution == nil)
    }
}
