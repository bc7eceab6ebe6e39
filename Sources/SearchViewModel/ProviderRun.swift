import ProviderKit
import ServiceBus

/// Runs one provider under its own timeout, reporting each page as it arrives.
struct ProviderRun: Sendable {
    /// How a provider's run ended.
    enum Outcome: Sendable, Equatable {
        case ok
        case failed(String)
        case timedOut
        case cancelled
    }

    let live: LiveProvider
    let request: SearchRequest

    /// Streams pages to `onPage` until the provider finishes, fails, times out or is cancelled.
    func run(onPage: @escaping @Sendable ([Photo]) -> Void) async -> Outcome {
        await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do {
                    for try await page in live.provider.pages(for: request) {
                        if Task.isCancelled { break }
                        onPage(page.photos)
                    }
                    return Task.isCancelled ? .cancelled : .ok
                } catch {
                    return Task.isCancelled ? .cancelled : .failed(Self.describe(error))
                }
            }
            if let timeout = live.timeout {
                group.addTask {
                    do {
                        try await Task.sleep(for: timeout)
                        return .timedOut
                    } catch {
                        return nil
                    }
                }
            }
            var outcome = Outcome.cancelled
            while let next = await group.next() {
                if let next {
                    outcome = next
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }

    private static func describe(_ error: any Error) -> String {
        if error is CancellationError { return "cancelled" }
        return String(describing: error)
    }
}
