// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchModel
import DiffBenchConformance
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchFormat

/// One `bench verify` session: the differs, the optional external one, the summary, the failing
/// cases saved and the smallest ones kept. What it says goes to ``Output``: the command line
/// prints it.
package struct VerifySession {
    /// Where the session's lines go: `line` for the per-case lines, `notice` for what it saved.
    package struct Output {
        package var line: (String) -> Void
        package var notice: (String) -> Void

        /// Lines to `line`, notices to `notice`.
        ///
        /// - Complexity: O(1).
        package init(line: @escaping (String) -> Void, notice: @escaping (String) -> Void) {
            (self.line, self.notice) = (line, notice)
        }
    }

    package let verification: Verification
    package let external: ExternalVerifier?
    package let quiet: Bool
    /// Whether passing cases get an `ok` line (not for thousands of random cases).
    let listPasses: Bool
    let output: Output
    package var summary = VerificationSummary()
    private var selfReportedNs: [Int] = []
    /// Where `--save-failures` writes each failing case, if given.
    package var saveFailures: String?
    /// Whether `--save-minimal` was given: then each differ's failure under each rule is shrunk,
    /// and the smallest kept in ``minimal``.
    package var keepsMinimal = false
    /// Per differ and rule (joined by a NUL), the smallest failing case found, shrunk.
    private(set) var minimal: [String: MinimalCase] = [:]
    /// Whether the per-case lines go to stderr (`--format json` keeps stdout for the JSON).
    package var linesToStderr = false

    /// A session of `verification`'s differs and `external`, saying what it finds to `output`.
    ///
    /// - Complexity: O(1).
    package init(
        verification: Verification, external: ExternalVerifier?, quiet: Bool, listPasses: Bool, output: Output
    ) {
        self.verification = verification
        self.external = external
        self.quiet = quiet
        self.listPasses = listPasses
        self.output = output
    }

    /// Checks one case with every differ; `caseFile` is built only for an external differ.
    /// `stem` names a saved failure (`seed-17`), with the differ's name after it.
    ///
    /// - Complexity: every differ's diff and check of the case, and a shrink of each new failure
    ///   when ``keepsMinimal``.
    package mutating func check<ID: Hashable & Sendable>(
        label: String, stem: String? = nil, old: ElementSnapshot<ID>,
        new: ElementSnapshot<ID>, caseFile: () -> CaseFile
    )
        throws(DiffBenchError)
    {
        var results = verification.verify(label: label, old: old, new: new)
        if let external { results.append(external.result(for: caseFile(), label: label, verification: verification)) }
        summary.add(results)
        if let saveFailures {
            for r in results where r.verdict == .fail || r.verdict == .error {
                var file = caseFile()
                file.name = "\(label) (\(r.algorithm): \(r.verdict == .fail ? "fails" : "errs"))"
                let path = (saveFailures as NSString).appendingPathComponent(
                    "\(stem ?? FileName.slug(label))-\(FileName.slug(r.algorithm)).json")
                // The folder held no case file unless --force was given; the same seed and differ give
                // the same case, so a file of an earlier run is replaced only then.
                try FileAccess.writeAtomically(file.encoded(), to: path, replace: true)
                if !quiet { output.notice("bench: saved the failing case of \(r.algorithm) to \(path)") }
            }
        }
        if keepsMinimal { keepSmallest(results, caseFile: caseFile) }
        let say = linesToStderr ? output.notice : output.line
        for r in results {
            if let ns = r.elapsedNs { selfReportedNs.append(ns) }
            switch r.verdict {
            case .pass: continue
            case .fail: say("FAIL \(r.algorithm) \(r.label): \(r.detail)")
            case .error: say("ERROR \(r.algorithm) \(r.label): \(r.detail)")
            case .unsupported: say("UNSUPPORTED \(r.algorithm) \(r.label): \(r.detail)")
            }
        }
        guard !quiet && !linesToStderr && listPasses && results.allSatisfy({ $0.verdict == .pass }) else { return }
        var line = "ok   \(label)"
        if let external, let mine = results.last, mine.algorithm == external.name {
            line += "  \(external.name): \(mine.figures)"
            if let ns = mine.elapsedNs { line += ", self-reported \(Format.nanoseconds(Double(ns)))" }
        }
        output.line(line)
    }

    /// Shrinks each in-process differ's failure whose case is smaller than any already shrunk for
    /// its rule, and keeps the smallest result.
    private mutating func keepSmallest(_ results: [VerificationResult], caseFile: () -> CaseFile) {
        for r in results where r.verdict == .fail {
            guard let rule = r.rule, let differ = verification.differs.first(where: { $0.name == r.algorithm })
            else { continue }
            let file = caseFile()
            let key = r.algorithm + "\u{0}" + rule.rawValue
            let size = MinimalCase.size(file.old, file.new)
            if let best = minimal[key], best.shrunkFrom <= size { continue }
            let shrinker = CaseShrinker(differ: differ, checker: verification.checker)
            let small = shrinker.shrink(old: file.old, new: file.new, rule: rule)
            let smallSize = MinimalCase.size(small.old, small.new)
            if let best = minimal[key], best.size <= smallSize {
                minimal[key]?.shrunkFrom = size
                continue
            }
            let name = "\(r.algorithm) breaks \(rule) (shrunk from \(file.name))"
            minimal[key] = MinimalCase(
                differ: r.algorithm, rule: rule, size: smallSize, shrunkFrom: size,
                file: CaseFile(
                    name: name, old: small.old, new: small.new,
                    duplicates: file.duplicates))
        }
    }

    /// Writes every minimal case into `folder` as `DIFFER-RULE.json`; the paths by differ and rule.
    ///
    /// - Complexity: O(*m*) files for *m* minimal cases.
    package func writeMinimal(to folder: String, force: Bool) throws(DiffBenchError) -> [String: [RuleID: String]] {
        var paths: [String: [RuleID: String]] = [:]
        for found in minimal.values.sorted(by: { ($0.differ, $0.rule.rawValue) < ($1.differ, $1.rule.rawValue) }) {
            let path = (folder as NSString).appendingPathComponent(
                "\(FileName.slug(found.differ))-\(FileName.slug(found.rule.rawValue)).json")
            try FileAccess.writeAtomically(found.file.encoded(), to: path, replace: force)
            paths[found.differ, default: [:]][found.rule] = path
            if !quiet {
                output.notice(
                    "bench: saved \(found.differ)'s smallest \(found.rule) case (\(found.size) "
                        + "sections and items, from \(found.shrunkFrom)) to \(path)")
            }
        }
        return paths
    }

    /// The line on the external differ's own timings, if it reported any.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cases.
    package func selfReported() -> String? {
        guard let external, !selfReportedNs.isEmpty else { return nil }
        let sorted = selfReportedNs.sorted()
        return "self-reported by \(external.name) (its own clock, not measured by DiffBench): "
            + "median \(Format.nanoseconds(Double(sorted[sorted.count / 2]))) over \(sorted.count) cases"
    }
}

/// The smallest failing case found for one differ and rule.
struct MinimalCase {
    let differ: String
    let rule: RuleID
    /// Sections and items of both snapshots, after shrinking.
    let size: Int
    /// The size of the smallest case shrunk so far for this differ and rule: a larger failing case
    /// is not shrunk again.
    var shrunkFrom: Int
    let file: CaseFile

    /// Sections and items in both snapshots.
    static func size<ID>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) -> Int {
        old.sections.count + new.sections.count + old.itemCount + new.itemCount
    }
}
