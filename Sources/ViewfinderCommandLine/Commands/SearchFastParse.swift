import ArgumentParser
import ProviderKit

/// `viewfinder search`'s command line read without ArgumentParser, for the forms a search is
/// usually given in: query words, and options as `--name VALUE` or `--name=VALUE`, each given
/// once unless it repeats.
///
/// ArgumentParser reads a command line by reflection over every option of every command
/// (`Mirror`, type look-ups by mangled name): a quarter of a local search's CPU. This reader
/// gives the same ``SearchRun`` ArgumentParser's `SearchCommand` would, in plain values
/// (``SearchChoices``) without building ArgumentParser's property wrappers, and gives up
/// (`nil`) on anything else (`--help`, an unknown or repeated option, a value it would refuse,
/// a check that fails), so ArgumentParser reads that command line as before and writes its own
/// help or error. ArgumentParser's definitions stay the one source of the options' help, man
/// pages and completions; `SearchFastParseTests` holds this table to them (names, values,
/// repeating).
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
        let set: @Sendable (inout SearchRun, _ nameOrValue: String) -> Bool
    }

    /// The search `arguments` (the program's, its name first) ask for, when they name `search`
    /// in a form read here and pass the command's checks; otherwise `nil`.
    static func search(from arguments: [String]) -> SearchRun? {
        guard arguments.count > 2, arguments[1] == "search" else { return nil }
        return parse(arguments.dropFirst(2))
    }

    /// `search`'s arguments (after the command's name) read into the search, or `nil`.
    static func parse(_ arguments: ArraySlice<String>) -> SearchRun? {
        var search = SearchRun(operation: .popular, options: SearchChoices(), downloadInto: nil)
        var query: [String] = []
        var given = [Bool](repeating: false, count: options.count)
        var rest = arguments
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                query.append(argument)
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
            guard option.set(&search, value) else { return nil }
        }
        // The checks ArgumentParser runs once the values are in, in its order; one that fails is
        // left to ArgumentParser, which reports it.
        let text = query.joinedText(separator: " ")
        do {
            try search.options.download.validate()
            try search.options.validate()
            try SearchCommand.check(query: query, text: text)
        } catch {
            return nil
        }
        search.operation = .search(text)
        return search
    }

    /// Every option of `search`, as `SearchCommand`, `SearchOptions`, `DownloadDestination` and
    /// `DownloadFlags` define them, each setting its field of ``SearchRun``.
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
        text("--download", .next, \.downloadInto),
        choice("--size") { $0.options.download.size = $1 },
        text("--parallel", .unconditional, \.options.download.parallelText),
        text("--per-host", .unconditional, \.options.download.perHostText),
        text("--filename", .next, \.options.download.filename),
        flag("--no-archive") { $0.options.download.noArchive = true },
        flag("--link") { $0.options.download.link = true },
        Option(names: ["--sync", "--no-sync"], value: .none, repeats: false) { search, name in
            search.options.download.sync = name == "--sync"
            return true
        },
    ]

    private static func text(
        _ name: String, _ value: Value, _ field: any WritableKeyPath<SearchRun, String?> & Sendable
    ) -> Option {
        Option(names: [name], value: value, repeats: false) { search, text in
            search[keyPath: field] = text
            return true
        }
    }

    private static func texts(_ name: String, _ field: any WritableKeyPath<SearchRun, [String]> & Sendable)
        -> Option
    {
        Option(names: [name], value: .next, repeats: true) { search, text in
            search[keyPath: field].append(text)
            return true
        }
    }

    private static func choice<Choice: ExpressibleByArgument>(
        _ name: String, _ set: @escaping @Sendable (inout SearchRun, Choice) -> Void
    ) -> Option {
        Option(names: [name], value: .next, repeats: false) { search, text in
            guard let choice = Choice(argument: text) else { return false }
            set(&search, choice)
            return true
        }
    }

    private static func flag(_ names: String..., set: @escaping @Sendable (inout SearchRun) -> Void) -> Option {
        Option(names: names, value: .none, repeats: false) { search, _ in
            set(&search)
            return true
        }
    }
}
