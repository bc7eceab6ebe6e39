import ProviderKit

/// Why the gazetteer cannot be used, or a place not found: what failed, where, what to do.
package struct GazetteerError: Error, Equatable, CustomStringConvertible {
    package let description: String

    /// The file cannot be opened or mapped.
    static func unreadable(path: String, reason: String) -> GazetteerError {
        GazetteerError(
            description: "the place names file \(path) cannot be read (\(reason)); "
                + ResourceFolders.advice(bundle: "Viewfinder_Places")
        )
    }

    /// The file is there but not a whole gazetteer of this build's format.
    static func damaged(path: String, reason: String) -> GazetteerError {
        GazetteerError(
            description: "the place names file \(path) is damaged: \(reason); "
                + "reinstall Viewfinder, or rebuild the file with scripts/build-places.py"
        )
    }

    /// The file's checksum cannot be taken: libxxhash cannot be loaded (or had no memory for it).
    static func uncheckable(path: String, reason: String) -> GazetteerError {
        GazetteerError(
            description: "the place names file \(path) cannot be checked: \(reason); "
                + "install libxxhash (Debian: libxxhash0)"
        )
    }

    /// No folder holds the file.
    static func missing(_ paths: [String]) -> GazetteerError {
        GazetteerError(
            description: "the place names file is missing: no " + paths.joinedText(separator: " or ")
                + "; " + ResourceFolders.advice(bundle: "Viewfinder_Places")
        )
    }
}
