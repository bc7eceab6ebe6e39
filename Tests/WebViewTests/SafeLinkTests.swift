import Foundation
import ProviderKit
import SearchViewModel
import Testing

@testable import WebView

@Suite struct SafeLinkTests {
    @Test func webAddressesPass() {
        #expect(SafeLink.web(URL(string: "https://example.org/p?a=1")) == "https://example.org/p?a=1")
        #expect(SafeLink.web(URL(string: "HTTP://example.org/")) == "HTTP://example.org/")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>",
        "vbscript:x", "file:///etc/passwd", "https:///nohost", "mailto:a@b.c", "//example.org/x",
    ])
    func otherSchemesAreDropped(_ text: String) {
        #expect(SafeLink.web(URL(string: text)) == nil)
    }

    @Test func filesPassOnlyWhereAllowed() {
        let file = URL(fileURLWithPath: "/photos/a b.jpg")
        #expect(SafeLink.web(file) == nil)
        #expect(SafeLink.web(file, allowingFiles: true) == "file:///photos/a%20b.jpg")
        #expect(SafeLink.web(URL(string: "javascript:alert(1)"), allowingFiles: true) == nil)
    }
}

@Suite struct QueryParametersTests {
    @Test func decodesFormEncoding() {
        let parameters = QueryParameters("q=harbor+at%20dusk&license=cc0&q=second&empty=&bad=%zz")
        #expect(parameters["q"] == "harbor at dusk")
        #expect(parameters["license"] == "cc0")
        #expect(parameters["empty"] == "")
        #expect(parameters["bad"] == nil)
        #expect(parameters["missing"] == nil)
        #expect(QueryParameters(nil)["q"] == nil)
        // A value that does not decode is kept aside and named, never read as absent or replaced by a later one.
        #expect(parameters.malformed == ["bad": "%zz"])
        #expect(parameters.problem?.contains("bad=%zz is not valid") == true)
        let twice = QueryParameters("q=%E9&q=fog")
        #expect(twice["q"] == nil && twice.malformed == ["q": "%E9"])
        #expect(QueryParameters("q=fog").problem == nil)
    }

    @Test func readsAtMostTheCap() {
        let query = (0..<1000).map { "k\($0)=v" }.joined(separator: "&")
        let parameters = QueryParameters(query)
        #expect(parameters["k0"] == "v")
        #expect(parameters["k999"] == nil)
    }
}

@Suite struct LocalPhotoIDsTests {
    @Test func onlyIssuedIDsResolve() {
        let ids = LocalPhotoIDs()
        let a = FileSystemPath(bytes: Array("/photos/a.jpg".utf8))
        let id = ids.id(for: a)
        #expect(ids.id(for: a) == id)
        #expect(ids.id(for: FileSystemPath(bytes: Array("/photos/b.jpg".utf8))) != id)
        #expect(ids.path(for: id) == a)
        // Two names that differ only in bytes that are not UTF-8 are two files, with two ids.
        let latin1 = ids.id(for: FileSystemPath(bytes: Array("/photos/caf".utf8) + [0xE9, 0x2E, 0x6A]))
        #expect(latin1 != ids.id(for: FileSystemPath(bytes: Array("/photos/caf".utf8) + [0xE8, 0x2E, 0x6A])))
        #expect(ids.path(for: "../../etc/passwd") == nil)
        #expect(ids.path(for: "/photos/a.jpg") == nil)
        #expect(id.allSatisfy { $0.isLetter || $0.isNumber })
    }
}

@Suite struct InlineHashTests {
    @Test func hashesAsBrowsersDo() {
        // printf 'abc' | openssl dgst -sha256 -binary | base64
        #expect(InlineHash.sha256("abc") == "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    @Test func theGalleryFileAllowsOnlyItsOwnStyleAndScript() throws {
        let resources = try PageResources.load()
        let page = resources.render(GalleryPage(file: .idle, resources: resources))
        let policy = InlineHash.policy(style: resources.css, script: resources.script)
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\""))
        #expect(page.contains("<style>" + InlineHash.element(resources.css) + "</style>"))
        #expect(page.contains("<script>" + InlineHash.element(resources.script) + "</script>"))
        #expect(!policy.contains("unsafe"))
    }
}
