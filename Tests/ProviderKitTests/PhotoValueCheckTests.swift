import Foundation
import ProviderKit
import Testing

@Suite("Impossible values in a provider's photos")
struct PhotoValueCheckTests {
    @Test("a photo whose id is empty or white space is dropped", arguments: ["", " ", "\t\n"])
    func blankIDs(id: String) {
        let (photo, problems) = Photo(provider: "p", id: id).withoutImpossibleValues()
        #expect(photo == nil && problems == ["a photo without an id was dropped"])
    }

    @Test("impossible sizes, counts, ratings and positions become unknown; possible ones stay")
    func impossibleFields() throws {
        let url = try #require(URL(string: "https://e.org/a.jpg"))
        let hostile = Photo(
            provider: "p", id: "a", images: [PhotoImage(size: .large, url: url, width: 0, height: 480)],
            width: Int.min, height: 2_000_000,
            popularity: Popularity(views: -1, rating: .nan, favorites: -3),
            location: GeoLocation(latitude: .infinity, longitude: 10))
        let (checked, problems) = hostile.withoutImpossibleValues()
        let photo = try #require(checked)
        #expect(photo.width == nil && photo.height == nil)
        #expect(photo.images.first?.width == nil && photo.images.first?.height == 480)
        #expect(photo.popularity == Popularity())
        #expect(photo.location == nil)
        #expect(problems.count == 7)
        #expect(problems.first == #"photo "a": width -9223372036854775808 is impossible; taken as unknown"#)
        // A long id is described, never cut: a cut could end inside a key the source echoed into it.
        let long = Photo(provider: "p", id: String(repeating: "x", count: 30) + "api_key=SECRETKEY123", width: 0)
        #expect(
            long.withoutImpossibleValues().problems == ["photo \"\(long.id)\": width 0 is impossible; taken as unknown"]
        )
        let longer = Photo(provider: "p", id: String(repeating: "x", count: 60) + "api_key=SECRETKEY123", width: 0)
        #expect(
            longer.withoutImpossibleValues().problems == [
                "photo with an id of 80 characters: width 0 is impossible; taken as unknown"
            ])
        let fine = Photo(
            provider: "p", id: "b", width: 1, height: 1_000_000, popularity: Popularity(views: 0, rating: -1),
            location: GeoLocation(latitude: -90, longitude: 180))
        #expect(fine.withoutImpossibleValues().photo == fine && fine.withoutImpossibleValues().problems.isEmpty)
    }

    @Test("links that are not http or https are removed, except a local file's own")
    func webLinksOnly() throws {
        let web = try #require(URL(string: "https://e.org/a.jpg"))
        let file = try #require(URL(string: "file:///proc/self/environ"))
        let hostile = Photo(
            provider: "p", id: "a", authorURL: URL(string: "javascript:alert(1)"), pageURL: file,
            images: [PhotoImage(size: .large, url: file), PhotoImage(size: .thumbnail, url: web)],
            downloadTrackingURL: URL(string: "ftp://e.org/x"))
        let checked = hostile.withWebLinksOnly()
        #expect(checked.pageURL == nil && checked.authorURL == nil && checked.downloadTrackingURL == nil)
        #expect(checked.images.map(\.url) == [web])
        let local = Photo(
            provider: "samples", id: "a.jpg", pageURL: file, images: [PhotoImage(size: .original, url: file)],
            filePath: "/x/a.jpg")
        #expect(local.withWebLinksOnly() == local)
    }
}
