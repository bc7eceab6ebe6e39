import Foundation
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

/// A file's own place fields (IPTC and XMP) shown and searched, first and from the index, beside
/// the names of its position.
@Suite("Local photos' own place fields")
struct LocalPlaceTests {
    @Test(
        "own place fields win for display and are searchable, read afresh and from the index; a sidecar's win over the file's"
    )
    func ownFields() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.copyCorpus("dates/place-xmp.jpg", to: "munich.jpg")
        try folder.copyCorpus("dates/place-iptc.jpg", to: "lisbon.jpg")
        try folder.copyCorpus("dates/place-iptc.jpg", to: "edited.jpg")
        try folder.write(
            "edited.xmp",
            Data(
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
                 photoshop:City="Porto" photoshop:Country="Portugal"/></rdf:RDF></x:xmpmeta>
                """.utf8))
        let logs = CapturingLogHandler.Store()
        for _ in 0..<2 {  // read afresh, then from the index
            let bavaria = try await folder.verboseSearch("bayern", logs: logs)
            #expect(bavaria.map(\.id) == ["munich.jpg"])
            #expect(
                bavaria.first?.place
                    == PlaceNames(
                        name: "Marienplatz", city: "München", region: "Bayern", country: "Deutschland",
                        countryCode: "DE"))
            #expect(try await folder.verboseSearch("alfama", logs: logs).map(\.id) == ["lisbon.jpg"])
            let porto = try await folder.verboseSearch("porto", logs: logs)
            #expect(porto.map(\.id) == ["edited.jpg"])
            #expect(porto.first?.place?.city == "Porto")
        }
        let lines = logs.all.filter { $0.contains("local: ") }
        #expect(lines.last?.contains("0 read, 3 from the index") == true, "\(lines)")
    }
}
