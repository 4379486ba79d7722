// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchStatistics

/// Reading `bench run`'s flags into a ``RunPlan``: each flag's values, and errors that name it.
extension RunPlan {
    /// Each `--external NAME=COMMAND` (and `--external-mode`): a differ in any language, run as
    /// a command on every case; killed past the cell budget plus grace. A name given twice is a
    /// usage error.
    static func externalCells(_ args: Arguments, _ registry: DifferRegistry, budget: Double) throws(DiffBenchError)
        -> [ExternalCell]
    {
        let texts = args.values("external")
        if texts.isEmpty && args.value("external-mode") != nil {
            throw .usage("--external-mode needs --external NAME=COMMAND")
        }
        var cells: [ExternalCell] = []
        for text in texts {
            let cell = try externalCell(text, args, registry, budget: budget)
            guard !cells.contains(where: { $0.name == cell.name }) else {
                throw .usage("--external \(cell.name)=...: the name \(cell.name) is given twice")
            }
            cells.append(cell)
        }
        return cells
    }

    static func externalCell(_ text: String, _ args: Arguments, _ registry: DifferRegistry, budget: Double)
        throws(DiffBenchError) -> ExternalCell
    {
        guard let equals = text.firstIndex(of: "="),
            !String(text[text.index(after: equals)...]).trimmingSpaces().isEmpty
        else {
            throw .usage("--external \(text): expected NAME=COMMAND, for example mine=\"python3 differ.py\"")
        }
        let name = String(text[..<equals]), command = String(text[text.index(after: equals)...])
        guard DifferRegistry.isValidName(name) else {
            throw .usage("--external \(name)=...: use lowercase letters, digits, '-', '_' or '.' in the name")
        }
        guard registry.named(name) == nil else {
            throw .usage("--external \(name)=...: \(name) is a registered differ")
        }
        let modeText = args.value("external-mode") ?? ExternalDiffer.Mode.perCase.rawValue
        guard let mode = ExternalDiffer.Mode(rawValue: modeText) else {
            throw .usage("--external-mode \(modeText): expected per-case or lines")
        }
        let timeout = min(86_400, budget + CellBudget.grace(budget: budget))
        return ExternalCell(name: name, driver: try ExternalDiffer(command: command, mode: mode, timeout: timeout))
    }

    /// `K/N` with 1 <= K <= N.
    static func parseShard(_ text: String) throws(DiffBenchError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw .usage("--shard \(text): expected K/N with 1 <= K <= N")
        }
        return (k, n)
    }

    static func selectCells(_ suite: Suite, _ args: Arguments) throws(DiffBenchError) -> [SuiteCell] {
        var scenarios: [Scenario]?
        if let names = try args.list("scenarios") {
            var list: [Scenario] = []
            for name in names {
                guard let scenario = Scenario(rawValue: name) else {
                    let known = Scenario.allCases.map(\.rawValue)
                    throw .usage(
                        "--scenarios: unknown scenario \"\(name)\"" + Suggestion.didYouMean(name, among: known)
                            + " (known: \(known.joined(separator: ", ")))")
                }
                list.append(scenario)
            }
            scenarios = list
        }
        var sizes: [Int]?
        if let texts = try args.list("sizes") {
            var list: [Int] = []
            for text in texts {
                guard let size = Format.size(text), size >= 1 else {
                    throw .usage("--sizes: \"\(text)\" is not a size of at least 1 (1000, 10k, 1M)")
                }
                list.append(size)
            }
            sizes = list
        }
        var cells: [SuiteCell]
        if let scenarios, let sizes {
            cells = scenarios.flatMap { s in sizes.map { SuiteCell(scenario: s, size: $0) } }
        } else {
            cells = suite.cells.filter { cell in
                (scenarios?.contains(cell.scenario) ?? true) && (sizes?.contains(cell.size) ?? true)
            }
        }
        let seed: UInt64? = args.value("seed") == nil ? nil : try args.seed(default: 1)
        let sectionsOverride = try args.int("sections", default: 0, range: 1...Int.max)
        let idsOverride = try args.value("ids").map { text throws(DiffBenchError) -> IdentityKind in
            guard let kind = IdentityKind(rawValue: text) else {
                throw .usage("--ids \(text): expected int, sparse, string, key or uuid")
            }
            return kind
        }
        for k in cells.indices {
            if let seed { cells[k].seed = seed }
            if args.value("sections") != nil { cells[k].sections = sectionsOverride }
            if let idsOverride { cells[k].ids = idsOverride }
            do { try cells[k].scenario.validate(size: cells[k].size, sections: cells[k].sections) } catch {
                throw .usage("\(cells[k].scenario.rawValue) \(cells[k].size): \(error.description)")
            }
        }
        return cells
    }

    /// `cells` with each cell once, in first-seen order, and a one-line note when some repeated:
    /// `--ids`, `--seed` or `--sections` can make two cells of a suite the same (the default
    /// suite's `mixed 10000` and `mixed 10000 ids=string` under `--ids string`), and a CSV holds
    /// each cell once, so a second run of it would make the file unreadable to `compare`.
    ///
    /// - Complexity: O(*n*) for *n* cells.
    static func distinct(_ cells: [SuiteCell]) -> (cells: [SuiteCell], note: String?) {
        var kept: [SuiteCell] = [], seen = Set<SuiteCell>()
        for cell in cells where seen.insert(cell).inserted { kept.append(cell) }
        let repeats = cells.count - kept.count
        guard repeats > 0 else { return (kept, nil) }
        let cellWord = repeats == 1 ? "cell is" : "cells are"
        return (
            kept,
            "bench: \(repeats) \(cellWord) the same as an earlier one once --ids, --seed, --sections, "
                + "--scenarios and --sizes are applied; each distinct cell runs once"
        )
    }

    /// `--precision PCT` as a fraction, or `nil` to take every sample: by default 1% for a run
    /// of one round without a partner (rounds pool samples over the run, and a paired gate
    /// compares two sides sampled alike).
    static func precisionFraction(_ args: Arguments, rounds: Int) throws(DiffBenchError) -> Double? {
        guard let text = args.value("precision") else {
            return rounds == 1 && args.value("paired-with") == nil ? defaultPrecision : nil
        }
        guard let value = Double(text), value.isFinite, value >= 0, value <= 100 else {
            throw .usage("--precision \(text): expected a percentage from 0 (every sample) to 100")
        }
        return value == 0 ? nil : value / 100
    }

    /// The default ``precisionFraction(_:rounds:)``: ±1%, a fifth of the spread (5%) under which
    /// two algorithms tie anyway, so stopping there changes no verdict.
    public static let defaultPrecision = 0.01
}
