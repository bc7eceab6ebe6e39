/// Viewfinder's version, in one place: `--version` prints it and User-Agent headers carry it.
package enum ViewfinderVersion {
    package static let current = "0.1.0"
}
