// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats

extension JSONOutput {
    /// `{"format": "diffbench-compare/1", "summary": {...}, "drift": x, "exit_code": n,
    /// "entries": [...]}`: the comparison CSV's columns per entry (``ComparisonRow``).
    package static func comparison(_ c: Comparison) -> String {
        let counts = Dictionary(grouping: c.entries, by: \.verdict).mapValues(\.count)
        let verdicts: [(String, Comparison.Verdict)] = [
            ("wrong", .wrong), ("broken", .broken), ("regressions", .regression), ("improvements", .improvement),
            ("unchanged", .unchanged), ("skipped", .skipped), ("missing", .missing)
        ]
        let summary = object(
            [("rows", .number(Double(c.entries.count)))]
                + verdicts.map { ($0.0, Value.number(Double(counts[$0.1] ?? 0))) })
        let entries = c.entries.map { ComparisonRow($0).json }
        let scaling = c.scaling.map { g in
            object([
                ("algorithm", .string(g.algorithm)), ("scenario", .string(g.scenario)),
                ("ids", .string(g.ids.rawValue)),
                ("seed", .raw(String(g.seed))), ("metric", .string(g.metric.rawValue)),
                ("sizes", .raw("[" + g.sizes.map(String.init).joined(separator: ",") + "]")),
                ("base_exponent", .number(g.baseExponent)), ("new_exponent", .number(g.newExponent)),
                ("change", .number(g.change)), ("change_low", .number(g.low)), ("change_high", .number(g.high)),
                ("verdict", .string(g.verdict.rawValue)), ("method", .string(g.method))
            ])
        }
        return object([
            ("format", .string("diffbench-compare/1")), ("summary", .raw(summary)),
            ("drift", .number(c.drift)), ("exit_code", .number(Double(c.outcome.rawValue))),
            ("entries", .raw("[\n" + entries.joined(separator: ",\n") + "]")),
            ("scaling", .raw("[" + scaling.joined(separator: ",\n") + "]"))
        ]) + "\n"
    }
}
