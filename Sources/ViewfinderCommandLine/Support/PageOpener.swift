import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#endif

/// `--open`: writes a gallery page to the cache folder, private to the user, and hands it to
/// `xdg-open`, saying whether a browser could be started.
enum PageOpener {
    /// How long `xdg-open` is given to fail: it exits at once when no browser can be started,
    /// and may run on for as long as the browser does when one was.
    static let openerGrace: TimeInterval = 3

    /// Writes `page` into `folder` (0700, the file 0600, replaced atomically) and opens it, off
    /// Swift's pool; returns the line to show: where the page is, and whether a browser opened it.
    static func writeAndOpen(_ page: String, in folder: URL, named query: String?) async -> String {
        let file = folder.appendingPathComponent(fileName(for: query))
        let outcome = await BlockingExecutor.shared.runReportingProblem { () -> String? in
            if let problem = PrivateFile.write(Data(page.utf8), to: file.path) {
                return "viewfinder: error: cannot write the page to \(file.path): \(problem)\n"
            }
            switch launch(file.path) {
            case .started: return "viewfinder: opened \(file.path) in a browser\n"
            case .noOpener:
                return
                    "viewfinder: no browser could be started (xdg-open is not installed); the page is at \(file.path)\n"
            case .failed(let reason):
                return "viewfinder: no browser could be started (\(reason)); the page is at \(file.path)\n"
            }
        }
        return outcome ?? "viewfinder: the page is at \(file.path)\n"
    }

    /// Opens `address` (a photo's page, or its file) with `xdg-open`, off Swift's pool; returns
    /// the words for `browse`'s status line.
    static func open(_ address: String) async -> String {
        let outcome = try? await BlockingExecutor.shared.run(whenCancelled: .waitForEnd) { _ in launch(address) }
        switch outcome {
        case .started: return "Opened \(address)"
        case .noOpener: return "Cannot open it: xdg-open is not installed."
        case .failed(let reason): return "Cannot open it: \(reason)"
        case nil: return "Cannot open it now."
        }
    }

    /// "search-harbor-at-dusk.html" or "popular.html": letters and digits of the query only.
    static func fileName(for query: String?) -> String {
        guard let query else { return "popular.html" }
        let words = query.lowercased().split { !($0.isLetter || $0.isNumber) }.joinedText(separator: "-")
        let slug = String(words.prefix(60))
        return slug.isEmpty ? "search.html" : "search-\(slug).html"
    }

    enum Launch: Equatable {
        case started
        case noOpener
        /// `xdg-open` ran and failed; its first line of complaint, or its exit status.
        case failed(String)
    }

    /// Starts `xdg-open` on `target` and waits up to ``openerGrace`` for it to fail; blocking, so
    /// it runs on ``BlockingExecutor``.
    private static func launch(_ target: String) -> Launch {
        let paths = (ProcessEnvironment.value("PATH") ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let opener = paths.map({ "\($0)/xdg-open" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return .noOpener }
        let process = Process()
        let complaint = Pipe()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [target]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = complaint
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try SignalMask.clearedWhile { try process.run() }
        } catch {
            return .failed("xdg-open could not start: \(error.localizedDescription)")
        }
        guard exited.wait(timeout: .now() + openerGrace) == .success else { return .started }  // a browser runs
        guard process.terminationStatus != 0 else { return .started }
        // Without blocking: a browser it started may hold the pipe open.
        let readEnd = complaint.fileHandleForReading.fileDescriptor
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 500)
        let count = max(0, read(readEnd, &buffer, buffer.count))
        let said = String(decoding: buffer.prefix(count), as: UTF8.self)
        let line = said.split(whereSeparator: \.isNewline).first.map { String($0.prefix(160)) }
        return .failed(
            line.map { $0.hasPrefix("xdg-open") ? $0 : "xdg-open: \($0)" }
                ?? "xdg-open exited with status \(process.terminationStatus)")
    }
}
