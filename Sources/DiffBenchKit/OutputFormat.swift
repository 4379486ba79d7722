// SPDX-License-Identifier: Apache-2.0
/// What a command prints (`--format`): each command declares the formats it takes, in the order
/// its help lists them, the first its default (`RunCommand.formats`, `CompareCommand.formats`, ...;
/// ``DiffBench/formats`` lists them all).
enum OutputFormat: String, FlagChoice {
    /// Plain text, for a person.
    case text
    /// An aligned table, coloured on a terminal.
    case table
    /// The results CSV.
    case csv
    /// GitHub-flavoured Markdown.
    case markdown
    /// JSON, the shape the command's help names.
    case json
    /// One self-contained HTML page.
    case html
}
