import Foundation
import TerminalImages

/// A photo drawn as a 60×30-cell preview (cells of 10×20 pixels), per protocol: decoding (scaled
/// where the format allows) and chafa's conversion in this process, beside the `chafa` command
/// drawing the same file with the same options on a pseudo-terminal of that cell size (its own
/// start, loaders and full-size decode included: what a viewer calling it would pay).
func runPictureBenchmarks(files: [String]) async throws {
    let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/TerminalImagesTests/chafa_in_terminal.py").path
    let cell = CellSize(width: 10, height: 20)
    let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    for file in files {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let name = URL(fileURLWithPath: file).lastPathComponent
        // What decoding smaller saves: the same file decoded whole, and for a 60×30-cell preview.
        var whole: [Double] = []
        var scaled: [Double] = []
        var sizes = ""
        for _ in 0..<5 {
            var started = clock.now
            let full = try PictureDecoder.decode(bytes)
            whole.append(milliseconds(clock.now - started))
            started = clock.now
            let small = try PictureDecoder.decode(bytes, fittingInto: (600, 600))
            scaled.append(milliseconds(clock.now - started))
            sizes = "\(full.width)×\(full.height), \(small.width)×\(small.height)"
        }
        print(
            String(
                format: "picture %@ decode: whole %.1f ms, for the preview %.1f ms (%@)", name, median(whole),
                median(scaled), sizes))
        for graphics in TerminalGraphics.allCases {
            let pictures = await TerminalPictures(environment: environment, forced: graphics, cellSize: cell)
            var ours: [Double] = []
            var size = 0
            for _ in 0..<7 {
                let started = clock.now
                let drawing = try await pictures.draw(bytes, row: 0, column: 0, columns: 60, rows: 30)
                ours.append(milliseconds(clock.now - started))
                size = drawing.bytes.count
            }
            let format = ["kitty": "kitty", "iterm2": "iterm", "sixel": "sixels", "symbols": "symbols"][
                graphics.rawValue]!
            var theirs: [Double] = []
            for _ in 0..<5 {
                let started = clock.now
                try runChafa(
                    helper,
                    ["chafa", "--animate", "off", "-f", format, "-c", "full", "-s", "60x30", file], environment)
                theirs.append(milliseconds(clock.now - started))
            }
            print(
                String(
                    format: "picture %@ → %@ 60×30: viewfinder %.1f ms (%d bytes), chafa command %.1f ms, ratio %.2f",
                    name, graphics.rawValue, median(ours), size, median(theirs), median(ours) / median(theirs)))
        }
    }
}

/// The full-screen view (200×56 cells of 10×20 pixels, kitty): the photo's EXIF thumbnail
/// (`thumbnail`, what it drew before), the photo itself, and the photo turned a quarter (EXIF
/// orientation 6: the turn is one more pass over the scaled pixels).
func runFullScreenPictureBenchmarks(photo: String, thumbnail: String) async throws {
    let pictures = await TerminalPictures(
        environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], forced: .kitty,
        cellSize: CellSize(width: 10, height: 20))
    for (label, file, orientation) in [
        ("EXIF thumbnail", thumbnail, 1), ("the photo", photo, 1), ("the photo, orientation 6", photo, 6),
    ] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        var times: [Double] = []
        var cells = ""
        for _ in 0..<7 {
            let started = clock.now
            let drawing = try await pictures.draw(
                bytes, orientation: orientation, row: 0, column: 0, columns: 200, rows: 56)
            times.append(milliseconds(clock.now - started))
            cells = "\(drawing.columns)×\(drawing.rows) cells, \(drawing.bytes.count) bytes"
        }
        print(String(format: "full screen 200×56, kitty, %@: %.1f ms (%@)", label, median(times), cells))
    }
    // The turn alone: the photo decoded at one scale (3/8, for a 2000-pixel square) upright and
    // turned, interleaved (15 each) so other work on the machine weighs on both alike.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))
    var times: [Int: [Double]] = [1: [], 6: []]
    var sizes: [Int: String] = [:]
    for _ in 0..<15 {
        for orientation in [1, 6] {
            let started = clock.now
            let picture = try PictureDecoder.decode(bytes, fittingInto: (2000, 2000), orientation: orientation)
            times[orientation, default: []].append(milliseconds(clock.now - started))
            sizes[orientation] = "\(picture.width)×\(picture.height)"
        }
    }
    print(
        String(
            format: "full screen decode: upright %.1f ms (%@), orientation 6 %.1f ms (%@); fastest %.1f, %.1f ms",
            median(times[1]!), sizes[1]!, median(times[6]!), sizes[6]!, times[1]!.min()!, times[6]!.min()!))
}

/// Runs the chafa command on a 200×60-cell pseudo-terminal of 10×20-pixel cells, output discarded.
private func runChafa(_ helper: String, _ arguments: [String], _ environment: [String: String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", helper, "run", "200", "60", "2000", "1200"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
}
