import ArgumentParser
import Foundation
import LocalFolderProvider
import Places
import ProviderKit
import SearchViewModel
import ServiceBus
import TerminalView

/// `viewfinder inspect PATH...`
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what Viewfinder reads from image files: size, date, camera, place, title, keywords.")

    @Argument(help: "Image files to read.")
    var paths: [String]

    @Option(help: "Output format: text or json.")
    var format: InspectFormat = .text

    enum InspectFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    mutating func validate() throws {
        if paths.isEmpty { throw ValidationError("Please name at least one image file.") }
    }

    func run() async throws {
        var entries: [InspectJSON] = []
        for path in paths {
            // By the argument's own bytes, relative to the current folder as the shell meant it:
            // neither the name nor the folder need be UTF-8.
            let file = ArgumentBytes.path(path)
            switch FileKind.nonRegular(file) {
            case nil: break
            case "a folder":
                entries.append(InspectJSON(path: path, error: "is a folder; name the image files in it"))
                continue
            case let kind?:
                entries.append(InspectJSON(path: path, error: "is \(kind), not a regular file; name an image file"))
                continue
            }
            do {
                entries.append(InspectJSON(path: path, metadata: try await ImageInspector.inspectOffPool(path: file)))
            } catch let error as ImageMetadataError {
                entries.append(InspectJSON(path: path, error: error.message))
            } catch {
                entries.append(InspectJSON(path: path, error: "\(error)"))
            }
        }
        switch format {
        case .json: Console.out(SearchJSON.encode(entries, pretty: true) + "\n")
        case .text: Console.out(entries.map(\.text).joinedText(separator: "\n"))
        }
        if entries.contains(where: { $0.error != nil }) { throw ExitCodes.failed }
    }
}

/// One file in `inspect` output; absent values are `null`.
struct InspectJSON: Encodable {
    let path: String
    let metadata: ImageMetadata?
    /// Where it was taken, in words: the names of its position.
    let place: PlaceNames?
    let error: String?

    init(path: String, metadata: ImageMetadata) {
        self.path = path
        self.metadata = metadata
        // The file's own place fields win, as in a search result.
        place = metadata.place ?? metadata.location.flatMap { Gazetteer.forSearch?.names(at: $0) }
        error = nil
    }

    init(path: String, error: String) {
        self.path = path
        metadata = nil
        place = nil
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case path, format, width, height, orientation, latitude, longitude, place, title, description, keywords,
            rating, creator, license, rights
        case placeFrom = "place_from"
        case error
        case takenAt = "taken_at"
        case cameraMake = "camera_make"
        case cameraModel = "camera_model"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        guard let metadata else {
            try container.encode(error, forKey: .error)
            return
        }
        try container.encode(metadata.format, forKey: .format)
        try container.encode(metadata.width, forKey: .width)
        try container.encode(metadata.height, forKey: .height)
        try container.encode(metadata.orientation, forKey: .orientation)
        try container.encode(metadata.takenAt?.description, forKey: .takenAt)
        try container.encode(metadata.cameraMake, forKey: .cameraMake)
        try container.encode(metadata.cameraModel, forKey: .cameraModel)
        try container.encode(metadata.latitude, forKey: .latitude)
        try container.encode(metadata.longitude, forKey: .longitude)
        try container.encode(place.map(SearchJSON.PlaceJSON.init), forKey: .place)
        try container.encode(place == nil ? nil : metadata.place == nil ? "position" : "file", forKey: .placeFrom)
        try container.encode(metadata.title, forKey: .title)
        try container.encode(metadata.description, forKey: .description)
        try container.encode(metadata.keywords, forKey: .keywords)
        try container.encode(metadata.rating, forKey: .rating)
        try container.encode(metadata.creator, forKey: .creator)
        try container.encode(metadata.rights.license.map(SearchJSON.LicenseJSON.init), forKey: .license)
        try container.encode(metadata.rights.usageTerms ?? metadata.rights.copyright, forKey: .rights)
    }

    /// The human-readable block for this file.
    var text: String {
        let path = TerminalText.sanitized(path)
        guard let metadata else { return "\(path)\n  error        \(TerminalText.sanitized(error ?? ""))\n" }
        let camera = CameraName.from(make: metadata.cameraMake, model: metadata.cameraModel)  // as results show it
        let rows: [(String, String?)] = [
            ("format", metadata.format),
            ("size", metadata.width.flatMap { width in metadata.height.map { "\(width)×\($0)" } }),
            ("orientation", metadata.orientation.map(String.init)),
            ("taken", metadata.takenAt?.description),
            ("camera", camera),
            ("location", metadata.latitude.flatMap { lat in metadata.longitude.map { "\(lat), \($0)" } }),
            ("place", place.map { PhotoRow.placeDetail($0) }),
            ("title", metadata.title), ("description", metadata.description),
            ("keywords", metadata.keywords.isEmpty ? nil : metadata.keywords.joinedText(separator: ", ")),
            ("rating", metadata.rating.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }),
            ("creator", metadata.creator),
            ("license", metadata.rights.license.map { $0.id == "unknown" ? "unknown" : $0.name }),
            ("rights", metadata.rights.usageTerms ?? metadata.rights.copyright),
        ]
        return "\(path)\n"
            + rows.compactMap { name, value in
                value.map { "  \(TextFitting.pad(name, to: 12)) \(TerminalText.sanitized($0))\n" }
            }.joinedText()
    }
}
