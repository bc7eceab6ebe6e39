import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Single environment variables, read with `getenv`. Foundation's `ProcessInfo.environment`
/// builds a dictionary of every variable on each call (a sixth of the warm-up thread's CPU when
/// a search asked it eight times for one value each); a caller wanting a few values asks here.
package enum ProcessEnvironment {
    /// The value of `name`, or `nil` when it is unset. Bytes that are not UTF-8 arrive as U+FFFD,
    /// as Foundation decodes them (``EnvironmentPath`` refuses such a path).
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables of `names` that are set, as a partial environment for code that takes one.
    package static func values(_ names: String...) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }
}

extension ProcessEnvironment {
    /// The process's working folder (`getcwd`), or Foundation's answer when that fails (the
    /// folder was removed): `FileManager.default` is built on first use, a tenth of the way to
    /// a search's configuration.
    package static func workingDirectory() -> String {
        var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&bytes, bytes.count) != nil else { return FileManager.default.currentDirectoryPath }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
