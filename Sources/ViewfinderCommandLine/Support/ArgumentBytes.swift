import Foundation
import ProviderKit

/// A command-line argument's own bytes. Swift gives arguments as strings, with bytes that are
/// not UTF-8 replaced by U+FFFD; a file named in Latin-1 would then be looked for under a name
/// that does not exist. The raw `argv` entry that decodes to the argument gives the real name.
enum ArgumentBytes {
    /// The path `argument` names: the bytes of the `argv` entry it came from, or its UTF-8
    /// when none decodes to it (an argument given as `--option=value`).
    static func path(_ argument: String) -> FileSystemPath {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return FileSystemPath(bytes: Array(argument.utf8)) }
        for index in 1..<Int(CommandLine.argc) {
            guard let entry = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: entry, count: strlen(entry))).map { UInt8(bitPattern: $0) }
            if String(decoding: bytes, as: UTF8.self) == argument { return FileSystemPath(bytes: bytes) }
        }
        return FileSystemPath(bytes: Array(argument.utf8))
    }
}
