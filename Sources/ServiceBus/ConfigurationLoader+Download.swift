import Yams

extension ConfigurationLoader {
    static let downloadKeys = ["parallel", "per_host", "filename", "sync", "folder"]

    /// `download:`: transfer counts, the file-name template and syncing, each checked.
    func readDownload(_ node: Node, diagnostics: inout Diagnostics) -> DownloadSettings {
        var settings = DownloadSettings()
        guard case .mapping(let mapping) = node else {
            if node.scalar?.string.isEmpty == false || node.sequence != nil {
                diagnostics.report("`download` must be a mapping with any of \(Self.downloadKeys.quotedList)", at: node)
            }
            return settings
        }
        let reader = ScalarReader(interpolation: EnvironmentInterpolation(environment: environment))
        for (keyNode, rawValue) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "parallel", "per_host":
                guard let text = reader.text(rawValue, key: "download.\(key)", diagnostics: &diagnostics) else {
                    continue
                }
                guard let value = Int(text), DownloadSettings.transferRange.contains(value) else {
                    diagnostics.report(
                        "`download.\(key)` must be \(DownloadSettings.transferDescription), not `\(text)`", at: rawValue
                    )
                    continue
                }
                if key == "parallel" { settings.parallel = value } else { settings.perHost = value }
            case "sync":
                if let value = reader.boolean(rawValue, key: "download.sync", diagnostics: &diagnostics) {
                    settings.sync = value
                }
            case "filename":
                guard let text = reader.text(rawValue, key: "download.filename", diagnostics: &diagnostics) else {
                    continue
                }
                if let problem = DownloadSettings.problem(withFilename: text) {
                    diagnostics.report("`download.filename` `\(text)` is \(problem)", at: rawValue)
                } else {
                    settings.filename = text
                }
            case "folder":
                guard let text = reader.text(rawValue, key: "download.folder", diagnostics: &diagnostics) else {
                    continue
                }
                if text.hasPrefix("/") || text.hasPrefix("~/") {
                    settings.folder = text
                } else {
                    diagnostics.report(
                        "`download.folder` `\(text)` must be an absolute path or start with `~/`", at: rawValue)
                }
            default:
                diagnostics.report(
                    "unknown key `\(key)` in `download`\(NameSuggestion.hint(for: key, in: Self.downloadKeys)) "
                        + "Valid keys: \(Self.downloadKeys.quotedList).",
                    at: keyNode)
            }
        }
        return settings
    }
}
