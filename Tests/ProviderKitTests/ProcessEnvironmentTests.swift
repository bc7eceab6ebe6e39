import Foundation
import ProviderKit
import Testing

/// `ProcessEnvironment` reads single values and the working folder with libc, in place of
/// Foundation's copies; these hold it to Foundation's answers.
@Suite("Process environment")
struct ProcessEnvironmentTests {
    @Test("the working folder is Foundation's")
    func workingDirectory() {
        #expect(ProcessEnvironment.workingDirectory() == FileManager.default.currentDirectoryPath)
        #expect(ProcessEnvironment.workingDirectory().hasPrefix("/"))
    }

    @Test("a variable's value is Foundation's, and an unset one is nil")
    func values() {
        let environment = ProcessInfo.processInfo.environment
        for name in ["PATH", "HOME", "VF_SURELY_UNSET_\(UUID().uuidString.prefix(8))"] {
            #expect(ProcessEnvironment.value(name) == environment[name], "\(name)")
        }
        #expect(
            ProcessEnvironment.values("PATH", "VF_SURELY_UNSET")
                == ["PATH": environment["PATH"]].compactMapValues { $0 })
    }
}
