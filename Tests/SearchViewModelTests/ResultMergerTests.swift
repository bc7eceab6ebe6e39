import Foundation
import ProviderKit
import ProviderTesting
import SearchViewModel
import Testing

@Suite("Merging and ranking")
struct ResultMergerTests {
    @Test("score is weight / (60 + rank), and a heavier provider ranks higher at the same rank")
    func weightedFusion() {
        var merger = ResultMerger(providers: [("a", 1.0), ("b", 2.0)])
        merger.add(ScriptedProvider.photos("a", 2), from: "a")
        merger.add(ScriptedProvider.photos("b", 2), from: "b")
        let ranked = merger.ranked(limit: 10)
        #expect(ranked.map(\.photo.id) == ["b-1", "b-2", "a-1", "a-2"])
        let expected: [Double] = [2.0 / 61, 2.0 / 62, 1.0 / 61, 1.0 / 62]
        #expect(ranked.map(\.score) == expected)
    }

    @Test("rank within a provider continues across its pages")
    func ranksAcrossPages() {
        var merger = ResultMerger(providers: [("a", 1.0)])
        merger.add([Photo(provider: "a", id: "1")], from: "a")
        merger.add([Photo(provider: "a", id: "2")], from: "a")
        let expected: [Double] = [1.0 / 61, 1.0 / 62]
        #expect(merger.ranked(limit: 5).map(\.score) == expected)
    }

    @Test("equal scores are ordered by provider order in the configuration")
    func deterministicTies() {
        var merger = ResultMerger(providers: [("second", 1.0), ("first", 1.0)])
        merger.add([Photo(provider: "first", id: "x")], from: "first")
        merger.add([Photo(provider: "second", id: "y")], from: "second")
        #expect(merger.ranked(limit: 5).map(\.photo.id) == ["y", "x"])
    }

    @Test("the same page URL from two providers is one result with the richer record and both contributions")
    func deduplicatesByPageURL() {
        var merger = ResultMerger(providers: [("flickr", 1.0), ("mirror", 1.0)])
        let sparse = Photo(provider: "flickr", id: "5", pageURL: URL(string: "https://www.flickr.com/photos/ann/5/"))
        let rich = Photo(
            provider: "mirror", id: "m5", title: "Harbour", author: "Ann",
            pageURL: URL(string: "http://flickr.com/photos/ann/5#comments"), width: 4000, height: 3000)
        merger.add([Photo(provider: "flickr", id: "1"), sparse], from: "flickr")
        merger.add([rich], from: "mirror")
        let ranked = merger.ranked(limit: 10)
        #expect(ranked.count == 2)
        let merged = ranked.first { $0.photo.id == "m5" }
        #expect(merged?.photo.title == "Harbour")
        #expect(merged?.score == 1.0 / 62 + 1.0 / 61)  // flickr's rank 2 plus the mirror's rank 1
        #expect(merged?.rank == 1)  // found by both, it passes flickr's rank 1 found by one
    }

    @Test("a photo's score is the sum of one contribution per provider, each its weight over 60 + its best rank")
    func contributionsSumToScore() {
        var merger = ResultMerger(providers: [("flickr", 1.0), ("openverse", 0.5), ("local", 2.5)])
        let shared = { (provider: String, id: String) in
            Photo(provider: provider, id: id, pageURL: URL(string: "https://example.com/p/\(id)"))
        }
        // Three providers send overlapping lists; openverse sends photo 3 twice (ranks 2 and 4).
        merger.add([shared("flickr", "1"), shared("flickr", "2"), shared("flickr", "3")], from: "flickr")
        merger.add(
            [shared("openverse", "2"), shared("openverse", "3"), shared("openverse", "9"), shared("openverse", "3")],
            from: "openverse")
        merger.add([shared("local", "3"), shared("local", "1")], from: "local")
        let ranked = merger.ranked(limit: 10)
        #expect(ranked.count == 4)
        for result in ranked {
            let sum = result.explanation.reduce(0.0) { $0 + $1.value }
            #expect(abs(sum - result.score) < 1e-9)
            for part in result.explanation {
                #expect(abs(part.value - part.weight / (60 + Double(part.rank))) < 1e-12)
            }
        }
        let three = ranked.first { $0.photo.pageURL?.path == "/p/3" }
        #expect(three?.explanation.map(\.provider) == ["flickr", "openverse", "local"])
        #expect(three?.explanation.map(\.rank) == [3, 2, 1])  // openverse's better rank counts, once
        #expect(three?.explanation.map(\.weight) == [1.0, 0.5, 2.5])
        #expect(three?.rank == 1)
    }

    @Test("scores of merged photos do not depend on the order the providers answered in")
    func sumIndependentOfArrival() {
        let lists = ["a": ["1", "2", "3"], "b": ["3", "1"], "c": ["2", "3"]]
        func ranked(_ arrival: [String]) -> [RankedPhoto] {
            var merger = ResultMerger(providers: [("a", 0.7), ("b", 1.3), ("c", 0.9)])
            for name in arrival {
                merger.add(
                    (lists[name] ?? []).map {
                        Photo(provider: name, id: "\(name)\($0)", pageURL: URL(string: "https://example.com/\($0)"))
                    }, from: name)
            }
            return merger.ranked(limit: 5)
        }
        let first = ranked(["a", "b", "c"])
        for arrival in [["c", "b", "a"], ["b", "a", "c"], ["c", "a", "b"]] {
            let other = ranked(arrival)
            #expect(other.map(\.score) == first.map(\.score))
            #expect(other.map(\.explanation) == first.map(\.explanation))
        }
    }

    @Test("the same id sent twice by one provider is kept once")
    func deduplicatesById() {
        var merger = ResultMerger(providers: [("a", 1.0)])
        merger.add([Photo(provider: "a", id: "1"), Photo(provider: "a", id: "1", title: "again")], from: "a")
        let ranked = merger.ranked(limit: 5)
        #expect(ranked.count == 1)
        #expect(ranked[0].score == 1.0 / 61)
        #expect(ranked[0].photo.title == "again")  // the second record is richer
        #expect(merger.count == 1)
    }

    @Test("the top of a large list is the same whether selected or fully sorted")
    func selectionMatchesSort() {
        var merger = ResultMerger(providers: [("a", 1.0), ("b", 1.3), ("c", 0.7)])
        for name in ["a", "b", "c"] { merger.add(ScriptedProvider.photos(name, 1000), from: name) }
        let top = merger.ranked(limit: 20)
        let all = merger.ranked(limit: 3000)
        #expect(top == Array(all.prefix(20)))
        #expect(all.count == 3000)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test("canonical page URLs ignore scheme, www, host case, trailing slash and fragment")
    func canonicalURLs() {
        var merger = ResultMerger(providers: [("a", 1.0), ("b", 1.0)])
        merger.add([Photo(provider: "a", id: "1", pageURL: URL(string: "https://WWW.Example.com/p/1/#top"))], from: "a")
        merger.add([Photo(provider: "b", id: "2", pageURL: URL(string: "http://example.com/p/1"))], from: "b")
        merger.add([Photo(provider: "b", id: "3", pageURL: URL(string: "http://example.com/p/1?size=l"))], from: "b")
        #expect(merger.count == 2)
    }

    @Test(
        "local files whose names differ only in bytes that are not UTF-8 stay apart; one file from two folders is one")
    func fileNamesByTheirBytes() {
        var merger = ResultMerger(providers: [("a", 1.0), ("b", 1.0)])
        let names = ["a%FFb.jpg", "c%FF%01d.jpg", "e%FF%FEf.jpg", "g%C3h.jpg"]
        let photos = names.enumerated().map { index, name in
            Photo(
                provider: "a", id: "\(index)", pageURL: URL(string: "file:///photos/\(name)"),
                filePath: "/photos/" + String(decoding: Array(name.utf8), as: UTF8.self))
        }
        merger.add(photos, from: "a")
        #expect(merger.count == 4)
        // The same file found through another folder path (a `..` on the way) is the same photo.
        let again = Photo(
            provider: "b", id: "x", pageURL: URL(string: "file:///photos/sub/../a%FFb.jpg"),
            filePath: "/photos/a\u{FFFD}b.jpg")
        merger.add([again], from: "b")
        #expect(merger.count == 4)
    }

    @Test("equally rich records of one photo go to the provider listed first, whichever arrives first")
    func equalRecordsGoToTheFirstListed() {
        let first = Photo(
            provider: "first", id: "f1", title: "Harbour", pageURL: URL(string: "https://example.com/p/1"))
        let second = Photo(provider: "second", id: "s9", title: "Quay", pageURL: URL(string: "https://example.com/p/1"))
        var forward = ResultMerger(providers: [("first", 1.0), ("second", 1.0)])
        forward.add([first], from: "first")
        forward.add([second], from: "second")
        var backward = ResultMerger(providers: [("first", 1.0), ("second", 1.0)])
        backward.add([second], from: "second")
        backward.add([first], from: "first")
        #expect(forward.ranked() == backward.ranked())
        #expect(forward.ranked().map(\.photo.provider) == ["first"])
        #expect(forward.ranked().map(\.photo.title) == ["Harbour"])
    }

    @Test("the ranking of many overlapping pages is the same in every arrival order, and matches a full sort")
    func arrivalOrderDoesNotMatter() {
        var generator = SplitMix(seed: 12)
        let providers = ["a", "b", "c", "d"]
        let pages = providers.flatMap { name in
            (0..<5).map { _ in
                (
                    name,
                    (0..<40).map { _ in
                        // Ids repeat within a provider and page URLs across providers; one id, one page.
                        let number = generator.next() % 150
                        return Photo(
                            provider: name, id: "\(name)-\(number)", title: generator.next() % 2 == 0 ? "t" : nil,
                            pageURL: URL(string: "https://example.com/\(number * 7 % 200)"))
                    }
                )
            }
        }
        let weights = [("a", 1.0), ("b", 1.5), ("c", 0.5), ("d", 1.0)]
        var reference = ResultMerger(providers: weights, limit: 25)
        for (name, photos) in pages { reference.add(photos, from: name) }
        let expected = reference.ranked()
        #expect(expected.count == 25)
        #expect(expected == Array(reference.ranked(limit: 10_000).prefix(25)))
        for _ in 0..<5 {
            // Pages of one provider keep their order; providers interleave differently.
            var queues = providers.map { name in pages.filter { $0.0 == name } }
            var merger = ResultMerger(providers: weights, limit: 25)
            while queues.contains(where: { !$0.isEmpty }) {
                let open = queues.indices.filter { !queues[$0].isEmpty }
                let pick = open[Int(generator.next() % UInt64(open.count))]
                let (name, photos) = queues[pick].removeFirst()
                merger.add(photos, from: name)
            }
            #expect(merger.ranked() == expected)
        }
    }
}
