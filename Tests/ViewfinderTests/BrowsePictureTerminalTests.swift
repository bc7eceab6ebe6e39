import Foundation
import Testing

// Nested in BrowseTerminalTests so the Makefile's timed pass (TIMED_SUITES) runs it with them.
extension BrowseTerminalTests {
    /// `browse`'s pictures in a real terminal (tmux, block symbols in 24-bit colour), read back with
    /// their colours: a photo taken with the camera turned is shown upright, and the full-screen view
    /// ends on the photo itself, not its small EXIF thumbnail.
    @Suite("browse's pictures in a terminal: turned upright, full size in the full-screen view")
    struct Pictures {
        /// Runs Python (Debian's, with PIL, which setup.sh installs for the tests) on `script`.
        static func python(_ script: String, in folder: URL) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "python3 failed: \(script)")
        }

        static func exiftool(_ arguments: [String], in folder: URL) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            process.arguments = ["-q", "-overwrite_original"] + arguments
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "exiftool \(arguments) failed")
        }

        /// The 24-bit colours (foreground and background) of each screen row, as "red", "green",
        /// "blue" where one channel clearly leads, in order of appearance.
        static func colours(_ styled: String) -> [[String]] {
            styled.components(separatedBy: "\n").map { line in
                var found: [String] = []
                for part in line.components(separatedBy: "\u{1B}[").dropFirst() {
                    let numbers = part.prefix { $0 != "m" }.split(separator: ";").compactMap { Int($0) }
                    var index = 0
                    while index + 4 < numbers.count {
                        if (numbers[index] == 38 || numbers[index] == 48) && numbers[index + 1] == 2 {
                            let (red, green, blue) = (numbers[index + 2], numbers[index + 3], numbers[index + 4])
                            if red > 150 && green < 90 && blue < 90 { found.append("red") }
                            if green > 150 && red < 90 && blue < 90 { found.append("green") }
                            if blue > 150 && red < 90 && green < 90 { found.append("blue") }
                            index += 5
                        } else {
                            index += 1
                        }
                    }
                }
                return found
            }
        }

        /// `body` with a terminal, a workspace whose folder `photos` holds what `make` puts there
        /// (in the folder), and `browse harbor` started on it.
        static func withBrowse(
            _ make: (URL) throws -> Void, _ body: (TmuxTerminal) async throws -> Void
        ) async throws {
            let workspace = try Workspace(
                config: """
                    providers:
                      mine:
                        type: local-folder
                        path: photos
                    """)
            defer { workspace.remove() }
            let photos = workspace.url.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            try make(photos)
            let terminal = try await TmuxTerminal(
                in: workspace.url, columns: 120, rows: 30, environment: ["COLORTERM": "truecolor"])
            do {
                try await terminal.type("\(ViewfinderProcess.binary.path) browse harbor")
                try await terminal.press("Enter")
                try await terminal.waitFor("1/1")
                try await body(terminal)
                try await terminal.press("q")
            } catch {
                Issue.record(error)
            }
            await terminal.stop()
        }

        @Test(
            "a photo stored sideways (EXIF orientation 6: red left, blue right) is shown upright: red above, blue below"
        )
        func turnedUpright() async throws {
            try await Self.withBrowse { photos in
                try Self.python(
                    """
                    from PIL import Image
                    image = Image.new("RGB", (96, 64), (0, 0, 255))
                    image.paste((255, 0, 0), (0, 0, 48, 64))
                    image.save("harbor.jpg", quality=95)
                    """, in: photos)
                try Self.exiftool(["-Orientation#=6", "harbor.jpg"], in: photos)
            } _: { terminal in
                let rows = try await Self.pictureRows(terminal) { $0.contains("red") && $0.contains("blue") }
                #expect(rows.first?.allSatisfy { $0 == "red" } == true, "\(rows)")
                #expect(rows.last?.allSatisfy { $0 == "blue" } == true, "\(rows)")
                // Taller than wide: more rows than the 16 a landscape picture takes in the 48-column preview.
                #expect(rows.count > 17, "\(rows)")
            }
        }

        @Test("the full-screen view replaces the photo's EXIF thumbnail (red) with the photo itself (green)")
        func fullScreenDrawsThePhoto() async throws {
            try await Self.withBrowse { photos in
                try Self.python(
                    """
                    from PIL import Image
                    Image.new("RGB", (480, 320), (0, 200, 0)).save("harbor.jpg", quality=95)
                    Image.new("RGB", (160, 106), (220, 0, 0)).save("../thumbnail.jpg", quality=95)
                    """, in: photos)
                try Self.exiftool(["-ThumbnailImage<=../thumbnail.jpg", "harbor.jpg"], in: photos)
            } _: { terminal in
                // The preview draws the thumbnail.
                _ = try await Self.pictureRows(terminal) { $0.contains("red") }
                try await terminal.press("Enter")
                try await terminal.waitFor("photo 1 of 1")
                let rows = try await Self.pictureRows(terminal) { $0.contains("green") && !$0.contains("red") }
                #expect(rows.count > 20, "\(rows)")
            }
        }

        /// Waits until the screen's colours (all rows' together) satisfy `condition`; the rows with colours.
        static func pictureRows(_ terminal: TmuxTerminal, until condition: ([String]) -> Bool) async throws
            -> [[String]]
        {
            var rows: [[String]] = []
            for _ in 0..<200 {
                rows = colours(try await terminal.styledScreen()).filter { !$0.isEmpty }
                if condition(rows.flatMap { $0 }) { return rows }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("the picture's colours never came: \(rows)")
            return rows
        }
    }
}
