import Foundation
import ProviderKit
import Testing

@Suite("Licence catalogue")
struct LicenseCatalogTests {
    @Test("every Creative Commons licence of every version has its SPDX id, name, deed URL and facts")
    func creativeCommonsFamily() throws {
        for version in ["1.0", "2.0", "2.5", "3.0", "4.0"] {
            for code in ["by", "by-sa", "by-nd", "by-nc", "by-nc-sa", "by-nc-nd"] {
                let license = try #require(LicenseCatalog.creativeCommons(code: code, version: version))
                #expect(license.id == "CC-\(code.uppercased())-\(version)")
                #expect(license.name == "CC \(code.uppercased()) \(version)")
                #expect(license.allowsCommercialUse == !code.contains("nc"))
                #expect(license.allowsModification == !code.contains("nd"))
                #expect(license.requiresAttribution == true)
                #expect(LicenseCatalog.license(id: license.id) == license)
                #expect(LicenseCatalog.license(url: try #require(license.url)) == license)
            }
        }
        #expect(
            LicenseCatalog.creativeCommons(code: "by", version: "2.0")?.url
                == URL(string: "https://creativecommons.org/licenses/by/2.0/"))
        #expect(
            LicenseCatalog.creativeCommons(code: "by-nc-nd", version: "1.0")?.url
                == URL(string: "https://creativecommons.org/licenses/by-nd-nc/1.0/"))
        #expect(LicenseCatalog.all.count == 8 + 30)
    }

    @Test("public-domain and stock licences allow commercial use and modification without credit")
    func freeLicences() {
        for license in [
            LicenseCatalog.cc0, LicenseCatalog.publicDomainMark, LicenseCatalog.usGovernmentWork,
            LicenseCatalog.unsplash, LicenseCatalog.pexels, LicenseCatalog.pixabay,
        ] {
            #expect(license.allowsCommercialUse == true, "\(license.id)")
            #expect(license.allowsModification == true, "\(license.id)")
            #expect(license.requiresAttribution == false, "\(license.id)")
        }
        #expect(LicenseCatalog.allRightsReserved.allowsCommercialUse == false)
        #expect(LicenseCatalog.allRightsReserved.allowsModification == false)
    }

    @Test("unknown is never guessed: id unknown, every fact nil")
    func unknownHasNoFacts() {
        let unknown = LicenseCatalog.unknown
        #expect(unknown.id == "unknown")
        #expect(unknown.allowsCommercialUse == nil)
        #expect(unknown.allowsModification == nil)
        #expect(unknown.requiresAttribution == nil)
        #expect(LicenseCatalog.license(id: "unknown") == nil)
    }

    @Test("Openverse codes and versions: cc0, pdm, the CC family; unknown codes and versions are nil")
    func openverseCodes() {
        #expect(LicenseCatalog.creativeCommons(code: "cc0", version: "1.0") == LicenseCatalog.cc0)
        #expect(LicenseCatalog.creativeCommons(code: "pdm", version: "1.0") == LicenseCatalog.publicDomainMark)
        #expect(LicenseCatalog.creativeCommons(code: "BY-SA", version: "4.0")?.id == "CC-BY-SA-4.0")
        #expect(LicenseCatalog.creativeCommons(code: "sampling+", version: "1.0") == nil)
        #expect(LicenseCatalog.creativeCommons(code: "by", version: "5.0") == nil)
        #expect(LicenseCatalog.creativeCommons(code: "by", version: nil) == nil)
        #expect(LicenseCatalog.creativeCommons(code: "cc0", version: "2.0") == nil)
    }

    @Test(
        "short names as written map to the catalogue",
        arguments: [
            ("CC BY-SA 4.0", "CC-BY-SA-4.0"), ("CC-BY-SA-4.0", "CC-BY-SA-4.0"), ("cc by 2.0", "CC-BY-2.0"),
            ("CC BY-NC-ND 2.5", "CC-BY-NC-ND-2.5"), ("CC0", "CC0-1.0"), ("CC0 1.0", "CC0-1.0"),
            ("Public domain", "PDM-1.0"), ("Public Domain Mark 1.0", "PDM-1.0"), ("PDM-1.0", "PDM-1.0"),
            ("All Rights Reserved", "all-rights-reserved"), ("No known copyright restrictions", "no-known-copyright"),
            ("United States Government Work", "us-gov-work"), ("Unsplash License", "unsplash"),
            ("Pexels License", "pexels"), ("Pixabay Content License", "pixabay"),
        ])
    func shortNames(name: String, id: String) {
        #expect(LicenseCatalog.license(named: name)?.id == id)
    }

    @Test("every licence's id, in any case and spelt with spaces or underscores, names that licence")
    func everyIDIsAName() {
        for licence in LicenseCatalog.all {
            #expect(LicenseCatalog.license(named: licence.id) == licence, "\(licence.id)")
            #expect(LicenseCatalog.license(named: licence.id.uppercased()) == licence, "\(licence.id)")
            let spaced = licence.id.replacingOccurrences(of: "-", with: " ")
            #expect(LicenseCatalog.license(named: spaced) == licence, "\(spaced)")
            let underscored = licence.id.replacingOccurrences(of: "-", with: "_")
            #expect(LicenseCatalog.license(named: underscored) == licence, "\(underscored)")
        }
        #expect(LicenseCatalog.all.count == 38)
    }

    @Test(
        "names not in the catalogue are nil",
        arguments: [
            "", "GFDL", "CC BY-SA 3.0 de", "CC BY", "Attribution", "© 2020 Jane Doe", "cc by-sa 9.9",
        ])
    func unknownNames(name: String) {
        #expect(LicenseCatalog.license(named: name) == nil)
    }

    @Test("licence URLs: deeds, legal code, http and www, the stock sites; ported and foreign URLs are nil")
    func urls() throws {
        func lookup(_ text: String) throws -> String? {
            LicenseCatalog.license(url: try #require(URL(string: text)))?.id
        }
        #expect(try lookup("https://creativecommons.org/licenses/by/2.0/") == "CC-BY-2.0")
        #expect(try lookup("http://creativecommons.org/licenses/by-sa/4.0") == "CC-BY-SA-4.0")
        #expect(try lookup("https://creativecommons.org/licenses/by-nc/3.0/legalcode") == "CC-BY-NC-3.0")
        #expect(try lookup("https://creativecommons.org/licenses/by/4.0/deed.de") == "CC-BY-4.0")
        #expect(try lookup("https://www.creativecommons.org/publicdomain/zero/1.0/") == "CC0-1.0")
        #expect(try lookup("https://creativecommons.org/publicdomain/mark/1.0/") == "PDM-1.0")
        #expect(try lookup("https://unsplash.com/license") == "unsplash")
        #expect(try lookup("https://www.pexels.com/license/") == "pexels")
        #expect(try lookup("https://creativecommons.org/licenses/by-sa/3.0/de/") == nil)
        #expect(try lookup("https://example.com/licenses/by/2.0/") == nil)
    }

    @Test("resolve prefers the URL, then the name, else keeps the name as written under unknown")
    func resolve() {
        let url = URL(string: "https://creativecommons.org/licenses/by/2.0/")
        #expect(LicenseCatalog.resolve(name: "whatever", url: url)?.id == "CC-BY-2.0")
        #expect(LicenseCatalog.resolve(name: "CC BY-SA 4.0", url: nil)?.id == "CC-BY-SA-4.0")
        #expect(LicenseCatalog.resolve(name: "GFDL", url: nil) == License(name: "GFDL"))
        #expect(
            LicenseCatalog.resolve(name: " https://creativecommons.org/licenses/by-nd/3.0/ ", url: nil)?.id
                == "CC-BY-ND-3.0")
        #expect(LicenseCatalog.resolve(name: "  ", url: nil) == nil)
        #expect(LicenseCatalog.resolve(name: nil, url: nil) == nil)
    }
}
