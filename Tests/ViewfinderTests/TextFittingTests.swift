import TerminalView
import Testing

@testable import ViewfinderCommandLine

/// Cells of the results table cut to their columns, counted as a terminal draws them.
@Suite struct TextFittingTests {
    @Test("a long path keeps its end, in exactly the columns given")
    func pathFront() {
        let path = "/home/someone/Pictures/Samples/harbor/harbor-fishing-boats-morning.jpg"
        #expect(TextFitting.truncateFront(path, to: 28) == "…r-fishing-boats-morning.jpg")
        #expect(TextFitting.truncateFront(path, to: 200) == path)
        #expect(TextFitting.truncateFront(path, to: 1) == "…")
        #expect(TextFitting.truncateFront(path, to: 0) == "")
    }

    @Test("a path with wide or joined characters is cut between characters, never wider than asked")
    func wideFront() {
        let path = "/写真/港の夜明け/Cafe\u{301}.jpg"
        for width in 1...20 {
            let cut = TextFitting.truncateFront(path, to: width)
            #expect(cut.hasPrefix("…") || cut == path)
            #expect(DisplayWidth.of(cut) <= width)
            #expect(path.hasSuffix(cut.dropFirst()) || cut == path)
        }
        #expect(TextFitting.truncateFront(path, to: 10) == "…/Cafe\u{301}.jpg")
    }
}
