import Foundation

/// A temporary folder of real image files copied from the bundled samples, removed by `remove()`.
struct PhotoFolder {
    let url: URL

    /// The repository's `Samples/` folder.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    /// A real JPEG and a real PNG's bytes, for files whose names say nothing about their format.
    static var jpegBytes: Data {
        (try? Data(contentsOf: samples.appendingPathComponent("harbor-crane-fog.jpg"))) ?? Data()
    }

    /// Creates an empty folder.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vf-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` at `relativePath`, creating folders.
    func write(_ relativePath: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// A small JPEG with no metadata at all, for tests about names alone.
    static let plainJPEG = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Corpus/plain.jpg")

    /// Copies the metadata-free JPEG to `relativePath`.
    func copyPlain(to relativePath: String) throws {
        try write(relativePath, Data(contentsOf: Self.plainJPEG))
    }

    /// Copies a file of the test corpus to `relativePath`.
    func copyCorpus(_ name: String, to relativePath: String) throws {
        try write(
            relativePath, Data(contentsOf: Self.plainJPEG.deletingLastPathComponent().appendingPathComponent(name)))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
