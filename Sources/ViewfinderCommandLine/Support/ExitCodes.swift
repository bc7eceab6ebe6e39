import ArgumentParser

/// The exit codes Viewfinder documents in its README.
enum ExitCodes {
    /// The search ran (some providers may have failed; no results is not an error).
    static let success = ExitCode(0)
    /// The work failed: every selected provider failed or none could run; for `inspect`, a file could not be read.
    static let failed = ExitCode(1)
    /// The command line is wrong (ArgumentParser's own code for usage errors).
    static let usage = ExitCode(64)
    /// The configuration file is missing or invalid.
    static let configuration = ExitCode(78)
    /// Standard output's reader went away (`| head -1`); quiet, as if killed by SIGPIPE.
    static let brokenPipe = ExitCode(141)
    // Ctrl-C, SIGTERM and SIGHUP end Viewfinder by the signal itself (a shell shows 130, 143
    // and 129), after a running search has stopped its plugins: see `SignalWatcher`.
}

/// A search ended by SIGINT, SIGTERM or SIGHUP, after its plugins were stopped: Viewfinder
/// ends by the same signal once its output is written.
struct TerminatedBySignal: Error {
    let signal: Int32
}

/// An error the CLI reports itself, with the exit code it ends with.
struct CommandFailure: Error {
    let message: String
    let exitCode: ExitCode

    /// Runs a command's work; a `CommandFailure` it throws is said on standard error and the
    /// command ends with its exit code. Every other error passes through as it is.
    static func reporting(_ work: () async throws -> Void) async throws {
        do {
            try await work()
        } catch let failure as CommandFailure {
            Console.error(failure.message)
            throw failure.exitCode
        }
    }
}
