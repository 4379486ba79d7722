// SPDX-License-Identifier: Apache-2.0
/// Collects findings of one check, listing at most `limit` per rule and stage and
/// summarizing the rest, so a million mis-rendered slots make a readable report.
struct FindingLog {
    var findings: [Finding] = []
    let limit: Int
    private var counts: [String: Int] = [:]
    private var overflow: [String: (Severity, Int, Int)] = [:]

    init(limit: Int = 10) { self.limit = limit }

    mutating func report(_ rule: String, _ severity: Severity, stage: Int, _ message: @autoclosure () -> String) {
        assert(RuleCatalog.ids.contains(rule), "\(rule) is not in RuleCatalog: add it there")
        let key = "\(stage)/\(rule)"
        let seen = counts[key, default: 0]
        counts[key] = seen + 1
        if seen < limit {
            findings.append(Finding(rule: rule, severity: severity, stage: stage, message: message()))
        } else {
            overflow[key] = (severity, stage, seen + 1 - limit)
        }
    }

    mutating func append(contentsOf other: [Finding]) { findings.append(contentsOf: other) }

    /// Whether a finding of `rule` in `stage` would still be listed (not only counted).
    func lists(_ rule: String, stage: Int) -> Bool { counts["\(stage)/\(rule)", default: 0] < limit }

    /// The findings, with one summary line per rule whose findings were cut.
    func finished() -> [Finding] {
        var result = findings
        for (key, (severity, stage, extra)) in overflow.sorted(by: { $0.key < $1.key }) {
            let rule = String(key.split(separator: "/")[1])
            result.append(
                Finding(
                    rule: rule,
                    severity: severity,
                    stage: stage,
                    message: "... and \(extra) more \(rule) findings in this stage"
                ))
        }
        return result
    }
}
