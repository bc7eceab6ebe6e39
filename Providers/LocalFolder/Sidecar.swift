import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An XMP sidecar beside a photo: `photo.jpg.xmp` (darktable, digiKam, Viewfinder's downloads)
/// or `photo.xmp` (Lightroom, exiftool), in the same folder (which one: see
/// ``FolderListing/sidecarKey(for:hasSidecar:hasFile:)``). Its title, description,
/// creator, tags, rights, rating and date are merged over the photo's own metadata.
struct Sidecar: Sendable, Equatable {
    /// The sidecar's file name in the photo's folder, as its bytes (it need not be UTF-8).
    var name: [UInt8]
    var size: Int64
    /// When the sidecar's inode last changed (ctime), not its modification time: two sidecars of
    /// one size and time swapped by renaming (or one written with `touch -r` beside another) keep
    /// their modification times, but each rename changes this.
    var changedNanoseconds: Int64

    /// Larger sidecars are not read: real ones are a few kilobytes, with a preview a few hundred.
    static let maximumSize = FileBytes.budget

    /// Whether `name` (bytes of a file name or path) is a sidecar's: it ends in `.xmp`, in any
    /// case. Asked of every file listed, so it compares bytes and allocates nothing.
    static func isSidecar(_ name: [UInt8]) -> Bool {
        let count = name.count
        return count > 4 && name[count - 4] == UInt8(ascii: ".") && name[count - 3] | 0x20 == UInt8(ascii: "x")
            && name[count - 2] | 0x20 == UInt8(ascii: "m") && name[count - 1] | 0x20 == UInt8(ascii: "p")
    }

    /// `metadata` (the photo's own, or why it could not be read) with the sidecar's fields merged
    /// over it; the photo's own when there is no sidecar or it cannot be read.
    ///
    /// The sidecar is opened by the bytes of its path below `root` (``DeepPath``), so one beside
    /// a photo deeper than `PATH_MAX`, or in a folder whose name is not UTF-8, is read too.
    static func merge(
        _ sidecar: Sidecar?, besidePhoto photo: [UInt8], below root: [UInt8],
        over metadata: Result<ImageMetadata, ImageMetadataError>, format: ImageFormat
    ) -> ImageMetadata? {
        let own = try? metadata.get()
        guard let sidecar, sidecar.size <= maximumSize else { return own }
        var relative = photo.lastIndex(of: UInt8(ascii: "/")).map { Array(photo[...$0]) } ?? []
        relative += sidecar.name
        let descriptor = DeepPath.open(
            root: root, relative: relative, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0,
            let file = try? FileBytes(adopting: descriptor),
            let bytes = try? file.read(0, min(file.size, maximumSize))
        else { return own }
        var read = ImageMetadata(format: format.rawValue)
        XMPReader.read(bytes, into: &read)
        return merge(read, over: own ?? ImageMetadata(format: format.rawValue))
    }

    /// The sidecar's values where it has them, the photo's elsewhere; tags from both, once each.
    static func merge(_ sidecar: ImageMetadata, over own: ImageMetadata) -> ImageMetadata {
        var merged = own
        merged.title = sidecar.title ?? own.title
        merged.description = sidecar.description ?? own.description
        merged.creator = sidecar.creator ?? own.creator
        merged.rating = sidecar.rating ?? own.rating
        merged.takenAt = sidecar.takenAt ?? own.takenAt
        merged.cameraMake = own.cameraMake ?? sidecar.cameraMake
        merged.cameraModel = own.cameraModel ?? sidecar.cameraModel
        if own.latitude == nil || own.longitude == nil {
            merged.latitude = sidecar.latitude
            merged.longitude = sidecar.longitude
        }
        if !sidecar.rights.isEmpty { merged.rights = sidecar.rights }
        if let place = sidecar.place, !place.isEmpty { merged.place = place }
        var seen = Set(own.keywords.map { $0.lowercased() })
        for keyword in sidecar.keywords where merged.keywords.count < ImageInspector.maximumKeywords {
            if seen.insert(keyword.lowercased()).inserted { merged.keywords.append(keyword) }
        }
        return merged
    }
}

extension FolderListing {
    /// Pairs each photo with its sidecar (``sidecarKey(for:hasSidecar:hasFile:)``) and takes the
    /// sidecars out of the listing: they are not photos.
    mutating func attachSidecars() {
        // Most folders have none: one scan, and nothing moved.
        guard files.contains(where: { Sidecar.isSidecar($0.relative) }) else { return }
        var sidecars: [[UInt8]: File] = [:]  // by relative path without ".xmp"
        files.removeAll { file in
            guard Sidecar.isSidecar(file.relative) else { return false }
            // `x.jpg.xmp` and `x.jpg.XMP` both: the lower-case one (else the first in byte order),
            // whatever order the folder lists them in.
            let key = Array(file.relative.dropLast(4))
            if let kept = sidecars[key] {
                let lower = Array(".xmp".utf8)
                let keptWins =
                    kept.relative.suffix(4).elementsEqual(lower)
                    || (!file.relative.suffix(4).elementsEqual(lower)
                        && kept.relative.lexicographicallyPrecedes(file.relative))
                if keptWins { return true }
            }
            sidecars[key] = file
            return true
        }
        guard !sidecars.isEmpty else { return }
        let names = Set(files.map(\.relative))
        for index in files.indices {
            guard
                let key = Self.sidecarKey(
                    for: files[index].relative, hasSidecar: { sidecars[$0] != nil }, hasFile: names.contains),
                let found = sidecars[key]
            else { continue }
            let sidecarName = found.relative.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? found.relative
            files[index].sidecar = Sidecar(
                name: sidecarName, size: found.size, changedNanoseconds: found.changedNanoseconds)
        }
    }

    /// Which sidecar is the photo at `relative`'s, by the sidecar's path without `.xmp`; `nil`
    /// for none. The rule (README, "Local folders"):
    ///
    /// 1. `NAME.EXT.xmp`, the photo's whole name and `.xmp` (what downloads, darktable and
    ///    digiKam write), when present, and no other.
    /// 2. Else `NAME.xmp` (Lightroom, exiftool), the name without its last extension, unless a
    ///    file named `NAME` is beside it: then `NAME.xmp` is that file's, by rule 1. One
    ///    `NAME.xmp` serves every `NAME.*` without a sidecar of its own (a RAW file and its JPEG).
    ///
    /// `hasSidecar` tells whether a sidecar has that path without `.xmp`; `hasFile` whether a
    /// file (not a sidecar) has that path. Names are bytes, compared exactly.
    static func sidecarKey(
        for relative: [UInt8], hasSidecar: ([UInt8]) -> Bool, hasFile: ([UInt8]) -> Bool
    ) -> [UInt8]? {
        if hasSidecar(relative) { return relative }
        let nameStart = (relative.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        // The stem as `LocalFile.stem(of:)` finds it in text: a leading dot starts no extension.
        guard let dot = relative.lastIndex(of: UInt8(ascii: ".")), dot > nameStart else { return nil }
        let stem = Array(relative[..<dot])
        guard hasSidecar(stem), !hasFile(stem) else { return nil }
        return stem
    }
}
