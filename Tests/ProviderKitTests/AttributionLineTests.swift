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

    @Test("a local photo's credit names its title and author, never its path or file: URL (issue 36)")
    func localPhotoHasNoPath() {
        let path = "/home/ana/private/holiday/harbor-at-dusk.jpg"
        let local = Photo(
            provider: "local", id: "holiday/harbor-at-dusk.jpg", title: "Harbor at dusk", author: "Ana",
            authorURL: URL(fileURLWithPath: "/home/ana"), pageURL: URL(fileURLWithPath: path),
            license: LicenseCatalog.creativeCommons(code: "by", version: "4.0"), filePath: path
        ).attributed()
        #expect(
            local.attribution
                == "“Harbor at dusk” by Ana is licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)")
        #expect(local.attribution?.contains("file:") == false)
        #expect(local.attribution?.contains("/home/ana") == false)
    }

    @Test(
        "a page, author or licence URL that links refuse is left out of the credit line (issue 36)",
        arguments: [
            "javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "/relative/page", "page.html",
            "https:///nohost", "vbscript:x",
        ])
    func unsafeURLsAreLeftOut(_ text: String) throws {
        let unsafe = try #require(URL(string: text))
        let photo = Photo(
            provider: "p", id: "1", title: "Harbor", author: "Jane", authorURL: unsafe, pageURL: unsafe,
            license: License(name: "Odd", url: unsafe, requiresAttribution: true)
        ).attributed()
        #expect(photo.attribution == "“Harbor” by Jane is licensed under Odd")
        // The same rule the page's links follow.
        #expect(LinkRule.linkable(unsafe) == nil)
    }

    @Test("the link rule passes web addresses with a host, and file: URLs only where allowed")
    func linkRule() {
        #expect(LinkRule.linkable(URL(string: "https://example.org/p?a=1")) == "https://example.org/p?a=1")
        let file = URL(fileURLWithPath: "/photos/a b.jpg")
        #expect(LinkRule.linkable(file) == nil)
        #expect(LinkRule.linkable(file, allowingFiles: true) == "file:///photos/a%20b.jpg")
    }
}
