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
    /// Ended by SIGHUP (the terminal closed) during a search, after stopping every plugin.
    static let hangUp = ExitCode(129)
    /// Interrupted with Ctrl-C.
    static let interrupted = ExitCode(130)
    /// Standard output's reader went away (`| head -1`); quiet, as if killed by SIGPIPE.
    static let brokenPipe = ExitCode(141)
    /// Ended by SIGTERM during a search, after stopping every plugin.
    static let terminated = ExitCode(143)
}

/// An error the CLI reports itself, with the exit code it ends with.
struct CommandFailure: Error {
    let message: String
    let exitCode: ExitCode
}
