// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What ``UpdateGuard`` found wrong with a changeset before it reached the view.
public struct GuardViolation: Sendable, CustomStringConvertible {
    /// The first failing finding: its rule, the batch (stage) and UIKit's message for it.
    public var finding: Finding
    /// The case file written for it (`diffbench-case/1`), or `nil`.
    public var caseFile: String?
    /// The changeset that broke the rule, as a `diffbench-changeset/1` file beside it, or `nil`.
    public var changesetFile: String?
    /// Why the case file could not be written, or `nil`.
    public var writeError: String?

    /// One line: the rule, UIKit's message and where the case file went.
    public var description: String {
        var line = "DiffBench guard: \(finding.rule) in batch \(finding.stage): \(finding.message)"
        line += "; reloaded instead"
        if let caseFile, let changesetFile {
            line += "; replay it: bench check \(caseFile) \(changesetFile)"
            line += " (or bench verify \(caseFile) for the differs)"
        }
        if let writeError { line += "; no case file: \(writeError)" }
        return line
    }
}

/// A check of each changeset against UIKit's batch-update rules before it is applied: on a
/// violation the view reloads instead of throwing `NSInternalInconsistencyException`, the
/// handler hears the rule and UIKit's message, and a case file of the two snapshots
/// (identities and content revisions only, no content) is written with the changeset, for `bench
/// check` to replay to the same rule and `bench verify` to run every differ on.
public struct UpdateGuard: Sendable {
    /// Whether changesets are checked.
    public var isEnabled: Bool
    /// The view kind whose rules apply.
    public var target: Target
    /// The folder case files go to (created if missing), or `nil` for none.
    public var caseFolder: String?
    /// Told of each violation; the default prints ``GuardViolation/description`` on standard error.
    public var onViolation: @Sendable (GuardViolation) -> Void

    /// A guard; `caseFolder` defaults to `DiffBenchGuard` in the temporary directory.
    ///
    /// - Complexity: O(1).
    public init(
        isEnabled: Bool = true, target: Target = .table,
        caseFolder: String? = UpdateGuard.defaultCaseFolder,
        onViolation: @escaping @Sendable (GuardViolation) -> Void = UpdateGuard.printToStandardError
    ) {
        self.isEnabled = isEnabled
        self.target = target
        self.caseFolder = caseFolder
        self.onViolation = onViolation
    }

    /// On in debug builds (`DEBUG` defined), off in release builds.
    public static var debugDefault: UpdateGuard {
        #if DEBUG
        return UpdateGuard()
        #else
        return UpdateGuard(isEnabled: false)
        #endif
    }

    /// `DiffBenchGuard` in the process's temporary directory.
    public static var defaultCaseFolder: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("DiffBenchGuard").path
    }

    /// Prints the violation's one line on standard error.
    @Sendable
    public static func printToStandardError(_ violation: GuardViolation) {
        FileHandle.standardError.write(Data((violation.description + "\n").utf8))
    }

    /// Checks `changeset` from `old` to `new`; on a violation writes the case file, tells the
    /// handler and returns it.
    ///
    /// - Complexity: O((*n* + *k*) log *k*) for *n* rows and *k* operations.
    public func check<Model: DiffElement, Item: DiffElement>(
        _ changeset: Changeset<Model, Item>, from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) -> GuardViolation? {
        let report = ConformanceChecker(target: target, findingLimit: 1).check(old: old, new: new, changeset: changeset)
        guard !report.passed else { return nil }
        let finding =
            report.firstFailure
            ?? Finding(
                rule: "FINAL", severity: .misrender, stage: max(changeset.stages.count - 1, 0),
                message: "the batches do not end at the new snapshot")
        var violation = GuardViolation(finding: finding)
        if let caseFolder {
            let files = GuardCase(old: old, new: new)
            do {
                let name = "guard-\(Int(Date().timeIntervalSince1970 * 1000))-\(UInt16.random(in: 0...UInt16.max))"
                violation.caseFile = try write(
                    files.caseFile(name: "guard: \(finding.rule)", old: old, new: new),
                    named: name + ".json", into: caseFolder)
                violation.changesetFile = try write(
                    files.changesetFile(changeset), named: name + ".changeset.json",
                    into: caseFolder)
            } catch {
                violation.writeError = "\(error)"
            }
        }
        onViolation(violation)
        return violation
    }

    /// Writes `bytes` into `folder` as `name` through a temporary file and a rename.
    func write(_ bytes: [UInt8], named name: String, into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
        try Data(bytes).write(to: url, options: .atomic)
        return url.path
    }
}
