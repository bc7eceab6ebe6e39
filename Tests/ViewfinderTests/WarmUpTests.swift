import Testing

@testable import viewfinder

/// The warm-up reads the configuration ahead of ArgumentParser, from its own reading of
/// `--config`; a wrong guess only costs the read (the command compares the files).
@Suite("The warm-up finds --config on the raw command line")
struct WarmUpTests {
    @Test(
        "--config PATH and --config=PATH, not after --, not a look-alike",
        arguments: [
            (["viewfinder", "search", "harbor", "--config", "a.yaml"], "a.yaml"),
            (["viewfinder", "download", "--config=b.yaml", "harbor", "--to", "x"], "b.yaml"),
            (["viewfinder", "search", "--config=", "harbor"], ""),
            (["viewfinder", "search", "harbor"], nil),
            (["viewfinder", "search", "--", "--config", "c.yaml"], nil),
            (["viewfinder", "search", "harbor", "--config"], nil),
            (["viewfinder", "search", "--configuration", "d.yaml"], nil),
            (["viewfinder"], nil),
        ] as [([String], String?)])
    func findsConfigPath(arguments: [String], named: String?) {
        #expect(WarmUp.configPath(in: arguments) == named)
    }
}
