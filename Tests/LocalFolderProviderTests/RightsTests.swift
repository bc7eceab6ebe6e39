import Foundation
import LocalFolderProvider
import ProviderKit
import ProviderTesting
import Testing

/// Local files' rights statements (XMP dc:rights, xmpRights:UsageTerms, cc:license,
/// xmpRights:WebStatement, xmpRights:Marked; IPTC CopyrightNotice; EXIF Copyright), as exiftool
/// writes them (Corpus/rights), mapped to the licence vocabulary and filtered on.
@Suite("Local folder: licences from the files' rights statements")
struct RightsTests {
    static let folder = ExiftoolComparisonTests.corpus.appendingPathComponent("rights")

    func license(_ name: String) throws -> License? {
        try ImageInspector.inspect(Self.folder.appendingPathComponent(name + ".jpg")).rights.license
    }

    @Test("a Creative Commons URL in cc:license or the web statement maps to its licence")
    func urls() throws {
        #expect(try license("cc-license-url")?.id == "CC-BY-2.0")
        #expect(try license("web-statement")?.id == "CC0-1.0")
    }

    @Test("a licence named in the usage terms or the rights, whole or in a sentence, maps to its licence")
    func names() throws {
        #expect(try license("usage-terms-name")?.id == "CC-BY-SA-4.0")
        #expect(try license("rights-cc0")?.id == "CC0-1.0")
    }

    @Test("any other statement is an unknown licence named by its text, never a guess")
    func unknown() throws {
        let notice = try #require(try license("iptc-copyright"))
        #expect(notice.id == "unknown")
        #expect(notice.name == "© 2020 Jo Bloggs. All rights reserved.")
        #expect(try license("exif-copyright")?.name == "Jo Bloggs")
        #expect(try license("marked-only")?.id == "unknown")
        let none = try ImageInspector.inspect(PhotoFolder.plainJPEG).rights
        #expect(none.license == nil)
    }

    @Test("local photos carry their licence and the attribution line it asks for; the index keeps both")
    func photos() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for name in ["cc-license-url", "iptc-copyright", "rights-cc0"] {
            try folder.write(name + ".jpg", Data(contentsOf: Self.folder.appendingPathComponent(name + ".jpg")))
        }
        for _ in 0..<2 {  // the first search reads the files, the second the index
            let photos = try await popular(folder)
            let byLicense = try #require(photos.first { $0.id == "cc-license-url.jpg" })
            #expect(byLicense.license?.id == "CC-BY-2.0")
            // Its title and author, never its path (issue 36).
            #expect(byLicense.attribution?.hasPrefix("“Harbour” by Ana Lopez is licensed under CC BY 2.0") == true)
            #expect(byLicense.attribution?.contains("file:") == false)
            #expect(byLicense.attribution?.contains(folder.url.path) == false)
            #expect(photos.first { $0.id == "rights-cc0.jpg" }?.attribution == nil)
            #expect(photos.first { $0.id == "iptc-copyright.jpg" }?.license?.id == "unknown")
        }
    }

    @Test("a licence filter on the local folder uses the files' licences; unknown ones do not pass")
    func filter() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for name in ["cc-license-url", "iptc-copyright", "rights-cc0", "usage-terms-name"] {
            try folder.write(name + ".jpg", Data(contentsOf: Self.folder.appendingPathComponent(name + ".jpg")))
        }
        try folder.copyPlain(to: "no-rights.jpg")
        let cc0 = try await popular(folder, filters: SearchFilters(licenses: ["CC0-1.0"]))
        #expect(cc0.map(\.id) == ["rights-cc0.jpg"])
        let commercial = try await popular(folder, filters: SearchFilters(licenseGroups: [.commercial]))
        #expect(Set(commercial.map(\.id)) == ["rights-cc0.jpg", "cc-license-url.jpg", "usage-terms-name.jpg"])
    }

    func popular(_ folder: PhotoFolder, filters: SearchFilters = SearchFilters()) async throws -> [Photo] {
        let provider = try LocalFolderFactory().makeProvider(
            name: "local", options: .init(path: folder.url.path), context: folder.context())
        return try await ProviderConformance.collect(provider, SearchRequest(.popular, limit: 10, filters: filters))
    }
}
