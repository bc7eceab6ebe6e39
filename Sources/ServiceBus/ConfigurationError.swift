import ProviderKit

/// One problem in a configuration file, located by line and column when known.
package struct ConfigurationIssue: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user named it.
    package var file: String
    /// 1-based line, when known.
    package var line: Int?
    /// 1-based column, when known.
    package var column: Int?
    /// What is wrong and what would be valid.
    package var message: String

    /// Creates an issue.
    package init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, as compilers print it.
    package var description: String {
        switch (line, column) {
        case (let line?, let column?): "\(file):\(line):\(column): \(message)"
        case (let line?, nil): "\(file):\(line): \(message)"
        default: "\(file): \(message)"
        }
    }
}

extension ConfigurationIssue {
    /// `issues` by line and column; those at one place, and those without a place (last), in
    /// the order they were found.
    static func inFileOrder(_ issues: [ConfigurationIssue]) -> [ConfigurationIssue] {
        issues.enumerated().sorted { a, b in
            let first = [a.element.line ?? .max, a.element.column ?? .max, a.offset]
            let second = [b.element.line ?? .max, b.element.column ?? .max, b.offset]
            return first.lexicographicallyPrecedes(second)
        }.map(\.element)
    }
}

/// Every problem found in a configuration file; thrown when there is at least one.
package struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in file order.
    package var issues: [ConfigurationIssue]

    /// Creates an error from its problems.
    package init(issues: [ConfigurationIssue]) {
        self.issues = issues
    }

    /// One problem.
    package init(_ issue: ConfigurationIssue) {
        self.issues = [issue]
    }

    package var description: String { issues.map(\.description).joinedText(separator: "\n") }
}
