// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchDiffers
import DiffBenchFormat

/// The outcome of one algorithm on one case.
package struct VerificationResult: Sendable {
    /// Pass, fail (the checker's verdict), unsupported input, or no usable changeset.
    package enum Verdict: String, Sendable {
        /// `error`: an external differ gave no usable changeset (crash, timeout, bad JSON).
        case pass, fail, unsupported, error
    }
    /// Which case (a file name or a generated case's label).
    package var label: String
    /// The algorithm's name.
    package var algorithm: String
    /// The verdict.
    package var verdict: Verdict
    /// The first failing finding, or the unsupported-input error.
    package var detail: String
    /// The changeset's quality figures in one line (`2 stages, 12 relocations (minimum 4)`).
    package var figures = ""
    /// The time an external differ reported for its own diff (its clock, not DiffBench's).
    package var elapsedNs: Int?
    /// The rule of the finding that heads a failure (`R2`, `D3`, `FINAL`, or `BOUND` for a
    /// changeset below the relocation bound); `nil` unless the verdict is `fail`.
    package var rule: RuleID?
    /// That finding's severity (`exception`, `stale`, ...); `nil` unless the verdict is `fail`.
    package var severity: Severity?
    /// That finding's message alone (UIKit's wording where UIKit asserts the rule).
    package var message: String?

    /// Creates a result.
    package init(label: String, algorithm: String, verdict: Verdict, detail: String) {
        self.label = label
        self.algorithm = algorithm
        self.verdict = verdict
        self.detail = detail
    }
}

/// Runs algorithms on cases and judges their changesets with the conformance checker.
package struct Verification: Sendable {
    /// The differs to run.
    package var differs: [Differ]
    /// The checker (table-view target by default).
    package var checker: ConformanceChecker

    /// Seconds a built-in differ may take on one case (`nil`: no limit). Past it the case is an
    /// error and the differ's later cases are not run: its thread cannot be stopped.
    package var timeLimit: Double?
    /// The differs abandoned past ``timeLimit`` so far.
    let abandoned = AbandonedDiffers()
    /// Elements (sections and items, both sides) below which a differ runs on the caller's thread
    /// without a limit: every built-in differ is at most quadratic, milliseconds at this size,
    /// and handing each small diff to another thread doubled `bench verify --random 10000`
    /// (1.8 s to 3.5 s: two thread wake-ups per diff).
    var inlineBelow = 2_000

    /// Creates a verification run.
    package init(differs: [Differ], checker: ConformanceChecker = ConformanceChecker(), timeLimit: Double? = nil) {
        self.differs = differs
        self.checker = checker
        self.timeLimit = timeLimit
    }

    /// Runs every algorithm on one case.
    ///
    /// - Complexity: each algorithm's own cost, plus the checker's O(*n* log *n*).
    package func verify<ID: Hashable & Sendable>(
        label: String, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> [VerificationResult] {
        if let reason = checker.unsupportedInput(old: old, new: new) {
            return differs.map {
                VerificationResult(label: label, algorithm: $0.name, verdict: .unsupported, detail: reason)
            }
        }
        return differs.map { differ in
            let changeset: Changeset<Element<ID>, Element<ID>>
            do { changeset = try limited(differ, label: label, old: old, new: new).get() } catch let error as TimedOut {
                return VerificationResult(label: label, algorithm: differ.name, verdict: .error, detail: error.reason)
            } catch {
                let kind: VerificationResult.Verdict = error is AdapterError ? .fail : .unsupported
                return VerificationResult(label: label, algorithm: differ.name, verdict: kind, detail: "\(error)")
            }
            return judge(label: label, name: differ.name, old: old, new: new, changeset: changeset)
        }
    }

    /// A differ that ran past ``timeLimit``, or was not started because it had.
    struct TimedOut: Error {
        let reason: String
    }

    /// `differ`'s changeset within ``timeLimit``, or ``TimedOut``.
    ///
    /// - Complexity: the differ's own cost.
    func limited<ID: Hashable & Sendable>(
        _ differ: Differ, label: String, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> Result<Changeset<Element<ID>, Element<ID>>, any Error> {
        let size = old.sections.count + new.sections.count + old.itemCount + new.itemCount
        guard let limit = timeLimit, size >= inlineBelow else {
            return Result { try differ.changeset(from: old, to: new) }
        }
        if let stuck = abandoned.abandonedCase(of: differ.name) {
            return .failure(
                TimedOut(
                    reason: "not run: \(differ.name) is still running on \(stuck), past the "
                        + "time limit"))
        }
        let outcome = TimeLimit.run(seconds: limit) { Result { try differ.changeset(from: old, to: new) } }
        guard let outcome else {
            abandoned.abandon(differ.name, on: label)
            return .failure(
                TimedOut(
                    reason: "did not finish within \(TimeLimit.seconds(limit)) (--timeout); a "
                        + "built-in differ cannot be stopped, so its later cases are not run"))
        }
        return outcome
    }

    /// The verdict on one changeset (made by `name`) from `old` to `new`.
    ///
    /// - Complexity: the checker's O(*n* log *n*).
    package func judge<ID: Hashable & Sendable>(
        label: String, name: String, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>,
        changeset: Changeset<Element<ID>, Element<ID>>
    ) -> VerificationResult {
        if let reason = checker.unsupportedInput(old: old, new: new) {
            return VerificationResult(label: label, algorithm: name, verdict: .unsupported, detail: reason)
        }
        let report = checker.check(old: old, new: new, changeset: changeset)
        if report.passed && checker.target != .diffable {
            // The relocation bound must hold for every correct changeset: a check of the bound.
            let q = QualityFigures.measure(old: old, new: new, changeset: changeset, report: report)
            guard q.relocations >= q.minimumRelocations else {
                let message = "\(q.relocations) relocations, below the minimum of \(q.minimumRelocations)"
                var result = VerificationResult(label: label, algorithm: name, verdict: .fail, detail: message)
                (result.rule, result.severity, result.message) = (.bound, .exception, message)
                return result
            }
            var result = VerificationResult(label: label, algorithm: name, verdict: .pass, detail: "")
            result.figures = "\(q.stages) stages, \(q.relocations) relocations (minimum \(q.minimumRelocations))"
            return result
        }
        if report.passed { return VerificationResult(label: label, algorithm: name, verdict: .pass, detail: "") }
        let detail = report.firstFailure?.description ?? "does not end in the new snapshot"
        var result = VerificationResult(label: label, algorithm: name, verdict: .fail, detail: detail)
        result.rule = report.firstFailure?.ruleID ?? .final
        result.severity = report.firstFailure?.severity ?? .misrender
        result.message = report.firstFailure?.message ?? "does not end in the new snapshot"
        return result
    }
}

/// Counts of verdicts, printed as the closing line of `bench verify`, and per differ the rules
/// its failures break (for `bench verify --format json`).
package struct VerificationSummary: Sendable, CustomStringConvertible {
    /// Cases seen, and verdicts by kind.
    package var cases = 0, passed = 0, failed = 0, unsupported = 0, errors = 0
    /// The differs that ran, in order.
    package var algorithms: [String] = []
    /// Per differ, its verdicts and the rules it breaks.
    package private(set) var tallies: [String: DifferTally] = [:]

    /// An empty summary.
    package init() {}

    /// Adds the results of one case.
    ///
    /// - Complexity: O(*r*) for *r* results.
    package mutating func add(_ results: [VerificationResult]) {
        cases += 1
        for r in results {
            switch r.verdict {
            case .pass: passed += 1
            case .fail: failed += 1
            case .unsupported: unsupported += 1
            case .error: errors += 1
            }
            tallies[r.algorithm, default: DifferTally()].add(r)
        }
    }

    /// One line per differ: its verdicts and, for its failures, each rule that headed them with
    /// how often (printed above the closing line when several differs ran or one failed).
    ///
    /// - Complexity: O(*a* *r*) for *a* differs and *r* rules.
    package var perDiffer: [String] {
        algorithms.compactMap { name in
            guard let t = tallies[name] else { return nil }
            var parts = ["\(t.passed) passed"]
            if t.failed > 0 {
                parts.append(
                    "\(t.failed) failed (" + t.rules.map { "\($0.rule) \($0.count)" }.joined(separator: ", ")
                        + ")")
            }
            if t.unsupported > 0 { parts.append("\(t.unsupported) unsupported") }
            if t.errors > 0 { parts.append("\(t.errors) errors") }
            return "  \(name): " + parts.joined(separator: ", ")
        }
    }

    package var description: String {
        "verify: \(Format.count(cases, "case")) x \(Format.count(algorithms.count, "algorithm")) "
            + "(\(algorithms.joined(separator: ", "))): \(passed) passed, \(failed) failed, \(unsupported) unsupported"
            + (errors > 0 ? ", \(errors) errors (no usable changeset)" : "")
    }
}

/// One differ's verdicts over a verify run, and each rule its failures break.
package struct DifferTally: Sendable, Equatable {
    /// Verdicts by kind.
    package var passed = 0, failed = 0, unsupported = 0, errors = 0
    /// The rules broken, in the order first seen.
    package var rules: [RuleTally] = []
    /// The reasons given for unsupported input or errors, in the order first seen, with counts.
    package var reasons: [(reason: String, count: Int)] {
        reasonOrder.map { ($0, reasonCounts[$0] ?? 0) }
    }
    private var reasonOrder: [String] = []
    private var reasonCounts: [String: Int] = [:]

    /// An empty tally.
    package init() {}

    /// Counts one result.
    package mutating func add(_ r: VerificationResult) {
        switch r.verdict {
        case .pass: passed += 1
        case .fail:
            failed += 1
            let rule = r.rule ?? .final
            if let k = rules.firstIndex(where: { $0.rule == rule }) {
                rules[k].count += 1
            } else {
                rules.append(
                    RuleTally(
                        rule: rule, severity: r.severity ?? .misrender, count: 1,
                        message: r.message ?? r.detail, example: r.label))
            }
        case .unsupported, .error:
            if r.verdict == .unsupported { unsupported += 1 } else { errors += 1 }
            // Numbers vary from case to case; one reason per wording.
            let reason = String(r.detail.map { $0.isNumber ? "#" : $0 }).collapsingNumberMarks()
            if reasonCounts[reason] == nil { reasonOrder.append(reason) }
            reasonCounts[reason, default: 0] += 1
        }
    }

    package static func == (a: DifferTally, b: DifferTally) -> Bool {
        a.passed == b.passed && a.failed == b.failed && a.unsupported == b.unsupported && a.errors == b.errors
            && a.rules == b.rules && a.reasonOrder == b.reasonOrder && a.reasonCounts == b.reasonCounts
    }
}

/// How often one rule headed a differ's failures, with the first message and case.
package struct RuleTally: Sendable, Equatable {
    /// The rule id (`R2`, `D3`, `FINAL`, `BOUND`).
    package var rule: RuleID
    /// Its severity.
    package var severity: Severity
    /// Failures it headed.
    package var count: Int
    /// The first failure's message (UIKit's wording where UIKit asserts the rule).
    package var message: String
    /// The first failing case's label.
    package var example: String
}

extension String {
    /// Runs of `#` (digits masked by ``DifferTally``) collapsed into one `#`.
    func collapsingNumberMarks() -> String {
        var out = "", previous = false
        for c in self {
            if c == "#" && previous { continue }
            previous = c == "#"
            out.append(c)
        }
        return out
    }
}
