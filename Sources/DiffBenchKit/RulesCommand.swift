// SPDX-License-Identifier: Apache-2.0
import DiffBenchConformance
import DiffBenchFileFormats

/// `bench rules [--format text|markdown]`: every rule the checker can report.
enum RulesCommand {
    static let help = """
        USAGE: bench rules [--format text|markdown]

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
        switch args.value("format") ?? "text" {
        case "text": Console.out(RuleCatalog.text(), terminator: "")
        case "markdown": Console.out(RuleCatalog.markdown(), terminator: "")
        case let other: throw .usage("--format \(other): expected text or markdown")
        }
        return .pass
    }
}
