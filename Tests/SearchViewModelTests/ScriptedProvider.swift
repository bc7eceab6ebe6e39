import Foundation
import ProviderKit
import ServiceBus

/// An in-process provider that follows a script: pages after delays, then an ending.
struct ScriptedProvider: PhotoProvider {
    enum Ending: Sendable {
        case finish
        case fail(ProviderError)
        case hang
    }

    let name: String
    var pages: [(delay: Duration, photos: [Photo])]
    var ending: Ending = .finish
    var supportsPopular: Bool { true }

    func pages(for request: SearchRequest) -> AsyncThrowingStream<PhotoPage, any Error> {
        let script = pages
        let ending = ending
        return .pages { index in
            if index < script.count {
                try await Task.sleep(for: script[index].delay)
                return PhotoPage(photos: script[index].photos)
            }
            switch ending {
            case .finish: return nil
            case .fail(let error): throw error
            case .hang:
                try await Task.sleep(for: .seconds(3600))
                return nil
            }
        }
    }

    /// `count` photos named `<name>-1`, `<name>-2`, …
    static func photos(_ name: String, _ count: Int, pageURLPrefix: String? = nil) -> [Photo] {
        (1...max(count, 1)).prefix(count).map { index in
            Photo(
                provider: name, id: "\(name)-\(index)", title: "\(name) \(index)",
                pageURL: pageURLPrefix.map { URL(string: "\($0)\(index)")! })
        }
    }

    func live(weight: Double = 1, timeout: Duration? = nil, maxResults: Int? = nil) -> LiveProvider {
        LiveProvider(provider: self, typeName: "scripted", weight: weight, timeout: timeout, maxResults: maxResults)
    }
}
