/// Viewfinder's version, in one place: `--version` prints it and User-Agent headers carry it.
public enum ViewfinderVersion {
    public static let current = "0.1.0"
}
