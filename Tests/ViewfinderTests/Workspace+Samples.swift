import Foundation
import ProviderTesting

/// The workspaces several suites start from: samples in the `photos` folder, and a fake API beside it.
extension Workspace {
    /// A workspace with `config` whose `photos` folder holds three samples: `harbor-lighthouse-dusk.jpg`,
    /// `harbor-crane-fog.jpg` and `city/bridge-fog.jpg`.
    static func withThreeSamples(config: String) throws -> Workspace {
        let workspace = try Workspace(config: config)
        try workspace.addSample("harbor-lighthouse-dusk.jpg", as: "harbor-lighthouse-dusk.jpg")
        try workspace.addSample("harbor-crane-fog.jpg", as: "harbor-crane-fog.jpg")
        try workspace.addSample("city-bridge-fog.jpg", as: "city/bridge-fog.jpg")
        return workspace
    }

    /// A workspace that searches its `photos` folder, holding `harbor-lighthouse-dusk.jpg`, and the
    /// provider `entry` configures (its entry under `providers:`, written from the first column).
    init(oneSampleAnd entry: String) throws {
        let indented = entry.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        try self.init(
            config: """
                providers:
                  photos:
                    type: local-folder
                    path: photos
                \(indented.joined(separator: "\n"))
                """)
        try addSample("harbor-lighthouse-dusk.jpg", as: "harbor-lighthouse-dusk.jpg")
    }

    /// The entry of a provider `flickr` that searches the fake Flickr `server`
    /// (Tests/Fixtures/flickr_server.py) 20 photos a page, with its key from `$FLICKR_API_KEY`.
    static func flickrEntry(_ server: LoopbackServer) -> String {
        """
        flickr:
          type: flickr
          api_key: ${FLICKR_API_KEY}
          endpoint: \(server.url("/services/rest/").absoluteString)
          per_page: 20
        """
    }
}
