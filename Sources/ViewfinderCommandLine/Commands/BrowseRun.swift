import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import Synchronization
import TerminalImages
import TerminalView

#if canImport(Glibc)
    import Glibc
#endif

/// Binds `browse`'s screen to the view-model: keys and snapshots in, frames out. The state and
/// its drawing live in TerminalView; this only starts searches, downloads and openers.
struct BrowseRun {
    let query: String
    let providers: [String]
    let config: String?
    let folders: [String]
    let limit: Int?

    /// What the loop waits for.
    enum Input: Sendable {
        case screen(CursesScreen.Event)
        /// A snapshot of search number `Int` (older searches' are ignored).
        case snapshot(Int, SearchState)
        case status(String)
        case history([String])
        /// Ctrl-C (SIGINT) or another signal that ends Viewfinder.
        case stop
    }

    func execute() async throws {
        try await CommandFailure.reporting {
            try await perform()
        }
    }

    private func perform() async throws {
        if Terminal.isDumb {
            throw CommandFailure(
                message:
                    "browse needs a terminal that can move its cursor, and TERM is dumb; use `viewfinder search QUERY` for a table of results",
                exitCode: ExitCodes.usage)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(
                message:
                    "browse needs a terminal on standard input and output; use `viewfinder search QUERY` in a pipe or a script",
                exitCode: ExitCodes.usage)
        }
        // Notes (a built-in configuration in use, a provider's warning) wait until the screen is gone.
        Console.holdErrors()
        defer { Console.releaseErrors() }
        let paths = folders
        let resolved = try await BlockingExecutor.shared.run { _ throws(CommandFailure) in
            try AdHocFolders.resolve(paths)
        }
        let setup = try await Setup.load(configPath: config, verbose: false, cache: .normal, folders: resolved)
        let added = setup.configuration.instances.suffix(resolved.count).map(\.name)
        var settings = setup.configuration.search
        if let limit { settings.limit = limit }
        let recent = RecentSearches(folder: RecentSearches.defaultFolder())
        let history = await recent.list().map(\.query)

        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let signals = SignalWatcher.Search(cancel: { input.yield(.stop) })
        SignalWatcher.begin(signals)
        defer { SignalWatcher.end(signals) }
        let screenBox = ScreenBox()
        SignalWatcher.begin(
            SignalWatcher.Screen(
                resized: { screenBox.screen?.resize() }, suspend: { screenBox.screen?.suspend() },
                resumed: { screenBox.screen?.resume() }))
        defer { SignalWatcher.endScreen() }
        let (screen, events): (CursesScreen, AsyncStream<CursesScreen.Event>)
        do {
            (screen, events) = try await CursesScreen.start(color: Terminal.usesColor(onTerminal: true))
        } catch {
            throw CommandFailure(message: "\(error); use `viewfinder search QUERY`", exitCode: ExitCodes.failed)
        }
        screenBox.screen = screen
        let forward = Task {
            for await event in events { input.yield(.screen(event)) }
        }
        var session = BrowseSession(
            state: BrowseState(query: query, history: history), setup: setup,
            selected: providers.isEmpty ? [] : providers + added,
            settings: settings, recent: recent, input: input, screen: screen)
        // VIEWFINDER_PICTURES=off keeps the preview to its details (a terminal that mis-reports
        // what it can draw); chafa is loaded here, off the pool, only for this screen.
        if ProcessEnvironment.value("VIEWFINDER_PICTURES") != "off" {
            session.drawer = ChafaPictureDrawer(
                pictures: await TerminalPictures(environment: ProcessInfo.processInfo.environment))
        }
        if !query.isEmpty, let effect = session.state.handle(.enter) { session.perform(effect) }
        var stoppedBySignal = false
        loop: for await next in inputs {
            switch next {
            case .screen(.key(let key)):
                if let effect = session.state.handle(key) {
                    if effect == .quit { break loop }
                    session.perform(effect)
                }
            case .screen(.size(let rows, let columns)): session.state.resize(rows: rows, columns: columns)
            case .screen(.endOfInput): break loop
            case .snapshot(let number, let snapshot): session.accept(snapshot, from: number)
            case .status(let text): session.state.status = text
            case .history(let list): session.state.history = list
            case .stop:
                stoppedBySignal = true
                break loop
            }
            let frame = BrowseRenderer.render(session.state, pictures: session.drawer.drawsPictures)
            screen.show(frame)
            session.fetchPicture(for: frame)
        }
        session.stopAll()
        forward.cancel()
        await screen.finish()
        screenBox.screen = nil
        if stoppedBySignal { throw TerminatedBySignal(signal: signals.stoppingSignal ?? SIGINT) }
    }
}

/// The screen, for the signal watcher's thread once it exists.
private final class ScreenBox: Sendable {
    private let current = Mutex<CursesScreen?>(nil)
    var screen: CursesScreen? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
