import Foundation
import LocalFolderProvider
import Testing

/// The fields `inspect` reports that exiftool also reads (`exiftool -j -n`): size as displayed,
/// orientation, camera and GPS, compared one by one.
enum ExiftoolExpectations {
    /// Expects `read` to agree with exiftool's reading `expected` of the same file.
    static func expectCameraFields(
        _ read: ImageMetadata, _ expected: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let orientation = expected["Orientation"] as? Int
        let rotated = orientation.map { (5...8).contains($0) } ?? false
        #expect(read.width == expected[rotated ? "ImageHeight" : "ImageWidth"] as? Int, sourceLocation: sourceLocation)
        #expect(read.height == expected[rotated ? "ImageWidth" : "ImageHeight"] as? Int, sourceLocation: sourceLocation)
        #expect(read.orientation == orientation, sourceLocation: sourceLocation)
        #expect(read.cameraMake == expected["Make"] as? String, sourceLocation: sourceLocation)
        #expect(read.cameraModel == expected["Model"] as? String, sourceLocation: sourceLocation)
        let micro = { (value: Double?) in value.map { ($0 * 1e6).rounded() } }
        #expect(micro(read.latitude) == micro(expected["GPSLatitude"] as? Double), sourceLocation: sourceLocation)
        #expect(micro(read.longitude) == micro(expected["GPSLongitude"] as? Double), sourceLocation: sourceLocation)
    }
}
