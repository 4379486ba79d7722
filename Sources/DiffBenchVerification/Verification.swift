import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchDiffers

/// The outcome of one algorithm on one case.
public struct VerificationResult: Sendable {
    /// Pass, fail (the checker's verdict), unsupported input, or no usable changeset.
    public enum Verdict: String, Sendable {
        /// `error`: an external differ gave no usable changeset (crash, timeout, bad JSON).
        case pass, fail, unsupported, error
    }
    /// Which case (a file name or a generated case's label).
    public var label: String
    /// The algorithm's name.
    public var algorithm: String
    /// The verdict.
    public var verdict: Verdict
    /// The first failing finding, or the unsupported-input error.
    public var detail: String
    /// The changeset's quality figures in one line (`2 stages, 12 relocations (minimum 4)`).
    public var figures = ""
    /// The time an external differ reported for its own diff (its clock, not DiffBench's).
    public var elapsedNs: Int?

    /// Creates a result.
    public init(label: String, algorithm: String, verdict: Verdict, detail: String) {
        self.label = label
        self.algorithm = algorithm
        self.verdict = verdict
        self.detail = detail
    }
}

/// Runs algorithms on cases and judges their changesets with the conformance checker.
public struct Verification: Sendable {
    /// The differs to run.
    public var differs: [Differ]
    /// The checker (table-view target by default).
    public var checker: ConformanceChecker

    /// Creates a verification run.
    public init(differs: [Differ], checker: ConformanceChecker = ConformanceChecker()) {
        self.differs = differs
        self.checker = checker
    }

    /// Runs every algorithm on one case.
    ///
    /// - Complexity: each algorithm's own cost, plus the checker's O(*n* log *n*).
    public func verify<ID: Hashable & Sendable>(
        label: String, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> [VerificationResult] {
        if let reason = checker.unsupportedInput(old: old, new: new) {
            return differs.map {
                VerificationResult(label: label, algorithm: $0.name, verdict: .unsupported, detail: reason)
            }
        }
        return differs.map { differ in
            let changeset: Changeset<Element<ID>, Element<ID>>
            do { changeset = try differ.changeset(from: old, to: new) } catch {
                let kind: VerificationResult.Verdict = error is AdapterError ? .fail : .unsupported
                return VerificationResult(label: label, algorithm: differ.name, verdict: kind, detail: "\(error)")
            }
            return judge(label: label, name: differ.name, old: old, new: new, changeset: changeset)
        }
    }

    /// The verdict on one changeset (made by `name`) from `old` to `new`.
    ///
    /// - Complexity: the checker's O(*n* log *n*).
    public func judge<ID: Hashable & Sendable>(
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
                return VerificationResult(
                    label: label,
                    algorithm: name,
                    verdict: .fail,
                    detail: "\(q.relocations) relocations, below the minimum of \(q.minimumRelocations)"
                )
            }
            var result = VerificationResult(label: label, algorithm: name, verdict: .pass, detail: "")
            result.figures = "\(q.stages) stages, \(q.relocations) relocations (minimum \(q.minimumRelocations))"
            return result
        }
        if report.passed { return VerificationResult(label: label, algorithm: name, verdict: .pass, detail: "") }
        let detail = report.firstFailure?.description ?? "does not end in the new snapshot"
        return VerificationResult(label: label, algorithm: name, verdict: .fail, detail: detail)
    }
}

/// Counts of verdicts, printed as the closing line of `bench verify`.
public struct VerificationSummary: Sendable, CustomStringConvertible {
    /// Cases seen, and verdicts by kind.
    public var cases = 0, passed = 0, failed = 0, unsupported = 0, errors = 0
    /// The differs that ran, in order.
    public var algorithms: [String] = []

    /// An empty summary.
    public init() {}

    /// Adds the results of one case.
    public mutating func add(_ results: [VerificationResult]) {
        cases += 1
        for r in results {
            switch r.verdict {
            case .pass: passed += 1
            case .fail: failed += 1
            case .unsupported: unsupported += 1
            case .error: errors += 1
            }
        }
    }

    public var description: String {
        "verify: \(cases) cases x \(algorithms.count) algorithms (\(algorithms.joined(separator: ", "))): \(passed) "
            + "passed, \(failed) failed, \(unsupported) unsupported"
            + (errors > 0 ? ", \(errors) errors (no usable changeset)" : "")
    }
}
