// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchReports
import DiffBenchVerification
import DiffBenchCorpus
import DiffBenchModel
import DiffBenchConformance
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchFormat

/// `--external`, `--external-name`, `--external-mode` and `--timeout` of `bench verify` (which
/// also limits the built-in differs).
struct ExternalOption {
    let name: String
    let driver: ExternalDiffer

    /// `nil` without `--external`; the other three flags are then usage errors.
    init?(_ args: Arguments) throws(DiffBenchError) {
        guard let command = args.value("external") else {
            for flag in ["external-name", "external-mode"] where args.value(flag) != nil {
                throw .usage("--\(flag) needs --external \"COMMAND\"")
            }
            return nil
        }
        guard !command.trimmingSpaces().isEmpty else { throw .usage("--external needs a command") }
        guard args.values("external").count == 1 else {
            throw .usage("--external is given \(args.values("external").count) times: verify takes one external differ")
        }
        let mode = try args.choice("external-mode", default: ExternalDiffer.Mode.perCase)
        let timeout = try args.seconds("timeout") ?? 10
        name = args.value("external-name") ?? "external"
        driver = try ExternalDiffer(command: command, mode: mode, timeout: timeout)
    }

    /// The external differ's verdict on one case.
    func result(for file: CaseFile, label: String, verification: Verification) -> VerificationResult {
        switch driver.run(caseJSON: file.encoded()) {
        case .failed(let why):
            return VerificationResult(label: label, algorithm: name, verdict: .error, detail: why)
        case .output(let bytes):
            let decoded: (changeset: Changeset<CaseElement, CaseElement>, elapsedNs: Int?)
            do { decoded = try ChangesetFile.decodeTimed(bytes, file: "its output") } catch {
                let shown = String(decoding: bytes.prefix(60), as: UTF8.self).split(separator: "\n").first ?? ""
                return VerificationResult(
                    label: label, algorithm: name, verdict: .error,
                    detail: "not a changeset (\(error.description)); it printed \"\(shown)\"")
            }
            var result = verification.judge(
                label: label, name: name, old: file.old, new: file.new,
                changeset: decoded.changeset)
            result.elapsedNs = decoded.elapsedNs
            return result
        }
    }
}

/// The state of one `bench verify`: the differs, the optional external one, the summary.
struct VerifyRun {
    let verification: Verification
    let external: ExternalOption?
    let quiet: Bool
    /// Whether passing cases get an `ok` line (not for thousands of random cases).
    let listPasses: Bool
    var summary = VerificationSummary()
    private var selfReportedNs: [Int] = []
    /// Where `--save-failures` writes each failing case, if given.
    var saveFailures: String?
    /// Whether `--save-minimal` was given: then each differ's failure under each rule is shrunk,
    /// and the smallest kept in ``minimal``.
    var keepsMinimal = false
    /// Per differ and rule (joined by a NUL), the smallest failing case found, shrunk.
    private(set) var minimal: [String: MinimalCase] = [:]
    /// Whether the per-case lines go to stderr (`--format json` keeps stdout for the JSON).
    var linesToStderr = false

    init(verification: Verification, external: ExternalOption?, quiet: Bool, listPasses: Bool) {
        self.verification = verification
        self.external = external
        self.quiet = quiet
        self.listPasses = listPasses
    }

    /// Checks one case with every differ; `caseFile` is built only for an external differ.
    /// `stem` names a saved failure (`seed-17`), with the differ's name after it.
    mutating func check<ID: Hashable & Sendable>(
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
                    "\(stem ?? RunReport.slug(label))-\(RunReport.slug(r.algorithm)).json")
                // The folder held no case file unless --force was given; the same seed and differ give
                // the same case, so a file of an earlier run is replaced only then.
                try FileAccess.writeAtomically(file.encoded(), to: path, replace: true)
                if !quiet { Console.err("bench: saved the failing case of \(r.algorithm) to \(path)") }
            }
        }
        if keepsMinimal { keepSmallest(results, caseFile: caseFile) }
        let say: (String) -> Void = linesToStderr ? { Console.err($0) } : { Console.out($0) }
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
        Console.out(line)
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
    func writeMinimal(to folder: String, force: Bool) throws(DiffBenchError) -> [String: [RuleID: String]] {
        var paths: [String: [RuleID: String]] = [:]
        for found in minimal.values.sorted(by: { ($0.differ, $0.rule.rawValue) < ($1.differ, $1.rule.rawValue) }) {
            let path = (folder as NSString).appendingPathComponent(
                "\(RunReport.slug(found.differ))-\(RunReport.slug(found.rule.rawValue)).json")
            try FileAccess.writeAtomically(found.file.encoded(), to: path, replace: force)
            paths[found.differ, default: [:]][found.rule] = path
            if !quiet {
                Console.err(
                    "bench: saved \(found.differ)'s smallest \(found.rule) case (\(found.size) "
                        + "sections and items, from \(found.shrunkFrom)) to \(path)")
            }
        }
        return paths
    }

    /// The line on the external differ's own timings, if it reported any.
    func selfReported() -> String? {
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
