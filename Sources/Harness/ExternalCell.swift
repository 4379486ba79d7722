import DiffModel
import Conformance
import Corpus
import CSystemProbes

/// A cell of an external differ (`bench run --external NAME=COMMAND`): the command gets the
/// cell's case as `diffbench-case/1` and answers with a `diffbench-changeset/1` changeset, which
/// is checked and measured like any cell's. DiffBench does not time it (a process round trip
/// and JSON are not the differ's work): `wall_ns` and `cpu_ns` stay empty, and an `elapsed_ns`
/// the command reports goes to the `self_reported_ns` row, apart.
public struct ExternalCell {
    /// The differ's name in the table and the CSV.
    public let name: String
    /// Runs the command.
    public let driver: ExternalDiffer

    public init(name: String, driver: ExternalDiffer) {
        self.name = name
        self.driver = driver
    }

    /// Runs the command on `spec`'s case; `check` (the first round) checks the changeset and
    /// records the quality figures, later rounds only add a self-reported time.
    ///
    /// - Complexity: the command's own time, plus the checker's O(*n* log *n*) when checking.
    public func run(_ spec: CellSpec, check: Bool) -> CellResult {
        let start = dbp_monotonic_ns()
        var result = CellResult(status: "error")
        defer { result.elapsed = Double(dbp_monotonic_ns() - start) / 1e9 }
        let file: CaseFile
        do {
            guard let scenario = Scenario(rawValue: spec.scenario), let ids = IdentityKind(rawValue: spec.ids) else {
                throw CorpusError("unknown scenario \(spec.scenario) or identities \(spec.ids)")
            }
            file = try scenario.generate(size: spec.size, sections: spec.sections, seed: spec.seed).caseFile(ids: ids)
        } catch {
            result.note = "\(error)"
            return result
        }
        if check { result.minimumRelocations = QualityFigures.minimumRelocations(old: file.old, new: file.new) }
        switch driver.run(caseJSON: file.encoded()) {
        case .failed(let why):
            result.note = "\(name): \(why)"
        case .output(let bytes):
            do {
                let decoded = try ChangesetFile.decodeTimed(bytes, file: "the output of \(name)")
                result.selfReportedNs = decoded.elapsedNs.map { [Double($0)] } ?? []
                result.status = "ok"
                result.note = "external: not timed by DiffBench; its own time, if it reports one, is self_reported_ns"
                if check {
                    let failure = CellMeasurement.judge(old: file.old, new: file.new, changeset: decoded.changeset,
                                                        into: &result)
                    if !failure.isEmpty { (result.status, result.note) = ("wrong", failure) }
                }
            } catch {
                let shown = String(decoding: bytes.prefix(60), as: UTF8.self).split(separator: "\n").first ?? ""
                result.note = "\(name): not a changeset (\(error.description)); it printed \"\(shown)\""
            }
        }
        return result
    }
}
