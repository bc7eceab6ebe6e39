import Foundation
import ProviderKit
import Testing

@testable import TerminalImages

/// Each decoder on real files (the corpus' and the samples' photos, PNGs made here), scaled
/// decoding, and hostile input: refused with a specific reason, never a crash.
@Suite struct PictureDecoderTests {
    @Test(arguments: [
        ("full.jpg", 64, 48), ("full.png", 40, 30), ("full.webp", 36, 24), ("full.heic", 40, 30), ("full.avif", 44, 28),
        ("rotated.heic", 30, 40),
    ])
    func decodesEachFormatAtItsSize(_ name: String, _ width: Int, _ height: Int) throws {
        let picture = try PictureDecoder.decode(try TestFiles.corpusFile(name))
        #expect((picture.width, picture.height) == (width, height))
        #expect((picture.sourceWidth, picture.sourceHeight) == (width, height))
        #expect(picture.stride == width * 4)
        // Real pictures: not one flat colour, and opaque.
        let (distinct, opaque) = picture.withPixels { pixels in
            (
                Set(stride(from: 0, to: pixels.count, by: 4).map { pixels[$0] }).count,
                stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
            )
        }
        #expect(distinct > 4)
        #expect(opaque)
    }

    @Test func pngPixelsAreExact() async throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await TestFiles.makePNG(width: 9, height: 7, seed: 2, alpha: true, in: folder)
        let picture = try PictureDecoder.decode([UInt8](try Data(contentsOf: file)))
        // The helper's pattern, computed again.
        for y in 0..<7 {
            for x in 0..<9 {
                let expected: [UInt8] = [
                    UInt8((x * 255 / 8 + 2 * 37) % 256), UInt8((y * 255 / 6 + 2 * 11) % 256),
                    UInt8(((x ^ y) * 9 + 2 * 53) % 256), (x / 4 + y / 4) % 3 == 0 ? 96 : 255,
                ]
                let actual = picture.withPixels {
                    Array($0[(y * picture.stride + x * 4)..<(y * picture.stride + x * 4 + 4)])
                }
                #expect(actual == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func jpegIsDecodedSmallerForASmallBox() throws {
        let sample = try [UInt8](Data(contentsOf: TestFiles.samples.appendingPathComponent("beach-pier-blue-hour.jpg")))
        let full = try PictureDecoder.decode(sample)
        #expect((full.width, full.height) == (480, 320))
        // 60×40 is an eighth: TurboJPEG's smallest scale covers the box exactly.
        let small = try PictureDecoder.decode(sample, fittingInto: (60, 40))
        #expect((small.width, small.height) == (60, 40))
        #expect((small.sourceWidth, small.sourceHeight) == (480, 320))
        // A box a little over a quarter needs the next scale up (3/8).
        let medium = try PictureDecoder.decode(sample, fittingInto: (130, 1000))
        #expect((medium.width, medium.height) == (180, 120))
    }

    @Test func aJPEGCutShortIsRefusedNotDrawnHalfGrey() throws {
        let sample = try [UInt8](Data(contentsOf: TestFiles.samples.appendingPathComponent("city-bridge-fog.jpg")))
        #expect {
            _ = try PictureDecoder.decode(Array(sample.prefix(sample.count * 3 / 5)))
        } throws: { error in
            (error as? TerminalImageError)?.code == .corrupt
                && "\(error)".contains("Premature end of JPEG file")
        }
    }

    @Test func heicThumbnailStandsInWhenNearTheSizeNeeded() throws {
        let file = TestFiles.folder.appendingPathComponent("Fixtures/thumbnail-640x480.heic")
        let bytes = try [UInt8](Data(contentsOf: file))
        // 640×480 with a 64×48 thumbnail (heif-enc --thumb 64). Fitted into 100×100 it is 100×75:
        // the thumbnail is over half of that, and is decoded instead of the photo.
        let preview = try PictureDecoder.decode(bytes, fittingInto: (100, 100))
        #expect((preview.width, preview.height) == (64, 48))
        #expect((preview.sourceWidth, preview.sourceHeight) == (640, 480))
        // Fitted into 300×300 (300×225), the thumbnail is too small: the photo itself.
        let larger = try PictureDecoder.decode(bytes, fittingInto: (300, 300))
        #expect((larger.width, larger.height) == (640, 480))
        #expect((try PictureDecoder.decode(bytes).width) == 640)
    }

    @Test func webpIsScaledWhileDecoding() throws {
        // 36×24 fitted into 20 columns: 20×13.3, so 20×14 covers it.
        let picture = try PictureDecoder.decode(try TestFiles.corpusFile("full.webp"), fittingInto: (20, 100))
        #expect((picture.width, picture.height) == (20, 14))
    }

    @Test(arguments: [
        ("truncated.jpg", TerminalImageError.Code.corrupt), ("not-an-image.jpg", .unsupportedFormat),
        ("plain.gif", .unsupportedFormat), ("full.tif", .unsupportedFormat), ("hostile/jpeg-short-frame.jpg", .corrupt),
        ("hostile/heic-short-meta.heic", .corrupt), ("hostile/heic-box-header-past-parent.heic", .corrupt),
        ("hostile/heic-short-iinf.heic", .corrupt), ("hostile/png-empty-xmp-packet.png", .corrupt),
    ])
    func refusesBadFilesWithTheReason(_ name: String, _ code: TerminalImageError.Code) throws {
        #expect {
            _ = try PictureDecoder.decode(try TestFiles.corpusFile(name))
        } throws: { error in
            (error as? TerminalImageError)?.code == code
        }
    }

    @Test func neverCrashesOnAnyCorpusFile() throws {
        let files = FileManager.default.enumerator(at: TestFiles.corpus, includingPropertiesForKeys: nil)!
        var tried = 0
        for case let file as URL in files where !file.hasDirectoryPath {
            let bytes = [UInt8](try Data(contentsOf: file))
            if let picture = try? PictureDecoder.decode(bytes, fittingInto: (80, 80)) {
                #expect(picture.width > 0 && picture.width <= picture.sourceWidth, "\(file.lastPathComponent)")
            }
            tried += 1
        }
        #expect(tried > 50)
    }

    @Test func refusesDeclaredSizesOverTheLimitBeforeDecoding() throws {
        // A PNG that declares 20,000 × 20,000 (400 megapixels) with a valid header and no pixels.
        #expect {
            _ = try PictureDecoder.decode(Self.png(width: 20_000, height: 20_000))
        } throws: { error in
            (error as? TerminalImageError) == TerminalImageError(.tooLarge, "20000×20000 pixels")
        }
        // A JPEG that declares 65,000 × 65,000 in its frame header.
        #expect {
            _ = try PictureDecoder.decode(Self.jpegHeader(width: 65_000, height: 65_000))
        } throws: { error in
            (error as? TerminalImageError) == TerminalImageError(.tooLarge, "65000×65000 pixels")
        }
        // Each format, under a caller's lower limit.
        for (name, pixels) in [("full.jpg", 3072), ("full.png", 1200), ("full.webp", 864), ("full.heic", 1200)] {
            #expect(throws: TerminalImageError.self, "\(name)") {
                _ = try PictureDecoder.decode(try TestFiles.corpusFile(name), pixelLimit: pixels - 1)
            }
            #expect((try? PictureDecoder.decode(try TestFiles.corpusFile(name), pixelLimit: pixels)) != nil, "\(name)")
        }
    }

    /// Damaged copies of each format's file (bytes overwritten, cut short, a run of bytes
    /// repeated), from a fixed seed: each is refused or decoded, and a decoded one is no larger
    /// than the size it declares.
    @Test(arguments: ["full.jpg", "full.png", "full.webp", "full.heic", "full.avif"])
    func damagedFilesAreRefusedOrDecodedNeverACrash(_ name: String) throws {
        let original = try TestFiles.corpusFile(name)
        var random = SplitMix(seed: 41)
        var refused = 0
        for round in 0..<150 {
            var bytes = original
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + random.next(8)) { bytes[random.next(bytes.count)] = UInt8(random.next(256)) }
            case 1:
                bytes = Array(bytes.prefix(random.next(bytes.count)))
            default:
                let start = random.next(bytes.count)
                let run = bytes[start..<min(bytes.count, start + 1 + random.next(64))]
                bytes.insert(contentsOf: run, at: random.next(bytes.count))
            }
            do {
                let picture = try PictureDecoder.decode(bytes, fittingInto: (40, 40))
                #expect(picture.width <= max(picture.sourceWidth, 1) && picture.height <= max(picture.sourceHeight, 1))
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    /// SOI, a baseline frame header of `width` × `height` with three components, a scan header
    /// and EOI: what TurboJPEG reads a JPEG's size from, without any image data.
    static func jpegHeader(width: UInt16, height: UInt16) -> [UInt8] {
        func bigEndian(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        let frame: [UInt8] =
            [0xFF, 0xC0, 0x00, 17, 8] + bigEndian(height) + bigEndian(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        return [0xFF, 0xD8] + frame + scan + [0xFF, 0xD9]
    }

    /// A PNG signature and IHDR chunk (CRC right) for `width` × `height`, then an empty IDAT and IEND.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0])
            + chunk("IDAT", []) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("a decoder that cannot be loaded is named by its Debian package, a package this machine has installed")
    func missingDecoderAdvice() throws {
        for format in PictureDecoder.formats {
            let package = try #require(PictureDecoder.decoderPackages[format])
            #expect(
                PictureDecoder.missingLibraryAdvice(for: format)
                    == "\(format.rawValue.uppercased()) pictures need \(package), which is not installed (apt install \(package))"
            )
            let query = Process()
            query.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
            query.arguments = ["-W", "-f", "${Status}", package]
            let output = Pipe()
            query.standardOutput = output
            try query.run()
            let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            query.waitUntilExit()
            #expect(status == "install ok installed", "\(package): \(status)")
        }
    }
}

/// A small seeded generator (SplitMix64), so damaged files are the same on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound (0 when bound is 0).
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound > 0 ? Int(z % UInt64(bound)) : 0
    }
}
