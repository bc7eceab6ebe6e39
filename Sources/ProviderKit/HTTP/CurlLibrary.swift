import CCurl

/// libcurl, loaded when first needed rather than by the dynamic loader at launch (see
/// `CCurl.h`): its libraries take about 7 ms to load on a small VM, which `viewfinder` spends
/// on its warm-up thread while the command line is read, and a command that never uses the
/// network never spends.
///
/// Loading reads files, so it happens only on threads of our own: ``load()`` there, and
/// ``ready()`` from tasks, which waits without holding a thread of Swift's pool.
package enum CurlLibrary {
    /// Loads libcurl on the calling thread (our own threads only: it blocks until loaded),
    /// once per process; `nil` when it can be used, or why not.
    @discardableResult
    package static func load() -> String? {
        vf_curl_load() != 0 ? nil : failure
    }

    /// Returns once libcurl is loaded, loading it on ``BlockingExecutor`` when no one has yet;
    /// throws when it cannot be loaded.
    package static func ready() async throws(HTTPClientError) {
        if vf_curl_is_loaded() != 0 { return }
        if vf_curl_load_error() != nil { throw HTTPClientError(.other, failure) }  // tried, and failed
        if let problem = await BlockingExecutor.shared.runReportingProblem({ load() }) {
            throw HTTPClientError(.other, problem)
        }
    }

    /// Why libcurl cannot be used, for a message: the dynamic loader's words, and what to do.
    package static var failure: String {
        let reason = vf_curl_load_error().map { String(cString: $0) } ?? "libcurl.so.4 is not loaded"
        return "libcurl could not be loaded (\(reason)); "
            + "install libcurl 7.85 or later (Debian: apt-get install libcurl4)"
    }
}
