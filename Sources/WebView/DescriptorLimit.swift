import Foundation

/// The process's limit on open descriptors (`RLIMIT_NOFILE`), which bounds how many
/// connections `serve` can hold.
package enum DescriptorLimit {
    /// Raises the soft limit to the hard one (a process may, without privileges); returns the
    /// soft limit in force afterwards.
    @discardableResult
    package static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return current(limit)
    }

    /// The soft limit now.
    package static var soft: Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        return current(limit)
    }

    /// How many connections the server holds at most with `descriptors` to spend: room is kept
    /// for local photos being sent, plugins' pipes, the HTTP client and the cache.
    package static func connections(forDescriptors descriptors: Int) -> Int {
        max(64, min(descriptors - 512, descriptors * 3 / 4))
    }

    private static func current(_ limit: rlimit) -> Int {
        limit.rlim_cur == rlim_t.max ? Int(Int32.max) : Int(clamping: limit.rlim_cur)
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
