// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchModel
import DiffBenchDiffing
import DiffBenchConformance

/// A check of each update against UIKit's batch-update rules, before and while the glue applies
/// it: pass it as the `guard` of `reload(using:)`.
///
/// - Before the first batch it checks the update's changeset with DiffBench's checker.
/// - Inside each batch, after `setData`, it reads the view's data source back (sections, and rows
///   per section, as UIKit will at the batch's end) and compares it with the batch's data: a glue
///   that hands the data source something else is caught there.
///
/// On a violation the view reloads instead of throwing `NSInternalInconsistencyException`, and
/// the guard writes the case (both lists, identities numbered, contents as revisions, never the
/// app's data) and the changeset, for `bench check` to replay to the same rule, then tells its
/// handler. The files are written off the main thread, at most ``maxCaseFiles`` per process (each
/// identical case once) and ``maxCaseFileBytes`` each.
///
/// It cannot see a row that is a class edited in place: the old and the new list hold the same
/// object, which compares equal to itself, so no differ reloads it and no check finds it.
public struct UpdateGuard: Sendable {
    /// Whether updates are checked.
    public var isEnabled: Bool
    /// The kind of view whose rules apply.
    public var view: GuardedView
    /// The folder case files go to (created if missing), or `nil` for none.
    public var caseFolder: String?
    /// At most this many cases are written by the whole process.
    public var maxCaseFiles: Int
    /// A case or changeset file larger than this many bytes is not written.
    public var maxCaseFileBytes: Int
    /// Told of each violation once its files are written (on the writer's queue, not the main
    /// thread); the default prints ``GuardViolation/description`` on standard error.
    public var onViolation: @Sendable (GuardViolation) -> Void

    /// A guard; `caseFolder` defaults to `DiffBenchGuard` in the temporary directory.
    ///
    /// - Complexity: O(1).
    public init(
        isEnabled: Bool = true, view: GuardedView = .tableView,
        caseFolder: String? = UpdateGuard.defaultCaseFolder,
        maxCaseFiles: Int = 20, maxCaseFileBytes: Int = 16 << 20,
        onViolation: @escaping @Sendable (GuardViolation) -> Void = UpdateGuard.printToStandardError
    ) {
        self.isEnabled = isEnabled
        self.view = view
        self.caseFolder = caseFolder
        self.maxCaseFiles = maxCaseFiles
        self.maxCaseFileBytes = maxCaseFileBytes
        self.onViolation = onViolation
    }

    /// On in debug builds (`DEBUG` defined), off in release builds.
    ///
    /// - Complexity: O(1).
    public static var debugDefault: UpdateGuard {
        #if DEBUG
        return UpdateGuard()
        #else
        return UpdateGuard(isEnabled: false)
        #endif
    }

    /// `DiffBenchGuard` in the process's temporary directory.
    ///
    /// - Complexity: O(1).
    public static var defaultCaseFolder: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("DiffBenchGuard").path
    }

    /// Prints the violation's one line on standard error.
    ///
    /// - Complexity: O(1).
    @Sendable
    public static func printToStandardError(_ violation: GuardViolation) {
        FileHandle.standardError.write(Data((violation.description + "\n").utf8))
    }

    /// Waits until every case file the guards of this process asked for is written, and their
    /// handlers told (for tests and command-line tools; an app need not).
    ///
    /// - Complexity: as long as the writes queued before it.
    public static func waitForCaseFiles() { GuardCaseWriter.shared.waitForWrites() }

    /// Checks `update`'s changeset; on a violation writes its case and tells the handler.
    ///
    /// - Returns: the violation (its files not written yet), or `nil`.
    /// - Complexity: O((*n* + *k*) log *k*) for *n* rows and *k* operations.
    @discardableResult
    public func check<Data>(_ update: DiffUpdate<Data>) -> GuardViolation? {
        // The update checked in the app's own types; numbered (for the case file) only when it fails.
        guard let failure = update.source.check(Checker(target: view.target)) else { return nil }
        let numbered = update.source.numbered()
        let finding = Finding(rule: failure.rule, severity: .exception, stage: failure.stage, message: failure.message)
        return tell(
            GuardViolation(finding: GuardFinding(finding), fromDataSource: false), numbered.old, numbered.new,
            numbered.changeset, numbered.duplicates)
    }

    /// DiffBench's checker, as the update's source asks it.
    struct Checker: UpdateChecker {
        let target: Target

        func firstFailure<Model: DiffElement, Item: DiffElement>(
            old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>
        ) -> Failure? {
            let report = ConformanceChecker(target: target, findingLimit: 1).check(
                old: old, new: new, changeset: changeset)
            guard !report.passed else { return nil }
            guard let first = report.firstFailure else {
                let last = max(changeset.stages.count - 1, 0)
                return (RuleID.final.rawValue, last, "the batches do not end at the new list")
            }
            return (first.rule, first.stage, first.message)
        }
    }

    /// Tells the handler of `violation`, after writing its case of `changeset` from `old` to `new`
    /// when there is a folder.
    ///
    /// - Complexity: O(1) here; O(*n*) on the writer's queue.
    private func tell(
        _ violation: GuardViolation, _ old: IntSnapshot, _ new: IntSnapshot,
        _ changeset: Changeset<IntElement, IntElement>, _ duplicates: Bool
    ) -> GuardViolation {
        guard let caseFolder else {
            onViolation(violation)
            return violation
        }
        let job = GuardCaseWriter.Job(
            old: old, new: new, changeset: changeset, duplicates: duplicates, folder: caseFolder,
            maxFiles: maxCaseFiles, maxBytes: maxCaseFileBytes)
        GuardCaseWriter.shared.write(job, for: violation, done: onViolation)
        return violation
    }
}

extension UpdateGuard: UpdateMonitor {
    /// Whether `update`'s changeset passes the checker (always, when the guard is off).
    ///
    /// - Complexity: ``check(_:)``'s when on, O(1) when off.
    @MainActor
    public func shouldApply<Data>(_ update: DiffUpdate<Data>) -> Bool {
        !isEnabled || check(update) == nil
    }

    /// Whether the data source, read back inside batch `stage`, holds as many sections, and rows
    /// in each, as the batch's data (always, when the guard is off).
    ///
    /// - Complexity: O(*s*) reads of the data source for *s* sections; on a mismatch, O(*n*) more
    ///   for *n* rows.
    @MainActor
    public func shouldSend<Data>(stage: Int, of update: DiffUpdate<Data>, to view: some BatchUpdateView) -> Bool {
        guard isEnabled else { return true }
        let expected = update.stages[stage]
        let sections = view.dataSourceSectionCount()
        let counts = (0..<max(sections, 0)).map { view.dataSourceRowCount(inSection: $0) }
        if counts.count == expected.sectionCount
            && counts.indices.allSatisfy({ counts[$0] == expected.rowCount(inSection: $0) })
        {
            return true
        }
        // The batch against what the data source holds, then an empty batch to the batch's own data:
        // the rule and message UIKit gives at the end of this batch, or, where the sections that
        // differ are inserted in it (UIKit counts no row of those), at the next.
        let numbered = update.source.numbered()
        let stages = numbered.changeset.stages
        let before = stage == 0 ? numbered.old : stages[stage - 1].after ?? numbered.old
        let intended = stages[stage].after ?? numbered.new
        let shown = Self.snapshot(intended, resizedTo: counts)
        let replay = Changeset<IntElement, IntElement>.staged([
            Stage(stages[stage].update, after: shown), Stage(BatchUpdate(), after: nil)
        ])
        let report = ConformanceChecker(target: self.view.target, findingLimit: 1)
            .check(old: before, new: intended, changeset: replay)
        var finding =
            report.firstFailure
            ?? Finding(
                rule: .final, severity: .misrender, stage: 0,
                message: "the data source holds \(counts) rows per section where the batch's data holds "
                    + "\(expected.rowCounts)")
        finding.stage += stage
        _ = tell(
            GuardViolation(finding: GuardFinding(finding), fromDataSource: true), before, intended, replay,
            numbered.duplicates)
        return false
    }

    /// `snapshot` with `counts.count` sections of `counts[s]` rows: its own sections and rows
    /// where it has them, stand-ins with negative identities past them.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    static func snapshot(_ snapshot: IntSnapshot, resizedTo counts: [Int]) -> IntSnapshot {
        var extra = 0
        return Snapshot(
            counts.enumerated().map { s, count in
                let section = s < snapshot.sections.count ? snapshot.sections[s] : nil
                let items = section?.items ?? []
                var rows = Array(items.prefix(count))
                while rows.count < count {
                    extra += 1
                    rows.append(IntElement(-extra))
                }
                return Section(section?.model ?? IntElement(-1 - s), items: rows)
            })
    }
}
