import Synchronization
import Testing

@testable import TerminalView

/// What the painter writes to the terminal besides ncurses' own output: a picture's bytes after
/// its frame, and the bytes that take a picture off the screen when it leaves it.
@Suite("A picture leaves the screen with its photo")
struct PainterTests {
    /// The bytes a painter writes, in order.
    final class Written: Sendable {
        private let bytes = Mutex<[[UInt8]]>([])
        func append(_ more: [UInt8]) { bytes.withLock { $0.append(more) } }
        /// A painter writing here.
        func painter() -> Painter { Painter(unicode: true, output: append) }
        /// What was written since the last call.
        func take() -> [[UInt8]] {
            bytes.withLock { written in
                defer { written = [] }
                return written
            }
        }
    }

    static let erase = Array("\u{1B}_Ga=d,d=A\u{1B}\\".utf8)
    static let box = BrowseLayout.Box(row: 1, column: 10, rows: 4, columns: 8)

    static func frame(_ key: String?, box: BrowseLayout.Box? = box) -> BrowseFrame {
        BrowseFrame(grid: CellGrid(rows: 6, columns: 20), cursor: nil, picture: box, pictureKey: key)
    }

    static func picture(_ key: String, box: BrowseLayout.Box = box, _ bytes: String, serial: Int) -> ScreenPicture {
        ScreenPicture(
            key: frame(key, box: box).pictureSlot!, bytes: Array(bytes.utf8), erasing: erase, serial: serial)
    }

    static func drawn(_ bytes: String) -> [UInt8] { Painter.saveCursor + Array(bytes.utf8) + Painter.restoreCursor }

    /// One paint with a picture shown or leaving: the terminal holds the screen back (synchronized
    /// output) from before ncurses' refresh until after `bytes`.
    static func update(_ bytes: [UInt8]) -> [[UInt8]] { [Painter.beginUpdate, bytes + Painter.endUpdate] }

    @Test("moving to a photo without a picture writes the erasing bytes, once")
    func toAPhotoWithoutAPicture() {
        let written = Written()
        var painter = written.painter()
        let first = Self.picture("a", "PICTURE-A", serial: 1)
        painter.paint(Self.frame("a"), picture: first)
        #expect(written.take() == Self.update(Self.drawn("PICTURE-A")))
        // Photo b's picture is still on its way: a's is taken off.
        painter.paint(Self.frame("b"), picture: first)
        #expect(written.take() == Self.update(Self.erase))
        // Nothing more while nothing is shown.
        painter.paint(Self.frame("b"), picture: first)
        painter.paint(Self.frame(nil, box: nil), picture: first)
        #expect(written.take().isEmpty)
    }

    @Test("a list row with no picture area (a narrow terminal, the filters) takes the picture off too")
    func toAFrameWithoutAPictureArea() {
        let written = Written()
        var painter = written.painter()
        let first = Self.picture("a", "A", serial: 1)
        painter.paint(Self.frame("a"), picture: first)
        _ = written.take()
        painter.paint(Self.frame(nil, box: nil), picture: first)
        #expect(written.take() == Self.update(Self.erase))
    }

    @Test("the next photo's picture comes after the last one is erased; the same picture is only drawn again")
    func fromPictureToPicture() {
        let written = Written()
        var painter = written.painter()
        let first = Self.picture("a", "A", serial: 1)
        painter.paint(Self.frame("a"), picture: first)
        painter.paint(Self.frame("a"), picture: first)
        #expect(written.take() == Self.update(Self.drawn("A")) + Self.update(Self.drawn("A")))
        painter.paint(Self.frame("b"), picture: Self.picture("b", "B", serial: 2))
        #expect(written.take() == Self.update(Self.erase + Self.drawn("B")))
    }

    @Test("a larger drawing for the same slot (the full-screen view's) replaces the first")
    func replacedInItsSlot() {
        let written = Written()
        var painter = written.painter()
        painter.paint(Self.frame("a"), picture: Self.picture("a", "SMALL", serial: 1))
        painter.paint(Self.frame("a"), picture: Self.picture("a", "LARGE", serial: 2))
        #expect(written.take() == Self.update(Self.drawn("SMALL")) + Self.update(Self.erase + Self.drawn("LARGE")))
    }

    @Test("the same photo in another box (the preview, then the full-screen view) is erased and drawn anew")
    func anotherBox() {
        let written = Written()
        var painter = written.painter()
        let preview = Self.picture("a", "PREVIEW", serial: 1)
        painter.paint(Self.frame("a"), picture: preview)
        let whole = BrowseLayout.Box(row: 0, column: 0, rows: 5, columns: 20)
        painter.paint(Self.frame("a", box: whole), picture: preview)
        #expect(written.take() == Self.update(Self.drawn("PREVIEW")) + Self.update(Self.erase))
    }

    @Test("giving the screen back (suspend, quit) takes the picture off; after that nothing is left to erase")
    func takeDown() {
        let written = Written()
        var painter = written.painter()
        painter.paint(Self.frame("a"), picture: Self.picture("a", "A", serial: 1))
        _ = written.take()
        painter.takeDownPicture()
        painter.takeDownPicture()
        #expect(written.take() == [Self.erase])
    }

    @Test("a protocol whose pictures go with the text writes nothing extra when one leaves")
    func nothingToErase() {
        let written = Written()
        var painter = written.painter()
        let sixel = ScreenPicture(key: Self.frame("a").pictureSlot!, bytes: Array("S".utf8), erasing: [], serial: 1)
        painter.paint(Self.frame("a"), picture: sixel)
        painter.paint(Self.frame("b"), picture: sixel)
        painter.takeDownPicture()
        #expect(written.take() == Self.update(Self.drawn("S")) + Self.update([]))
    }
}
