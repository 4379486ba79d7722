// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchFileFormats
import DiffBenchDiffers

/// A cell of an external differ (`bench run --external NAME=COMMAND`): the command gets the
/// cell's case as `diffbench-case/1` and answers with a `diffbench-changeset/1` changeset, which
/// is checked and measured like any cell's. DiffBench does not time it (a process round trip
/// and JSON are not the differ's work): `wall_ns` and `cpu_ns` stay empty, and an `elapsed_ns`
/// the command reports goes to the `self_reported_ns` row, apart.
package struct ExternalCell {
    /// The differ's name in the table and the CSV.
    package let name: String
    /// Runs the command.
    package let driver: ExternalDiffer

    package init(name: String, driver: ExternalDiffer) {
        self.name = name
        self.driver = driver
    }

    /// Runs the command on `spec`'s case; `check` (the first round) checks the changeset and
    /// records the quality figures, later rounds only add a self-reported time.
    ///
    /// - Complexity: the command's own time, plus the checker's O(*n* log *n*) when checking.
    package func run(_ spec: CellSpec, check: Bool) -> CellResult {
        let start = Clock.monotonicNanoseconds()
        // The seconds the cell took go into the result returned (a `defer` would set them on a
        // copy, after the return).
        func timed(_ result: CellResult) -> CellResult {
            var result = result
            result.elapsed = Double(Clock.monotonicNanoseconds() - start) / 1e9
            return result
        }
        if spec.isTrace { return timed(runTrace(spec, check: check)) }
        var result = CellResult(status: .error)
        let file: CaseFile
        do { file = try caseFile(spec) } catch {
            result.note = "\(error)"
            return timed(result)
        }
        answer(file, check: check, into: &result)
        return timed(result)
    }

    /// The note of a cell DiffBench does not time.
    static let untimed = "external: not timed by DiffBench; its own time, if it reports one, is self_reported_ns"

    /// Runs the command on `file` and records its answer in `result` (status `ok`, `wrong` or
    /// `error`, and with `check` the quality figures); returns the checker's failure, or "".
    @discardableResult
    func answer(_ file: CaseFile, check: Bool, into result: inout CellResult) -> String {
        if check { result.minimumRelocations = QualityFigures.minimumRelocations(old: file.old, new: file.new) }
        switch driver.run(caseJSON: file.encoded()) {
        case .failed(let why):
            result.note = "\(name): \(why)"
        case .output(let bytes):
            do {
                let decoded = try ChangesetFile.decodeTimed(bytes, file: "the output of \(name)")
                result.selfReportedNs = decoded.elapsedNs.map { [Double($0)] } ?? []
                result.status = .ok
                result.note = ExternalCell.untimed
                if check {
                    let failure = CellMeasurement.judge(
                        old: file.old, new: file.new, changeset: decoded.changeset,
                        into: &result)
                    if !failure.isEmpty { (result.status, result.note) = (.wrong, failure) }
                    return failure
                }
            } catch {
                let shown = String(decoding: bytes.prefix(60), as: UTF8.self).split(separator: "\n").first ?? ""
                result.note = "\(name): not a changeset (\(error.description)); it printed \"\(shown)\""
            }
        }
        return ""
    }

    /// The case of a generated cell, or of a cell of a case file.
    func caseFile(_ spec: CellSpec) throws -> CaseFile {
        if let path = spec.file { return try CaseFile.decode(try FileAccess.read(path), file: path) }
        guard let scenario = Scenario(rawValue: spec.scenario), spec.ids != .mixed else {
            throw CorpusError("unknown scenario \(spec.scenario) or identities \(spec.ids.rawValue)")
        }
        return try scenario.generate(size: spec.size, sections: spec.sections, seed: spec.seed).caseFile(ids: spec.ids)
    }

    /// A trace cell: the command gets each step as a case, in order; quality figures are summed
    /// over the steps, self-reported times kept per step, and the first failure names its step.
    func runTrace(_ spec: CellSpec, check: Bool) -> CellResult {
        var result = CellResult(status: .ok, note: ExternalCell.untimed)
        var reported: [Double] = [], identity = 0.0, minimum = 0, step = 0
        do {
            let reader = try TraceReader(path: spec.file ?? "")
            var previous: CaseSnapshot?
            while let snapshot = try reader.next() {
                defer { previous = snapshot }
                guard let old = previous else { continue }
                let file = CaseFile(
                    name: "\(spec.scenario) step \(step)", old: old, new: snapshot,
                    duplicates: reader.duplicates)
                var figures = CellResult(status: .error)
                let failure = answer(file, check: check, into: &figures)
                if let ns = figures.selfReportedNs?.first { reported.append(ns) }
                guard figures.status != .error else {
                    return CellResult(status: .error, note: "step \(step): \(figures.note)")
                }
                if check {
                    TraceTiming.add(figures, to: &result)
                    identity += figures.identityPreserved
                    minimum += figures.minimumRelocations ?? 0
                    if !failure.isEmpty && result.status == .ok {
                        (result.status, result.note) = (.wrong, "step \(step): \(failure)")
                    }
                }
                step += 1
            }
        } catch {
            return CellResult(status: .error, note: "\(error)")
        }
        result.selfReportedNs = reported
        if check && step > 0 {
            result.correct = result.status == .ok
            result.minimumRelocations = minimum
            result.identityPreserved = identity / Double(step)
        }
        return result
    }
}
