import Foundation
import ProviderKit

/// Walks a folder and returns the image files in it, recognised by their first bytes.
struct FolderWalker: Sendable {
    let root: URL
    let recursive: Bool

    /// Every image file under ``root``; throws when the folder itself cannot be read, or when cancelled.
    func imageFiles() throws -> [LocalFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw ProviderError.notFound("folder \(root.path) does not exist; check `path` in the configuration")
        }
        guard isDirectory.boolValue else {
            throw ProviderError.badData("\(root.path) is a file, not a folder; set `path` to a folder of photos")
        }
        guard FileManager.default.isReadableFile(atPath: root.path) else {
            throw ProviderError.rejected("folder \(root.path) cannot be read (permission denied)")
        }
        let keys: [URLResourceKey] = [.isRegularFileKey, .contentModificationDateKey]
        var options: FileManager.DirectoryEnumerationOptions = [.skipsHiddenFiles]
        if !recursive { options.insert(.skipsSubdirectoryDescendants) }
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: keys, options: options, errorHandler: { _, _ in true })
        else { throw ProviderError.rejected("folder \(root.path) cannot be read") }

        let rootPath = root.standardizedFileURL.path
        var files: [LocalFile] = []
        var visited = 0
        for case let url as URL in enumerator {
            visited += 1
            if visited % 256 == 0 { try Task.checkCancellation() }
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                let format = Self.format(of: url)
            else { continue }
            let path = url.standardizedFileURL.path
            let relative =
                path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : url.lastPathComponent
            files.append(
                LocalFile(
                    url: url.standardizedFileURL, relativePath: relative, format: format,
                    modified: values.contentModificationDate ?? .distantPast,
                    metadata: try? ImageInspector.inspect(url)))
        }
        try Task.checkCancellation()
        return files
    }

    /// Reads the first bytes of the file and recognises its format.
    private static func format(of url: URL) -> ImageFormat? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: ImageFormat.signatureLength)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, ImageFormat.signatureLength) }
        guard count > 0 else { return nil }
        return ImageFormat.detect(buffer.prefix(count))
    }
}
