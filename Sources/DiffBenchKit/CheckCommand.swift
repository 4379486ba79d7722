// SPDX-License-Identifier: Apache-2.0
import DiffBenchDiffers
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchModel
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

/// `bench check`: judges a changeset file (from any tool) against a case file.
enum CheckCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.text, .json]

    static let help = """
        USAGE: bench check CASE.json CHANGESET.json [--target \(Target.usage)]
                           [--format \(formats.usage)]

        Replays the changeset (format diffbench-changeset/1) on the case's old snapshot under
        UIKit's batch-update rules and prints every finding with its rule, severity and UIKit's
        message, then the quality figures. --format json prints the shape "diffbench-check/1"
        (see the README, JSON output).

        A case with duplicate identities is unsupported input on the diffable target (a diffable
        data source cannot hold it): exit 1 with the reason, whatever the changeset.

        Exit status: 0 pass, 1 usage or input error, 3 the changeset fails.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["target", "format"])
        let format = try args.choice("format", among: formats, default: .text)
        if args.wantsHelp { Console.out(help); return .pass }
        // Large temporary arrays come from the heap and are reused, not mapped afresh and zeroed
        // each time: a million-row check took 99,103 page faults instead of 126,756, about 5%
        // less time.
        Memory.fixAllocatorThresholds()
        guard args.positional.count == 2 else {
            throw .usage("check needs CASE.json and CHANGESET.json (see bench check --help)")
        }
        let target = try args.choice("target", default: Target.table)
        let loaded: CaseFile
        do { loaded = try FileAccess.readCase(args.positional[0]) } catch {
            // Swapped arguments are the likeliest slip: name it rather than fault a changeset as a case
            // (a file only: standard input is read once).
            let first = args.positional[0]
            let head =
                first == "-"
                ? ""
                : String(
                    decoding: (try? FileAccess.read(first).prefix(4096)) ?? [],
                    as: UTF8.self)
            if head.contains("\"diffbench-changeset/1\"") {
                throw .usage("\(first) is a changeset: the case comes first (bench check CASE.json CHANGESET.json)")
            }
            throw error
        }
        let path = args.positional[1]
        let bytes = try FileAccess.read(path)
        let changeset: ChangesetOf
        do { changeset = try ChangesetFile.decode(bytes, file: path) } catch { throw .usage(error.description) }
        let checker = ConformanceChecker(target: target)
        if let reason = checker.unsupportedInput(old: loaded.old, new: loaded.new) {
            throw .usage("\(args.positional[0]): unsupported on the \(target.rawValue) target: \(reason)")
        }
        let report = checker.check(old: loaded.old, new: loaded.new, changeset: changeset)
        if format == .text { for finding in report.findings { Console.out(finding.description) } }
        // Diffable animates by identity and has no notion of a row left in place: the
        // relocation figures come from the table-view replay.
        let placement =
            target == .diffable
            ? ConformanceChecker(target: .table).check(old: loaded.old, new: loaded.new, changeset: changeset) : report
        var q = QualityFigures.measure(old: loaded.old, new: loaded.new, changeset: changeset, report: placement)
        q.identityPreserved = report.identityPreserved
        if format == .json {
            Console.raw(CheckCommand.json(report, quality: q, target: target), terminator: "")
            return report.passed ? .pass : .wrong
        }
        Console.out(
            "quality: stages \(q.stages), item deletes \(q.itemDeletes), inserts \(q.itemInserts), "
                + "moves \(q.itemMoves), relocations \(q.relocations) (minimum \(q.minimumRelocations), "
                + "excess \(q.excessMoves)), reloads \(q.itemReloads), section ops \(q.sectionOperations), "
                + "identity preserved \(Format.percent(q.identityPreserved))")
        Console.out(
            report.passed
                ? "PASS (\(target.rawValue))"
                : "FAIL (\(target.rawValue)): "
                    + "\(report.firstFailure?.description ?? "does not end in the new snapshot")")
        return report.passed ? .pass : .wrong
    }
}

/// The changeset type of case files.
typealias ChangesetOf = Changeset<CaseElement, CaseElement>
