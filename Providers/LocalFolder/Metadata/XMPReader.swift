import Foundation

/// Reads the Dublin Core and XMP basic fields Viewfinder uses from an XMP packet:
/// dc:title, dc:description, dc:subject, dc:creator and xmp:Rating.
enum XMPReader {
    static func read(_ packet: [UInt8], into metadata: inout ImageMetadata) {
        let text = MetadataText.decode(packet)
        if let title = items(of: "dc:title", in: text).first { metadata.title = MetadataText.clean(title) }
        if let description = items(of: "dc:description", in: text).first {
            metadata.description = MetadataText.clean(description)
        }
        metadata.keywords += items(of: "dc:subject", in: text).compactMap(MetadataText.clean)
        let creators = items(of: "dc:creator", in: text).compactMap(MetadataText.clean)
        if !creators.isEmpty { metadata.creator = creators.joined(separator: ", ") }
        if let rating = property("xmp:Rating", in: text).flatMap(Double.init), (-1...5).contains(rating) {
            metadata.rating = rating
        }
    }

    /// The `rdf:li` values inside `<name>…</name>`, or its plain text when it has no list.
    static func items(of name: String, in text: String) -> [String] {
        guard let body = element(name, in: text) else { return [] }
        var values: [String] = []
        var rest = body[...]
        while let open = rest.range(of: "<rdf:li") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
            if rest[..<tagEnd].hasSuffix("/") {  // <rdf:li/>: empty
                rest = rest[rest.index(after: tagEnd)...]
                continue
            }
            guard let close = rest[tagEnd...].range(of: "</rdf:li>") else { break }
            values.append(unescape(String(rest[rest.index(after: tagEnd)..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        if values.isEmpty, !body.contains("<") { values.append(unescape(body)) }
        return values
    }

    /// A simple property written either as an attribute (`xmp:Rating="4"`) or as an element.
    static func property(_ name: String, in text: String) -> String? {
        for quote in ["\"", "'"] {
            if let start = text.range(of: " \(name)=\(quote)") ?? text.range(of: "\n\(name)=\(quote)")
                ?? text.range(of: "\t\(name)=\(quote)"),
                let end = text[start.upperBound...].firstIndex(of: Character(quote))
            {
                return unescape(String(text[start.upperBound..<end]))
            }
        }
        return element(name, in: text).map(unescape)
    }

    private static func element(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)"), let tagEnd = text[open.upperBound...].firstIndex(of: ">"),
            !text[..<tagEnd].hasSuffix("/"), let close = text[tagEnd...].range(of: "</\(name)>")
        else { return nil }
        let next = text[open.upperBound]
        guard next == ">" || next == " " || next == "\n" || next == "\t" || next == "\r" else { return nil }
        return String(text[text.index(after: tagEnd)..<close.lowerBound])
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let scalar =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let scalar, let character = Unicode.Scalar(scalar) { result.unicodeScalars.append(character) }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }
}
