import Foundation
import Logging
import ProviderKit
import ProviderTesting
import Testing

@testable import LocalFolderProvider

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders deeper than a path may be long, and names that are not UTF-8: their photos are found,
/// opened and shown like any other.
@Suite("Local folder: deep folders and names that are not UTF-8")
struct DeepAndForeignNameTests {
    /// A JPEG whose metadata says "Harbour at dusk" (title) and "boats" (keyword), so a match
    /// proves the file was opened and read.
    static var richJPEG: [UInt8] {
        Array(
            (try? Data(contentsOf: PhotoFolder.plainJPEG.deletingLastPathComponent().appendingPathComponent("full.jpg")))
                ?? Data())
    }

    /// `openat` and `mkdirat` with a name given as bytes.
    static func at<T>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (name + [0]).withUnsafeBytes { body($0.bindMemory(to: CChar.self).baseAddress!) }
    }

    /// The bytes `text` percent-encodes.
    static func percentDecoded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let byte = rest.utf8.first {
            if byte == UInt8(ascii: "%"), let value = UInt8(rest.dropFirst().prefix(2), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
                rest = rest.dropFirst()
            }
        }
        return bytes
    }

    /// An XMP sidecar whose only keyword is `keyword`.
    static func sidecar(keyword: String) -> [UInt8] {
        Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:subject><rdf:Bag><rdf:li>\(keyword)</rdf:li></rdf:Bag></dc:subject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    /// Creates the folders `names` one inside the other below `root`, and `file` holding
    /// `bytes` in the last (and `extra` files beside it), relative to descriptors since the
    /// whole path is too long to name.
    static func makeChain(
        below root: URL, _ names: [[UInt8]], file: [UInt8], bytes: [UInt8], extra: [([UInt8], [UInt8])] = []
    ) -> Bool {
        var folder = open(root.path, O_RDONLY | O_DIRECTORY)
        for name in names {
            guard folder >= 0, at(name, { mkdirat(folder, $0, 0o755) }) == 0 else { return false }
            let next = at(name, { openat(folder, $0, O_RDONLY | O_DIRECTORY) })
            close(folder)
            folder = next
        }
        guard folder >= 0 else { return false }
        defer { close(folder) }
        for (name, content) in [(file, bytes)] + extra {
            let descriptor = at(name, { openat(folder, $0, O_CREAT | O_WRONLY, 0o644) })
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            guard content.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == content.count else {
                return false
            }
        }
        return true
    }

    /// Removes what ``makeChain(below:_:file:bytes:)`` made, deepest first.
    static func removeChain(below root: URL, _ names: [[UInt8]], files: [[UInt8]]) {
        var folders = [open(root.path, O_RDONLY | O_DIRECTORY)]
        for name in names {
            let parent = folders[folders.count - 1]
            folders.append(at(name, { openat(parent, $0, O_RDONLY | O_DIRECTORY) }))
        }
        for file in files { _ = at(file, { unlinkat(folders[folders.count - 1], $0, 0) }) }
        for (index, name) in names.enumerated().reversed() {
            _ = at(name, { unlinkat(folders[index], $0, AT_REMOVEDIR) })
        }
        for folder in folders where folder >= 0 { close(folder) }
    }

    @Test(
        "a photo in folders deeper than PATH_MAX is found by its metadata and its sidecar's, first and from the index")
    func deeperThanPathMax() async throws {
        let folder = try PhotoFolder()
        let names = (0..<24).map { [UInt8](repeating: UInt8(ascii: "d"), count: 200) + Array(String($0).utf8) }
        let file = Array("deep-photo.jpg".utf8)
        let sidecar = Array("deep-photo.xmp".utf8)
        let made = try await BlockingExecutor.shared.run { _ in
            Self.makeChain(
                below: folder.url, names, file: file, bytes: Self.richJPEG,
                extra: [(sidecar, Self.sidecar(keyword: "lighthouse"))])
        }
        #expect(made)
        let relative = names.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/") + "/deep-photo.jpg"
        #expect(relative.utf8.count > 4096)
        let logs = CapturingLogHandler.Store()
        for query in ["boats", "lighthouse"] {  // read afresh, then from the index; the file's keyword, the sidecar's
            let photos = try await folder.verboseSearch(query, logs: logs)
            #expect(photos.map(\.id) == [relative], "\(query)")
            #expect(photos.first?.title == "Harbour at dusk")
        }
        let lines = logs.all.filter { $0.contains("local: ") }
        #expect(lines.first?.contains("1 image; 1 read, 0 from the index") == true, "\(lines)")
        #expect(lines.last?.contains("1 image; 0 read, 1 from the index") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("unreadable") })
        try await BlockingExecutor.shared.run { _ in
            Self.removeChain(below: folder.url, names, files: [file, sidecar])
            folder.remove()
        }
    }

    @Test(
        "a Latin-1 name is found by metadata, by its name and by its sidecar, shown with U+FFFD, opened by its real bytes"
    )
    func latin1Name() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        let name = Array("caf".utf8) + [0xE9] + Array("-terrace.jpg".utf8)  // "café" in Latin-1
        let sidecar = name + Array(".xmp".utf8)
        #expect(
            Self.makeChain(
                below: folder.url, [], file: name, bytes: Self.richJPEG,
                extra: [(sidecar, Self.sidecar(keyword: "espresso"))]))
        let logs = CapturingLogHandler.Store()
        // By metadata, by name, by the sidecar's keyword, then from the index.
        for query in ["boats", "terrace", "espresso", "boats"] {
            let photos = try await folder.verboseSearch(query, logs: logs)
            let photo = try #require(photos.first)
            #expect(photo.id == "caf%E9-terrace.jpg")  // the bad byte escaped: ids stay apart
            #expect(photo.title == "Harbour at dusk")
            #expect(photo.filePath == folder.url.path + "/caf\u{FFFD}-terrace.jpg")
            let url = try #require(photo.pageURL)
            #expect(url.absoluteString.hasSuffix("/caf%E9-terrace.jpg"))
            // The URL names the real file: opening it by the URL's bytes works.
            let opened = Self.at(Self.percentDecoded(url.path(percentEncoded: true))) { open($0, O_RDONLY) }
            #expect(opened >= 0)
            if opened >= 0 { close(opened) }
        }
        let lines = logs.all.filter { $0.contains("local: ") }
        // The photo's name and its sidecar's.
        #expect(lines.first?.contains("2 names not UTF-8 (shown with \u{FFFD})") == true, "\(lines)")
        #expect(lines.last?.contains("0 read, 1 from the index") == true, "\(lines)")
    }

    @Test("two names that differ only in bytes that are not UTF-8 are two photos with two ids, though shown alike")
    func namesDifferingOnlyInBadBytes() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        let names = [Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), Array("caf".utf8) + [0xE8] + Array(".jpg".utf8)]
        let percent = Array("100%".utf8) + [0xFF] + Array(".jpg".utf8)
        for name in names + [percent] {
            #expect(Self.makeChain(below: folder.url, [], file: name, bytes: Self.richJPEG, extra: []))
        }
        let photos = try await folder.verboseSearch("boats", logs: CapturingLogHandler.Store())
        #expect(Set(photos.map(\.id)) == ["caf%E9.jpg", "caf%E8.jpg", "100%25%FF.jpg"])
        #expect(Set(photos.compactMap(\.filePath).map { $0.hasSuffix("/caf\u{FFFD}.jpg") }) == [true, false])
        #expect(LocalFile.identifier(of: Array("café/ok.jpg".utf8)) == "café/ok.jpg")  // UTF-8 names are their own ids
        #expect(LocalFile.identifier(of: Array("a%b".utf8) + [0xC3]) == "a%25b%C3")
    }
}
