// SPDX-License-Identifier: Apache-2.0
import DiffBenchConformance
import DiffBenchFileFormats
import DiffBenchErrors

/// `bench rules [--format text|markdown]`: every rule the checker can report.
enum RulesCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.text, .markdown]

    static let help = """
        USAGE: bench rules [--format \(formats.usage)]

        Prints every rule the conformance checker can report: its id (as FAIL lines cite it), the
        severities it is reported with, its targets, what is checked, UIKit's message (table-view
        wording) or what goes wrong without one, and where the knowledge comes from. The table is
        the one the checker uses. --format markdown prints docs/conformance-rules.md:
          swift run -c release bench rules --format markdown > docs/conformance-rules.md

        Exit status: 0, 1 usage.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["format"], switches: [])
        if args.wantsHelp { Console.out(help); return .pass }
        guard args.positional.isEmpty else { throw .usage("rules takes no arguments (see bench rules --help)") }
        let format = try args.choice("format", among: formats, default: .text)
        Console.out(format == .markdown ? RuleCatalog.markdown() : RuleCatalog.text(), terminator: "")
        return .pass
    }
}
