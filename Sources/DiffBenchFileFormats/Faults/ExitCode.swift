/// The exit codes every `bench` subcommand uses (docs/commands.md, "Exit status").
public enum ExitCode: Int32, Sendable {
    /// Pass.
    case pass = 0
    /// Usage or input error: bad flag, unreadable or malformed file.
    case usage = 1
    /// Performance regression.
    case regression = 2
    /// Wrong output: a conformance failure (wins over a regression).
    case wrong = 3
    /// Not comparable: schema, corpus or rows differ.
    case notComparable = 4
}

/// A failure that ends a command with a one-line message and an exit code.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    /// The exit code.
    public var code: ExitCode
    /// One line for stderr.
    public var message: String

    /// Creates an error.
    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A usage error (exit 1).
    public static func usage(_ message: String) -> CommandError { CommandError(.usage, message) }

    public var description: String { message }
}
