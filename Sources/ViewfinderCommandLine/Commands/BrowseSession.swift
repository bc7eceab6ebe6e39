import Downloads
import Foundation
import ProviderKit
import SearchViewModel
import ServiceBus
import TerminalView

/// The work `browse`'s keys start: searches on the view-model (one at a time, the newest
/// wins), downloads with the download command's rules, the opener and the clipboard.
struct BrowseSession {
    var state: BrowseState
    let setup: Setup
    let selected: [String]
    var settings: SearchSettings
    let recent: RecentSearches
    let input: AsyncStream<BrowseRun.Input>.Continuation
    let screen: CursesScreen
    /// Draws pictures on this terminal (``TerminalPictures``, set once the screen is up); the
    /// text-only drawer until then, or with `VIEWFINDER_PICTURES=off`.
    var drawer: any PictureDrawing = NoPictures()

    private var generation = 0
    private var picture: (wanted: String, task: Task<Void, Never>)?
    private var search: Task<Void, Never>?
    private var download: Task<Void, Never>?
    private var lastOperation: SearchRequest.Operation?

    init(
        state: BrowseState, setup: Setup, selected: [String], settings: SearchSettings, recent: RecentSearches,
        input: AsyncStream<BrowseRun.Input>.Continuation, screen: CursesScreen
    ) {
        self.state = state
        self.setup = setup
        self.selected = selected
        self.settings = settings
        self.recent = recent
        self.input = input
        self.screen = screen
    }

    /// Carries out what a key asked for.
    mutating func perform(_ effect: BrowseEffect) {
        switch effect {
        case .search(let text): start(.search(text))
        case .popular: start(.popular)
        case .applyFilters: applyFilters()
        case .open(let item):
            let address = item.photo.filePath ?? item.photo.pageURL?.absoluteString
            guard let address else {
                state.status = "This photo has no page to open."
                return
            }
            state.status = "Opening…"
            let input = input
            Task { input.yield(.status(TerminalText.sanitized(await PageOpener.open(address)))) }
        case .copy(let text):
            screen.write(Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8))
        case .download(let items): startDownload(items.map(\.photo))
        case .quit: break
        }
    }

    /// Takes a snapshot of search `number`, when it is the current one.
    mutating func accept(_ snapshot: SearchState, from number: Int) {
        guard number == generation else { return }
        state.apply(snapshot)
    }

    /// Stops the running search, download and picture fetch (leaving).
    func stopAll() {
        search?.cancel()
        download?.cancel()
        picture?.task.cancel()
    }

    /// Fetches and draws the picture `frame` leaves room for, when it is not the one drawn or on
    /// its way; a fetch for a photo no longer selected is cancelled, so none holds up the keys.
    /// The full-screen view shows the preview's image first, then the largest one when it comes.
    mutating func fetchPicture(for frame: BrowseFrame) {
        guard drawer.drawsPictures, let box = frame.picture, let key = frame.pictureKey, let wanted = frame.pictureSlot,
            let photo = state.selection?.photo, state.selection?.key == key
        else { return }
        guard wanted != picture?.wanted else { return }
        picture?.task.cancel()
        let (pictures, drawer, screen, input) = (BrowsePictures(http: setup.bus.context.http), drawer, screen, input)
        let sizes = state.mode == .photo ? [false, true] : [false]
        picture = (
            wanted,
            Task {
                var shown: [UInt8]?
                for large in sizes {
                    let encoded = await pictures.encoded(for: photo, large: large)
                    if Task.isCancelled { return }
                    // None for the preview (a file over its limit): the full-screen view may still
                    // have one. A photo with nothing larger (a small file, one size) is drawn once.
                    guard let encoded, encoded.bytes != shown else { continue }
                    let drawing: [UInt8]
                    do throws(PictureNotDrawn) {
                        drawing = try await drawer.drawing(
                            of: encoded.bytes, orientation: encoded.orientation, row: box.row, column: box.column,
                            columns: box.columns, rows: box.rows)
                    } catch {
                        // A decoder that is not installed is said; a broken file just has no picture.
                        if let advice = error.advice, !Task.isCancelled { input.yield(.status(advice)) }
                        continue
                    }
                    guard !Task.isCancelled else { continue }
                    screen.showPicture(drawing, for: wanted, erasing: drawer.erasing)
                    shown = encoded.bytes
                }
            }
        )
    }

    private mutating func start(_ operation: SearchRequest.Operation) {
        search?.cancel()
        generation += 1
        lastOperation = operation
        let label: String
        if case .search(let text) = operation { label = text } else { label = "popular" }
        state.begin(label)
        let lineup: ProviderLineup
        do {
            lineup = try setup.bus.lineup(for: operation, selecting: selected)
        } catch {
            state.status = TerminalText.sanitized(error.description)
            return
        }
        let viewModel = SearchViewModel(lineup: lineup, settings: settings)
        let request = SearchRequest(operation, limit: settings.limit, filters: settings.filters)
        let (number, input, recent) = (generation, input, recent)
        search = Task {
            let started = Date()
            let final = try? await viewModel.run(request) { snapshot in
                if let snapshot { input.yield(.snapshot(number, snapshot)) }
            }
            guard let final, !final.wasCancelled, case .search(let text) = operation else { return }
            await recent.record(text, count: final.results.count, startedAt: started)
            input.yield(.history(await recent.list().map(\.query)))
        }
    }

    /// Reads the filters' form with the command line's own parsing, then searches again.
    private mutating func applyFilters() {
        var filters = setup.configuration.search.filters
        do {
            for (key, text) in state.filters.values {
                try filters.set(key, from: text, places: key == .near ? Setup.places : nil)
            }
        } catch {
            state.mode = .filters
            state.status = TerminalText.sanitized(error.description)
            return
        }
        settings.filters = filters
        state.filterSummary = state.filters.values.map { "\($0.key.rawValue) \($0.text)" }.joinedText(separator: "; ")
        state.filterSummary = TerminalText.sanitized(state.filterSummary)
        if let lastOperation { start(lastOperation) }
    }

    /// `download.folder` (`~/` is the home folder), else the pictures folder's `Viewfinder`, else
    /// `~/Pictures/Viewfinder`.
    static func downloadFolder(
        configured: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let configured {
            let path =
                configured.hasPrefix("~/")
                ? UserFolders.home(environment).path + configured.dropFirst(1) : configured
            return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
        let pictures =
            UserFolders.pictures(environment: environment)
            ?? UserFolders.home(environment).appendingPathComponent("Pictures", isDirectory: true)
        return pictures.appendingPathComponent("Viewfinder", isDirectory: true)
    }

    private mutating func startDownload(_ photos: [Photo]) {
        guard download == nil || download?.isCancelled == true || !state.status.hasPrefix("Downloading") else {
            state.status = "A download is running; wait for it to end."
            return
        }
        let folder = Self.downloadFolder(configured: setup.configuration.download.folder)
        if let problem = DownloadTarget.problem(with: folder) {
            state.status = TerminalText.sanitized("Cannot download: \(problem)")
            return
        }
        let options = DownloadOptions(
            directory: folder, settings: setup.configuration.download, redact: { Console.redacted($0) })
        var providers: [String: any PhotoProvider] = [:]
        for live in (try? setup.bus.lineup(for: nil, selecting: selected))?.providers ?? [] {
            providers[live.name] = live.provider
        }
        let input = input
        let home = UserFolders.home(ProcessInfo.processInfo.environment).path
        let shown = folder.path.hasPrefix(home + "/") ? "~" + folder.path.dropFirst(home.count) : folder.path
        let tally = BrowseDownloadProgress(total: photos.count, folder: TerminalText.sanitized(shown))
        let downloader = Downloader(
            http: setup.bus.context.http, options: options, logger: setup.logger,
            reportDownload: { [providers] photo in try await providers[photo.provider]?.reportDownload(of: photo) },
            events: { event in if let line = tally.line(after: event) { input.yield(.status(line)) } })
        state.status = "Downloading \(photos.count) photo\(photos.count == 1 ? "" : "s") into \(tally.folder)…"
        download = Task {
            do {
                let outcomes = try await downloader.run(photos)
                input.yield(.status(tally.summary(outcomes)))
            } catch {
                input.yield(.status(TerminalText.sanitized("Download stopped: \(error)")))
            }
        }
    }
}
