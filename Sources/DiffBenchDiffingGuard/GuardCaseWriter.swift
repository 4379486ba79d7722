// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchModel
import DiffBenchCaseWriting

/// Writes the guard's case and changeset files on a queue of its own, off the main thread, with
/// limits for the whole process: at most a number of cases (each identical case written once,
/// counted once) and a size per file, so that a violation repeated on every update, or one on a
/// list of a million rows, neither fills the disk nor stalls the app.
///
/// One per process (``shared``): the limits are the process's, whichever guard reports. Its
/// state is touched on its queue only.
final class GuardCaseWriter: @unchecked Sendable {
    /// The process's writer.
    static let shared = GuardCaseWriter()

    /// The files of one violation, before they are written.
    struct Job: Sendable {
        var old: IntSnapshot
        var new: IntSnapshot
        var changeset: Changeset<IntElement, IntElement>
        var duplicates: Bool
        var folder: String
        var maxFiles: Int
        var maxBytes: Int
    }

    private let queue = DispatchQueue(label: "DiffBenchDiffingGuard.GuardCaseWriter")
    /// Cases written so far (on `queue`).
    private var written = 0
    /// Hashes of the cases written or being written (on `queue`).
    private var seen: [Int: (caseFile: String, changesetFile: String)] = [:]

    /// Writes `job`'s files into its folder on the writer's queue, then calls `done` there with
    /// `violation` completed: the two files' paths, or why none was written.
    ///
    /// - Complexity: O(*n*) for *n* rows, on the writer's queue; O(1) on the caller's thread.
    func write(_ job: Job, for violation: GuardViolation, done: @escaping @Sendable (GuardViolation) -> Void) {
        queue.async {
            var violation = violation
            self.fill(&violation, job)
            done(violation)
        }
    }

    /// Waits until every file asked for so far is written (for tests and command-line tools).
    ///
    /// - Complexity: as long as the writes queued before it.
    func waitForWrites() { queue.sync {} }

    /// `snapshot` with the case files' identities.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    static func caseSnapshot(_ snapshot: IntSnapshot) -> CaseSnapshot {
        Snapshot(
            snapshot.sections.map { section in
                Section(
                    CaseElement(.int(section.model.id), rev: section.model.rev),
                    items: section.items.map { CaseElement(.int($0.id), rev: $0.rev) })
            })
    }

    /// Writes `job`'s files and records them in `violation`, unless a limit says no.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    private func fill(_ violation: inout GuardViolation, _ job: Job) {
        let name = "guard-\(Int(Date().timeIntervalSince1970 * 1000))-\(UInt32.random(in: 0...UInt32.max))"
        // As case files write identities: integers for sections and rows alike.
        func element(_ e: IntElement) -> CaseElement { CaseElement(.int(e.id), rev: e.rev) }
        let asCase = job.changeset.mapElements(model: element, item: element)
        let caseBytes = CaseWriting.caseFile(
            name: "guard: \(violation.finding.rule)", old: Self.caseSnapshot(job.old), new: Self.caseSnapshot(job.new),
            duplicates: job.duplicates)
        let changesetBytes = CaseWriting.changeset(asCase)
        var hasher = Hasher()
        hasher.combine(job.folder)
        hasher.combine(caseBytes)
        hasher.combine(changesetBytes)
        let key = hasher.finalize()
        if let files = seen[key] {
            (violation.caseFile, violation.changesetFile) = (files.caseFile, files.changesetFile)
            return
        }
        guard written < job.maxFiles else {
            violation.writeError =
                "this process already wrote \(written) case files, the guard's limit (maxCaseFiles)"
            return
        }
        guard max(caseBytes.count, changesetBytes.count) <= job.maxBytes else {
            violation.writeError =
                "the case takes \(max(caseBytes.count, changesetBytes.count)) bytes, over the guard's limit of"
                + " \(job.maxBytes) (maxCaseFileBytes)"
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: job.folder, withIntermediateDirectories: true)
            let folder = URL(fileURLWithPath: job.folder)
            let caseURL = folder.appendingPathComponent(name + ".json")
            let changesetURL = folder.appendingPathComponent(name + ".changeset.json")
            try Data(caseBytes).write(to: caseURL, options: .atomic)
            try Data(changesetBytes).write(to: changesetURL, options: .atomic)
            written += 1
            seen[key] = (caseURL.path, changesetURL.path)
            (violation.caseFile, violation.changesetFile) = (caseURL.path, changesetURL.path)
        } catch {
            violation.writeError = "\(error)"
        }
    }
}
