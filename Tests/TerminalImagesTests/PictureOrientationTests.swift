import Foundation
import Testing

@testable import TerminalImages

/// EXIF orientation applied to decoded pixels: each of the eight against the tag's definition,
/// the box a quarter-turned picture is decoded for, HEIF left to its own rotation, and the
/// drawing the same as chafa's for pixels turned beforehand.
@Suite struct PictureOrientationTests {
    /// Where the stored pixel (x, y) of a `width` × `height` picture is shown under each orientation,
    /// as the EXIF specification draws them (the stored 0th row and column: 1 top-left, 2 top-right,
    /// 3 bottom-right, 4 bottom-left, 5 left-top, 6 right-top, 7 right-bottom, 8 left-bottom).
    static func shownAt(_ x: Int, _ y: Int, width: Int, height: Int, orientation: Int) -> (Int, Int) {
        switch orientation {
        case 2: (width - 1 - x, y)
        case 3: (width - 1 - x, height - 1 - y)
        case 4: (x, height - 1 - y)
        case 5: (y, x)
        case 6: (height - 1 - y, x)
        case 7: (height - 1 - y, width - 1 - x)
        case 8: (y, width - 1 - x)
        default: (x, y)
        }
    }

    /// `picture`'s pixels turned by the definition above, rows without padding.
    static func turned(_ picture: DecodedPicture, orientation: Int) -> (width: Int, height: Int, rgba: [UInt8]) {
        let (width, height) = (picture.width, picture.height)
        let (outWidth, outHeight) = orientation >= 5 ? (height, width) : (width, height)
        var rgba = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        picture.withPixels { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let (shownX, shownY) = shownAt(x, y, width: width, height: height, orientation: orientation)
                    for channel in 0..<4 {
                        rgba[(shownY * outWidth + shownX) * 4 + channel] = pixels[y * picture.stride + x * 4 + channel]
                    }
                }
            }
        }
        return (outWidth, outHeight, rgba)
    }

    static func rgba(_ picture: DecodedPicture) -> [UInt8] {
        picture.withPixels { pixels in
            (0..<picture.height).flatMap {
                Array(pixels[($0 * picture.stride)..<($0 * picture.stride + picture.width * 4)])
            }
        }
    }

    @Test(arguments: 1...8)
    func eachOrientationTurnsThePixelsAsTheTagSays(_ orientation: Int) async throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await TestFiles.makePNG(width: 9, height: 5, seed: 3, alpha: true, in: folder)
        let bytes = [UInt8](try Data(contentsOf: file))
        let stored = try PictureDecoder.decode(bytes)
        let shown = try PictureDecoder.decode(bytes, orientation: orientation)
        let expected = Self.turned(stored, orientation: orientation)
        #expect((shown.width, shown.height) == (expected.width, expected.height))
        #expect(shown.stride == shown.width * 4)
        #expect(Self.rgba(shown) == expected.rgba)
        // The declared size stays the file's.
        #expect((shown.sourceWidth, shown.sourceHeight) == (9, 5))
    }

    @Test func outOfRangeOrientationsLeaveThePictureAsStored() async throws {
        let bytes = try TestFiles.corpusFile("full.png")
        let stored = Self.rgba(try PictureDecoder.decode(bytes))
        for orientation in [0, -1, 9, 255, .max] {
            #expect(Self.rgba(try PictureDecoder.decode(bytes, orientation: orientation)) == stored, "\(orientation)")
        }
    }

    @Test func aQuarterTurnedJPEGIsDecodedForTheBoxWithItsSidesSwapped() throws {
        let sample = try [UInt8](Data(contentsOf: TestFiles.samples.appendingPathComponent("beach-pier-blue-hour.jpg")))
        // 480×320 shown as 320×480 in a 60×90 box: its fit is the whole box, which the stored
        // picture covers from a quarter (120×80), not an eighth (60×40, turned 40×60).
        let picture = try PictureDecoder.decode(sample, fittingInto: (60, 90), orientation: 6)
        #expect((picture.width, picture.height) == (80, 120))
        let upright = try PictureDecoder.decode(sample, fittingInto: (60, 90))
        #expect((upright.width, upright.height) == (60, 40))
    }

    @Test(arguments: ["full.heic", "rotated.heic"])
    func heifIsTurnedByItsOwnBoxesOnly(_ name: String) throws {
        let bytes = try TestFiles.corpusFile(name)
        let own = try PictureDecoder.decode(bytes)
        for orientation in [3, 6, 8] {
            let picture = try PictureDecoder.decode(bytes, orientation: orientation)
            #expect((picture.width, picture.height) == (own.width, own.height))
            #expect(Self.rgba(picture) == Self.rgba(own))
        }
    }

    @Test(arguments: [TerminalGraphics.kitty, .iterm2, .sixel, .symbols], [3, 6, 8])
    func theDrawingIsChafasForThePixelsTurnedBeforehand(_ graphics: TerminalGraphics, _ orientation: Int) async throws {
        let cell = CellSize(width: 10, height: 20)
        let pictures = await TerminalPictures(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], forced: graphics, cellSize: cell)
        let bytes = try TestFiles.corpusFile("full.png")
        let drawing = try await pictures.draw(bytes, orientation: orientation, row: 2, column: 3, columns: 30, rows: 15)
        let turned = Self.turned(try PictureDecoder.decode(bytes), orientation: orientation)
        let picture = try #require(DecodedPicture(width: turned.width, height: turned.height, rgba: turned.rgba))
        let chafa = try Chafa.draw(
            picture, as: graphics, colors: pictures.colors, columns: 30, rows: 15, cell: cell,
            environment: ["COLORTERM=truecolor", "TERM=xterm-256color"])
        let expected = TerminalDrawing(
            placing: chafa.bytes, as: graphics, row: 2, column: 3, columns: chafa.columns, rows: chafa.rows)
        #expect(drawing == expected)
        // 40×30 turned a quarter is taller than wide: it covers fewer columns than rows' worth.
        if orientation != 3 { #expect(drawing.columns * cell.width < drawing.rows * cell.height) }
    }

    @Test func madePixelsMustMatchTheirSize() {
        #expect(DecodedPicture(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(DecodedPicture(width: 0, height: 2, rgba: []) == nil)
        let picture = DecodedPicture(width: 2, height: 1, rgba: [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(picture.map(Self.rgba) == [1, 2, 3, 4, 5, 6, 7, 8])
    }
}
