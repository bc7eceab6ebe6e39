import Testing

@testable import ViewfinderCommandLine

/// The `config check` command `config init` suggests names the very file it wrote, and shows the
/// terminal nothing it would act on.
@Suite("Paths written as shell words")
struct ShellWordTests {
    @Test("plain paths as they are; spaces and quotes in single quotes; controls as $'…' escapes")
    func words() {
        let word = ConfigCommand.Init.shellWord
        #expect(word("/home/ann/.config/viewfinder/config.yaml") == "/home/ann/.config/viewfinder/config.yaml")
        #expect(word("/tmp/my photos/it's.yaml") == #"'/tmp/my photos/it'\''s.yaml'"#)
        #expect(word("/tmp/bad\nname\u{1B}[31m.yaml") == #"$'/tmp/bad\x0aname\x1b[31m.yaml'"#)
        #expect(word("/tmp/\u{202E}lmay.yaml 'x'") == #"$'/tmp/\u202elmay.yaml \'x\''"#)
        #expect(word("") == "''")
    }
}
