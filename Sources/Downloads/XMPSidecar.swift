import Foundation
import ProviderKit

/// The XMP sidecar written next to each image (`NAME.EXT.xmp`, ``fileName(forImage:)``; read
/// by digiKam, darktable, Lightroom and exiftool): title, description, creator, tags, rights
/// and usage terms (the credit line), the licence URL (`xmpRights:WebStatement`,
/// `cc:license`), the source page (`dc:source`), the date taken and the place (`photoshop:City`,
/// `State`, `Country`, `Iptc4xmpCore:CountryCode`, and `Iptc4xmpCore:Location` for a place
/// within the city). Every value is XML-escaped.
package enum XMPSidecar {
    /// The sidecar's path for the image at `file` (a path relative to the target folder): the
    /// image's whole name and `.xmp` (`x.jpg.xmp`), which a reader takes for that image alone,
    /// so `x.jpg`'s and `x.jpg.jpg`'s sidecars can never be confused.
    package static func fileName(forImage file: String) -> String { file + ".xmp" }

    /// The sidecar's text for `photo`.
    package static func text(for photo: Photo) -> String {
        var fields: [String] = []
        if let title = present(photo.title) { fields.append(alternative("dc:title", title)) }
        if let description = present(photo.description) { fields.append(alternative("dc:description", description)) }
        if let author = present(photo.author) {
            fields.append("   <dc:creator><rdf:Seq><rdf:li>\(escaped(author))</rdf:li></rdf:Seq></dc:creator>")
            fields.append("   <cc:attributionName>\(escaped(author))</cc:attributionName>")
        }
        let tags = photo.tags.compactMap(present)
        if !tags.isEmpty {
            let items = tags.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joinedText()
            fields.append("   <dc:subject><rdf:Bag>\(items)</rdf:Bag></dc:subject>")
        }
        let credit = present(photo.attribution) ?? AttributionLine.line(for: photo)
        if let rights = credit ?? present(photo.license?.name) {
            fields.append(alternative("dc:rights", rights))
            fields.append(alternative("xmpRights:UsageTerms", rights))
        }
        // Addresses only as links may have them (``LinkRule``): never a path, a `javascript:` or a `data:` URL.
        if let url = LinkRule.linkable(photo.license?.url) {
            fields.append("   <xmpRights:WebStatement>\(escaped(url))</xmpRights:WebStatement>")
            fields.append("   <cc:license rdf:resource=\"\(escaped(url))\"/>")
        }
        if let page = LinkRule.linkable(photo.pageURL) {
            fields.append("   <dc:source>\(escaped(page))</dc:source>")
            fields.append("   <cc:attributionURL rdf:resource=\"\(escaped(page))\"/>")
        }
        if let taken = photo.takenAt {
            let date = taken.description  // as recorded: with its offset when known, else a local time
            fields.append("   <photoshop:DateCreated>\(date)</photoshop:DateCreated>")
            fields.append("   <exif:DateTimeOriginal>\(date)</exif:DateTimeOriginal>")
        }
        if let place = photo.place { fields += placeFields(place) }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Viewfinder">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"
                xmlns:cc="http://creativecommons.org/ns#"
                xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
                xmlns:exif="http://ns.adobe.com/exif/1.0/"
                xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">
            \(fields.joinedText(separator: "\n"))
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """
    }

    /// The place as the IPTC Core fields photo managers read: the city (else the place), the
    /// place itself as the sublocation when it is not the city, the region, the country and its code.
    private static func placeFields(_ place: PlaceNames) -> [String] {
        let city = present(place.city) ?? present(place.name)
        let within = present(place.name).flatMap { $0 == city ? nil : $0 }
        let code = present(place.countryCode).flatMap { $0.count == 2 ? $0.uppercased() : nil }
        return [
            ("photoshop:City", city), ("Iptc4xmpCore:Location", within), ("photoshop:State", present(place.region)),
            ("photoshop:Country", present(place.country)), ("Iptc4xmpCore:CountryCode", code),
        ].compactMap { element, value in value.map { "   <\(element)>\(escaped($0))</\(element)>" } }
    }

    private static func alternative(_ element: String, _ value: String) -> String {
        "   <\(element)><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(value))</rdf:li></rdf:Alt></\(element)>"
    }

    private static func present(_ text: String?) -> String? {
        guard let text else { return nil }
        // A printable ASCII character is never white space: most texts are decided here.
        if text.utf8.contains(where: { (0x21...0x7E).contains($0) }) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    /// `text` for XML content and attributes: markup characters as entities, and the characters
    /// XML 1.0 forbids (controls other than tab and line ends, U+FFFE, U+FFFF) dropped.
    package static func escaped(_ text: String) -> String {
        // Printable ASCII without markup characters, as most titles and addresses are, stays as it is.
        let plain = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
            case 0x20...0x7E: true
            default: false
            }
        }
        if plain { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
