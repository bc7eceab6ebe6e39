import Foundation
import ServiceBus
import Testing

@Suite("the download: section")
struct DownloadSectionTests {
    static let providers = "providers:\n  one:\n    type: plain\n"

    @Test("defaults without a section; each key read when given")
    func readsTheSection() throws {
        #expect(try Fixtures.load(Self.providers).download == DownloadSettings())
        let configuration = try Fixtures.load(
            "download:\n  parallel: 3\n  per_host: 2\n  filename: \"{date}/{title}.{ext}\"\n  sync: yes\n"
                + Self.providers)
        #expect(
            configuration.download
                == DownloadSettings(parallel: 3, perHost: 2, filename: "{date}/{title}.{ext}", sync: true))
        #expect(DownloadSettings().sync == false)
        #expect(
            try Fixtures.load("download:\n  folder: ~/Photos/Kept\n" + Self.providers).download.folder
                == "~/Photos/Kept")
        let relative = Fixtures.problems("download:\n  folder: Photos\n" + Self.providers)
        #expect(
            relative.contains {
                $0.contains("config.yaml:2:") && $0.contains("must be an absolute path or start with `~/`")
            })
    }

    @Test("bad values and unknown keys are reported with their line and a hint")
    func reportsProblems() {
        let problems = Fixtures.problems(
            "download:\n  parallel: 0\n  per_hots: 2\n  filename: \"{titel}.{ext}\"\n  sync: sometimes\n"
                + Self.providers)
        #expect(problems.count == 4)
        #expect(
            problems.contains { $0.contains("config.yaml:5:") && $0.contains("`download.sync` must be true or false") })
        #expect(
            problems.contains {
                $0.contains("config.yaml:2:") && $0.contains("`download.parallel` must be a whole number from 1 to 64")
            })
        #expect(problems.contains { $0.contains("unknown key `per_hots` in `download`; did you mean `per_host`?") })
        #expect(problems.contains { $0.contains("`download.filename`") && $0.contains("did you mean `title`") })
    }
}
