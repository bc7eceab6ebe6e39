import Foundation
import Logging
import ProviderKit

/// Runs a plugin program for each search and streams the photos it prints.
struct ExecProvider: PhotoProvider {
    /// The most output read from one run.
    static let outputLimit = 16 << 20

    let name: String
    let command: [String]
    let environment: [String: String]
    let options: [String: JSONValue]
    /// Hides the configured secrets in the program's output before it is cut into a message.
    var secrets: Redactor = .none
    /// The most output read from one run; ``outputLimit`` unless a test lowers it.
    var outputLimit = Self.outputLimit
    /// Where `--verbose` notes go: values no photo can have, made unknown.
    var logger = Logger(label: "viewfinder.exec")

    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let session = ExecSession(provider: self, request: request)
        return .pages { _ in try await session.nextPage() }
    }
}
