// SPDX-License-Identifier: Apache-2.0
/// Collects findings of one check, listing at most `limit` per rule and stage and
/// summarizing the rest, so a million mis-rendered slots make a readable report.
struct FindingLog {
    var findings: [Finding] = []
    let limit: Int
    private var counts: [Key: Int] = [:]
    private var overflow: [Key: (Severity, Int)] = [:]

    /// A rule in a stage.
    private struct Key: Hashable {
        let stage: Int
        let rule: RuleID
    }

    init(limit: Int = 10) { self.limit = limit }

    mutating func report(_ rule: RuleID, _ severity: Severity, stage: Int, _ message: @autoclosure () -> String) {
        let key = Key(stage: stage, rule: rule)
        let seen = counts[key, default: 0]
        counts[key] = seen + 1
        if seen < limit {
            findings.append(Finding(rule: rule, severity: severity, stage: stage, message: message()))
        } else {
            overflow[key] = (severity, seen + 1 - limit)
        }
    }

    mutating func append(contentsOf other: [Finding]) { findings.append(contentsOf: other) }

    /// Whether a finding of `rule` in `stage` would still be listed (not only counted).
    func lists(_ rule: RuleID, stage: Int) -> Bool { counts[Key(stage: stage, rule: rule), default: 0] < limit }

    /// The findings, with one summary line per rule whose findings were cut.
    func finished() -> [Finding] {
        var result = findings
        // In the order of the text "stage/rule", as before the ids were typed.
        for (key, (severity, extra)) in overflow.sorted(by: {
            "\($0.key.stage)/\($0.key.rule)" < "\($1.key.stage)/\($1.key.rule)"
        }) {
            let rule = key.rule
            result.append(
                Finding(
                    rule: rule,
                    severity: severity,
                    stage: key.stage,
                    message: "... and \(extra) more \(rule) findings in this stage"
                ))
        }
        return result
    }
}
