import Foundation
import ProviderKit

extension Photo {
    /// This photo as it may be written to disk (file name, sidecar, archive, `CREDITS.md`):
    /// every text and address passed through `redact`, so a key a provider echoed in a title
    /// or a page URL (`?key=…`) never lands in a file. Its images keep their addresses: they
    /// are fetched, never written.
    func redacted(by redact: (String) -> String) -> Photo {
        var copy = self
        copy.id = redact(id)
        copy.title = title.map(redact)
        copy.description = description.map(redact)
        copy.author = author.map(redact)
        copy.tags = tags.map(redact)
        copy.attribution = attribution.map(redact)
        copy.pageURL = pageURL.flatMap { URL(string: redact($0.absoluteString)) }
        copy.authorURL = authorURL.flatMap { URL(string: redact($0.absoluteString)) }
        if var license {
            license.name = redact(license.name)
            license.url = license.url.flatMap { URL(string: redact($0.absoluteString)) }
            copy.license = license
        }
        return copy
    }
}
