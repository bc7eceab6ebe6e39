import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a program's output into numbered lines, the same lines however the output was cut
/// into chunks. Blank lines are counted but not returned.
struct OutputLines {
    /// A line's number (from 1) and its bytes, without the newline.
    typealias Line = (number: Int, text: Data)

    private var pending = Data()
    private var count = 0

    /// The complete lines that `chunk` ends, including the one begun in earlier chunks.
    mutating func take(_ chunk: Data) -> [Line] {
        var lines: [Line] = []
        chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
            {
                let end = base.distance(to: UnsafeRawPointer(found))
                count += 1
                let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                if pending.isEmpty {
                    if !Self.isBlank(piece) { lines.append((count, Data(piece))) }
                } else {
                    pending.append(contentsOf: piece)
                    if !pending.withUnsafeBytes(Self.isBlank) { lines.append((count, pending)) }
                    pending = Data()
                }
                start = end + 1
            }
            if start < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...])) }
        }
        return lines
    }

    /// The last line, when the output did not end with a newline.
    mutating func finish() -> [Line] {
        defer { pending = Data() }
        guard !pending.isEmpty else { return [] }
        count += 1
        return pending.withUnsafeBytes(Self.isBlank) ? [] : [(count, pending)]
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        !bytes.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
    }
}
