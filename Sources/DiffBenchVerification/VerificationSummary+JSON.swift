// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats

extension VerificationSummary {
    /// The run as `diffbench-verify/1` JSON: per differ its verdicts, each rule its failures break
    /// (severity, count, the first message and case, and the minimal case file where one was
    /// saved) and the reasons for unsupported input.
    ///
    /// ```json
    /// {"format": "diffbench-verify/1", "target": "table", "cases": 10000,
    ///  "differs": [{"name": "listdiff-raw", "passed": 9120, "failed": 880, "unsupported": 0, "errors": 0,
    ///               "rules": [{"rule": "R2", "severity": "exception", "count": 880, "message": "...",
    ///                          "example": "random seed=17 ...", "minimal_case": "League/cases/listdiff-raw-R2.json"}],
    ///               "reasons": [{"reason": "...", "count": 3}]}]}
    /// ```
    ///
    /// - Complexity: O(*d* + *r*) for *d* differs and *r* rules.
    package func json(target: String, minimalCases: [String: [String: String]] = [:]) -> String {
        let differs = algorithms.map { name -> String in
            let tally = tallies[name] ?? DifferTally()
            let rules = tally.rules.map { rule in
                JSONOutput.object([
                    ("rule", .string(rule.rule)), ("severity", .string(rule.severity)),
                    ("count", .number(Double(rule.count))), ("message", .string(rule.message)),
                    ("example", .string(rule.example)),
                    ("minimal_case", minimalCases[name]?[rule.rule].map { .string($0) } ?? .raw("null"))
                ])
            }
            let reasons = tally.reasons.map {
                JSONOutput.object([("reason", .string($0.reason)), ("count", .number(Double($0.count)))])
            }
            return JSONOutput.object([
                ("name", .string(name)), ("passed", .number(Double(tally.passed))),
                ("failed", .number(Double(tally.failed))), ("unsupported", .number(Double(tally.unsupported))),
                ("errors", .number(Double(tally.errors))),
                ("rules", .raw("[" + rules.joined(separator: ",\n  ") + "]")),
                ("reasons", .raw("[" + reasons.joined(separator: ",\n  ") + "]"))
            ])
        }
        return JSONOutput.object([
            ("format", .string("diffbench-verify/1")), ("target", .string(target)),
            ("cases", .number(Double(cases))),
            ("differs", .raw("[\n" + differs.joined(separator: ",\n") + "\n]"))
        ]) + "\n"
    }
}
