import ArgumentParser

/// `viewfinder search`'s command line read without ArgumentParser, for the forms a search is
/// usually given in: query words, and options as `--name VALUE` or `--name=VALUE`, each given
/// once unless it repeats.
///
/// ArgumentParser reads a command line by reflection over every option of every command
/// (`Mirror`, type look-ups by mangled name): a quarter of a local search's CPU. This reader
/// gives the same `SearchCommand` ArgumentParser would, and gives up (`nil`) on anything else
/// (`--help`, an unknown or repeated option, a value it would refuse, a check that fails), so
/// ArgumentParser reads that command line as before and writes its own help or error.
/// ArgumentParser's definitions stay the one source of the options' help, man pages and
/// completions; `SearchFastParseTests` holds this table to them (names, values, repeating).
enum SearchFastParse {
    /// How an option takes its value, as its ArgumentParser definition says.
    enum Value: Sendable {
        /// A flag: no value.
        case none
        /// The next argument (or the text after `=`), which must not start with a dash.
        case next
        /// The next argument, whatever it starts with (`parsing: .unconditional`).
        case unconditional
    }

    /// One option: its names, how it takes a value, whether it may be given more than once,
    /// and how it sets its field (`false`: a value ArgumentParser would refuse).
    struct Option: Sendable {
        let names: [String]
        let value: Value
        let repeats: Bool
        let set: @Sendable (inout SearchCommand, _ nameOrValue: String) -> Bool
    }

    /// The command `arguments` (the program's, its name first) give, when they name `search`
    /// in a form read here and pass the command's checks; otherwise `nil`.
    static func command(from arguments: [String]) -> SearchCommand? {
        guard arguments.count > 2, arguments[1] == "search" else { return nil }
        return parse(arguments.dropFirst(2))
    }

    /// `search`'s arguments (after the command's name) read into the command, or `nil`.
    static func parse(_ arguments: ArraySlice<String>) -> SearchCommand? {
        var command = defaults()
        var given = [Bool](repeating: false, count: options.count)
        var rest = arguments
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                command.query.append(argument)
                continue
            }
            var name = Substring(argument)
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let index = options.firstIndex(where: { $0.names.contains(where: { $0 == name }) }) else {
                return nil
            }
            let option = options[index]
            if !option.repeats {
                guard !given[index] else { return nil }
                given[index] = true
            }
            let value: String
            switch option.value {
            case .none:
                guard attached == nil else { return nil }
                value = String(name)
            case .next, .unconditional:
                guard let next = attached ?? rest.popFirst(), !next.isEmpty else { return nil }
                if case .next = option.value, next.hasPrefix("-") { return nil }
                value = next
            }
            guard option.set(&command, value) else { return nil }
        }
        // The checks ArgumentParser runs once the values are in, in its order; one that fails is
        // left to ArgumentParser, which reports it.
        do {
            try command.destination.validate()
            try command.options.download.validate()
            try command.options.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    /// The command with every field at its default, as ArgumentParser gives it for `search`
    /// alone. Every field is set: a field left as ArgumentParser's definition cannot be read.
    private static func defaults() -> SearchCommand {
        var download = DownloadFlags()
        download.size = nil
        download.parallelText = nil
        download.perHostText = nil
        download.filename = nil
        download.noArchive = false
        download.link = false
        download.sync = nil
        var options = SearchOptions()
        options.providers = []
        options.limitText = nil
        options.timeout = nil
        options.format = .table
        options.open = false
        options.config = nil
        options.folders = []
        options.license = []
        options.orientation = nil
        options.minWidth = nil
        options.minHeight = nil
        options.takenAfter = nil
        options.takenBefore = nil
        options.near = nil
        options.within = nil
        options.verbose = false
        options.explain = false
        options.noCache = false
        options.offline = false
        options.download = download
        var destination = DownloadDestination()
        destination.directory = nil
        var command = SearchCommand()
        command.query = []
        command.destination = destination
        command.options = options
        return command
    }

    /// Every option of `search`, as `SearchCommand`, `SearchOptions`, `DownloadDestination` and
    /// `DownloadFlags` define them.
    static let options: [Option] = [
        texts("--provider", \.options.providers),
        text("--limit", .unconditional, \.options.limitText),
        text("--timeout", .unconditional, \.options.timeout),
        choice("--format") { $0.options.format = $1 },
        flag("--open") { $0.options.open = true },
        text("--config", .next, \.options.config),
        texts("--folder", \.options.folders),
        texts("--license", \.options.license),
        text("--orientation", .next, \.options.orientation),
        text("--min-width", .unconditional, \.options.minWidth),
        text("--min-height", .unconditional, \.options.minHeight),
        text("--taken-after", .next, \.options.takenAfter),
        text("--taken-before", .next, \.options.takenBefore),
        text("--near", .unconditional, \.options.near),
        text("--within", .unconditional, \.options.within),
        flag("--verbose", "-v") { $0.options.verbose = true },
        flag("--explain") { $0.options.explain = true },
        flag("--no-cache") { $0.options.noCache = true },
        flag("--offline") { $0.options.offline = true },
        text("--download", .next, \.destination.directory),
        choice("--size") { $0.options.download.size = $1 },
        text("--parallel", .unconditional, \.options.download.parallelText),
        text("--per-host", .unconditional, \.options.download.perHostText),
        text("--filename", .next, \.options.download.filename),
        flag("--no-archive") { $0.options.download.noArchive = true },
        flag("--link") { $0.options.download.link = true },
        Option(names: ["--sync", "--no-sync"], value: .none, repeats: false) { command, name in
            command.options.download.sync = name == "--sync"
            return true
        },
    ]

    private static func text(
        _ name: String, _ value: Value, _ field: any WritableKeyPath<SearchCommand, String?> & Sendable
    ) -> Option {
        Option(names: [name], value: value, repeats: false) { command, text in
            command[keyPath: field] = text
            return true
        }
    }

    private static func texts(_ name: String, _ field: any WritableKeyPath<SearchCommand, [String]> & Sendable)
        -> Option
    {
        Option(names: [name], value: .next, repeats: true) { command, text in
            command[keyPath: field].append(text)
            return true
        }
    }

    private static func choice<Choice: ExpressibleByArgument>(
        _ name: String, _ set: @escaping @Sendable (inout SearchCommand, Choice) -> Void
    ) -> Option {
        Option(names: [name], value: .next, repeats: false) { command, text in
            guard let choice = Choice(argument: text) else { return false }
            set(&command, choice)
            return true
        }
    }

    private static func flag(_ names: String..., set: @escaping @Sendable (inout SearchCommand) -> Void) -> Option {
        Option(names: names, value: .none, repeats: false) { command, _ in
            set(&command)
            return true
        }
    }
}
