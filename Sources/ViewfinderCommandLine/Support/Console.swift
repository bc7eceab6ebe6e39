import ArgumentParser
import Foundation
import ProviderKit
import Synchronization
import TerminalView

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to the terminal, replacing every known secret with `***` first.
///
/// Every byte Viewfinder prints goes through here and ``OutputPump``: a failed write is
/// remembered and decides the exit (``finish(exitCode:)``), never a crash.
enum Console {
    private static let secrets = Mutex<[String]>([])

    /// Remembers values that must never be printed (API keys from the configuration).
    static func redact(_ values: [String]) {
        secrets.withLock { $0 += values.filter { $0.count >= 4 } }
    }

    /// `text` with every secret replaced, in every form a URL, JSON or HTML can give it (a
    /// server may echo a key back inside a title or an image URL).
    static func redacted(_ text: String) -> String {
        Redaction.redact(text, secrets: secrets.withLock { $0 })
    }

    /// Writes `text` to standard output.
    static func out(_ text: String) {
        OutputPump.shared.enqueue(redacted(text), to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error (or keeps it for later, while ``holdErrors()`` holds).
    static func err(_ text: String) {
        let safe = redacted(text)
        let held = heldErrors.withLock { held in
            held?.append(safe)
            return held != nil
        }
        if !held { OutputPump.shared.enqueue(safe, to: STDERR_FILENO) }
    }

    /// What standard error would have shown while `browse`'s screen owns the terminal.
    private static let heldErrors = Mutex<[String]?>(nil)

    /// Keeps every line for standard error back (nothing is written over a full-screen view)
    /// until ``releaseErrors()``.
    static func holdErrors() {
        heldErrors.withLock { $0 = $0 ?? [] }
    }

    /// Writes what was held, in order, and stops holding.
    static func releaseErrors() {
        let held = heldErrors.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        for text in held { OutputPump.shared.enqueue(text, to: STDERR_FILENO) }
    }

    /// Writes `text` to `descriptor` on the calling thread when nothing else was written yet:
    /// for help, the version and usage errors, which then start no thread.
    static func writeHere(_ text: String, to descriptor: Int32) {
        OutputPump.shared.writeHere(redacted(text), to: descriptor)
    }

    /// Prints `viewfinder: error: message` on standard error, each line made safe for a terminal.
    static func error(_ message: String) {
        err("viewfinder: error: \(TerminalText.sanitizedLines(message))\n")
    }

    /// How standard output failed, if it did; a running search stops when it does.
    static var outputFailure: OutputFailure? { OutputPump.shared.outputFailure }

    /// Records that results could not be encoded, so the run ends with an error instead of printing `{}`.
    static func failEncoding(_ reason: String) {
        OutputPump.shared.fail(.unencodable(reason))
    }

    /// Makes the standard descriptors safe before anything runs: a closed one (`>&-`) is
    /// reopened on `/dev/null`, so no file or socket opened later can take its number and
    /// receive the results; a closed standard output is remembered as a failure.
    static func prepareStandardStreams() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_RDWR)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            if descriptor == STDOUT_FILENO { OutputPump.shared.fail(.closed) }
        }
    }

    /// Writes everything queued, then the exit status: a failed standard output wins (141 for
    /// a broken pipe, 1 otherwise, with a message unless the reader went away or closed it);
    /// else `exitCode`.
    static func finish(exitCode: Int32) -> Int32 {
        OutputPump.shared.drain()
        guard let failure = OutputPump.shared.outputFailure else { return exitCode }
        switch failure {
        case .brokenPipe:
            return ExitCodes.brokenPipe.rawValue
        case .closed:
            return ExitCodes.failed.rawValue
        case .failed(let code):
            error("cannot write to standard output: \(String(cString: strerror(code)))")
        case .unencodable(let reason):
            error("cannot write the results as JSON: \(reason)")
        }
        OutputPump.shared.drain()
        return ExitCodes.failed.rawValue
    }
}
