import Foundation
import Testing

/// `viewfinder serve` as a user starts it: a port another program holds, a binary copied
/// without its resource folder, and the descriptor limit it raises for its connections.
@Suite struct ServeCommandLineTests {
    static let config = "providers:\n  photos:\n    type: local-folder\n    path: photos\n"

    /// A socket listening on a free loopback port, and the port.
    private static func occupiedPort() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(descriptor >= 0 && bound)
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("a port in use says so and how to choose another, not a raw bind() error")
    func portInUse() async throws {
        let workspace = try Workspace(config: Self.config)
        defer { workspace.remove() }
        let (listener, port) = try Self.occupiedPort()
        defer { close(listener) }
        let output = try await workspace.run(["serve", "--port", "\(port)"])
        #expect(output.status == 1)
        #expect(
            output.stderr.contains("port \(port) is in use; choose another with --port, or --port 0 for any free one"),
            "\(output.stderr)")
        #expect(!output.stderr.contains("bind("))
    }

    @Test("a binary copied without Viewfinder_WebView.resources stops with an error naming where it looked")
    func missingResourcesNameTheFolder() async throws {
        let workspace = try Workspace(config: Self.config)
        defer { workspace.remove() }
        let copied = workspace.url.appendingPathComponent("bin/viewfinder")
        try FileManager.default.createDirectory(
            at: copied.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ViewfinderProcess.binary, to: copied)
        for arguments in [["serve", "--port", "0"], ["search", "harbor", "--format", "html"]] {
            let output = try await ViewfinderProcess.run(
                arguments, in: workspace.url, launcher: [copied.path], timeout: .seconds(20))
            #expect(output.status == 1, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("the web view's files are missing"), "\(output.stderr)")
            #expect(output.stderr.contains(copied.deletingLastPathComponent().path + "/Viewfinder_WebView.resources"))
            #expect(!output.stdout.contains("<html"))
        }
    }

    @Test("serve raises its soft descriptor limit to the hard one")
    func descriptorLimitIsRaised() async throws {
        let workspace = try Workspace(config: Self.config)
        defer { workspace.remove() }
        // Found by its working folder, which is this test's own.
        let watcher = Task { () -> String? in
            var seen: String?
            for _ in 0..<100 {
                try await Task.sleep(for: .milliseconds(100))
                for pid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(pid) != nil {
                    let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
                    let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
                    guard cwd == workspace.url.path, name?.hasPrefix("viewfinder") == true,
                        let limits = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
                        let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") })
                    else { continue }
                    seen = String(line)
                    let numbers = line.split(separator: " ").compactMap { Int($0) }
                    if numbers.count >= 2, numbers[0] == numbers[1] {
                        kill(pid_t(pid)!, SIGTERM)
                        return seen
                    }
                }
            }
            return seen
        }
        _ = try await ViewfinderProcess.run(
            ["--nofile=256:4096", ViewfinderProcess.binary.path, "serve", "--port", "0"], in: workspace.url,
            launcher: ["/usr/bin/prlimit"], timeout: .seconds(15))
        let line = try await watcher.value
        let numbers = line.map { $0.split(separator: " ").compactMap { Int($0) } } ?? []
        #expect(numbers == [4096, 4096], "\(line ?? "serve was not seen running")")
    }
}
