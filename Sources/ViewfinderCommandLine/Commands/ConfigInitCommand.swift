import ArgumentParser
import Foundation
import ProviderKit
import ServiceBus
import TerminalView

extension ConfigCommand {
    /// `viewfinder config init [PATH] [--force]`
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented starter configuration file to make one's own.",
            discussion: """
                Every provider type with its options, keys read from the environment (${VAR}), never \
                written in the file; the file is readable by its owner only.
                """)

        @Argument(
            help:
                "Where to write it (default: $XDG_CONFIG_HOME/viewfinder/config.yaml, else ~/.config/viewfinder/config.yaml)."
        )
        var path: String?

        @Flag(help: "Replace a file that is already there.")
        var force = false

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let target: String
            if let path {
                let expanded = NSString(string: path).expandingTildeInPath
                target =
                    expanded.hasPrefix("/") ? expanded : Setup.currentDirectory.appendingPathComponent(expanded).path
            } else {
                target = Self.defaultPath(environment: environment)
            }
            let data = Data(StarterConfiguration.fileText(environment: environment).utf8)
            let force = force
            let problem = try await BlockingExecutor.shared.run { _ in NewFile.write(data, to: target, replacing: force)
            }
            let shown = TerminalText.sanitized(target)
            switch problem {
            case nil:
                Console.out(
                    "wrote \(shown)\nCheck it with: viewfinder config check \(Self.shellWord(target))\n")
            case .exists:
                Console.error("\(shown) already exists; pass --force to replace it")
                throw ExitCodes.failed
            case .failed(let reason):
                Console.error("cannot write \(shown): \(reason)")
                throw ExitCodes.failed
            }
        }

        /// `$XDG_CONFIG_HOME/viewfinder/config.yaml`, else `~/.config/viewfinder/config.yaml`: the
        /// file every command finds without being told.
        static func defaultPath(environment: [String: String]) -> String {
            UserFolders.base("XDG_CONFIG_HOME", orInHome: ".config", environment: environment)
                .appendingPathComponent("viewfinder/config.yaml").path
        }

        /// `text` quoted for a shell when it holds anything but plain path characters: in single
        /// quotes, or, when it holds control characters, in bash's and zsh's `$'…'` with each
        /// written as an escape, so the command shown names the very file and sends the terminal
        /// nothing it would act on.
        static func shellWord(_ text: String) -> String {
            let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:@%".contains($0)) }
            if plain && !text.isEmpty { return text }
            // Controls (Cc) and invisible formatting (Cf: bidi overrides, zero-width characters).
            func isHidden(_ scalar: Unicode.Scalar) -> Bool {
                [.control, .format].contains(scalar.properties.generalCategory)
            }
            let controls = text.unicodeScalars.contains(where: isHidden)
            guard controls else { return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            var word = "$'"
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\", "'": word += "\\" + String(scalar)
                case _ where isHidden(scalar):
                    word +=
                        scalar.value <= 0xFF
                        ? String(format: "\\x%02x", scalar.value) : String(format: "\\u%04x", scalar.value)
                default: word.unicodeScalars.append(scalar)
                }
            }
            return word + "'"
        }
    }
}
