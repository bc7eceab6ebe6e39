extension String {
    /// This path relative to `folder` (which ends in `/`) when it is below it; itself otherwise.
    /// How the table's Where column and messages about the configuration name files.
    func relative(below folder: String) -> String {
        hasPrefix(folder) ? String(dropFirst(folder.count)) : self
    }
}
