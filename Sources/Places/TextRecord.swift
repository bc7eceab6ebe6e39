/// One record of the file's texts: lines of UTF-8 separated by "\n", read in place.
struct TextRecord {
    let bytes: UnsafeRawBufferPointer

    /// Line `number` (from 0), empty when there are fewer lines.
    func line(_ number: Int) -> String {
        var current = 0
        var found = ""
        forEachLine { line in
            if current == number {
                found = String(decoding: line, as: UTF8.self)
                return false
            }
            current += 1
            return true
        }
        return found
    }

    /// The lines from line `first` on, skipping empty ones.
    func lines(from first: Int) -> [String] {
        var current = 0
        var lines: [String] = []
        forEachLine { line in
            if current >= first, !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
            current += 1
            return true
        }
        return lines
    }

    /// Calls `body` with each line's bytes, in order, until it returns false.
    func forEachLine(_ body: (UnsafeRawBufferPointer) -> Bool) {
        guard !bytes.isEmpty else { return }
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            guard body(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) else { return }
            start = index + 1
        }
    }
}
