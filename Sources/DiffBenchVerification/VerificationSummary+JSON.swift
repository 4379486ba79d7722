// SPDX-License-Identifier: Apache-2.0
import DiffBenchConformance
import DiffBenchFileFormats

/// The shape `diffbench-verify/1` (`bench verify --format json`): per differ its verdicts, each
/// rule its failures break (severity, count, the first message and case, and the minimal case
/// file where one was saved) and the reasons for unsupported input.
///
/// ```json
/// {"format": "diffbench-verify/1", "target": "table", "cases": 10000,
///  "differs": [{"name": "listdiff-raw", "passed": 9120, "failed": 880, "unsupported": 0, "errors": 0,
///               "rules": [{"rule": "R2", "severity": "exception", "count": 880, "message": "...",
///                          "example": "random seed=17 ...", "minimal_case": "League/cases/listdiff-raw-R2.json"}],
///               "reasons": [{"reason": "...", "count": 3}]}]}
/// ```
package struct VerificationJSON: Encodable {
    var format = "diffbench-verify/1"
    let target: String, cases: Int, differs: [Differ]

    /// One differ's tally.
    struct Differ: Encodable {
        let name: String, passed: Int, failed: Int, unsupported: Int, errors: Int, rules: [Rule], reasons: [Reason]
    }

    /// A rule a differ broke: how often, its first message and case, and the minimal case saved.
    struct Rule: Encodable {
        let rule: String, severity: String, count: Int, message: String, example: String, minimalCase: String?

        enum CodingKeys: String, CodingKey {
            case rule, severity, count, message, example
            case minimalCase = "minimal_case"
        }
    }

    /// A reason given for unsupported input or an error, and how often.
    struct Reason: Encodable {
        let reason: String, count: Int
    }
}

extension VerificationSummary {
    /// The run as `diffbench-verify/1` (``VerificationJSON``), with a final newline.
    ///
    /// - Complexity: O(*d* + *r*) for *d* differs and *r* rules.
    package func json(target: String, minimalCases: [String: [RuleID: String]] = [:]) -> String {
        let differs = algorithms.map { name in
            let tally = tallies[name] ?? DifferTally()
            let rules = tally.rules.map { rule in
                VerificationJSON.Rule(
                    rule: rule.rule.rawValue, severity: rule.severity.rawValue, count: rule.count,
                    message: rule.message,
                    example: rule.example, minimalCase: minimalCases[name]?[rule.rule])
            }
            return VerificationJSON.Differ(
                name: name, passed: tally.passed, failed: tally.failed, unsupported: tally.unsupported,
                errors: tally.errors, rules: rules,
                reasons: tally.reasons.map { VerificationJSON.Reason(reason: $0.reason, count: $0.count) })
        }
        return JSONTextEncoder.encode(VerificationJSON(target: target, cases: cases, differs: differs)) + "\n"
    }
}
