// SPDX-License-Identifier: Apache-2.0

/// What ``UpdateGuard`` found wrong before or while an update reached the view.
public struct GuardViolation: Sendable, CustomStringConvertible {
    /// The rule it broke, the batch and UIKit's message.
    public var finding: GuardFinding
    /// Whether the data source, read back inside a batch, disagreed with the batch (otherwise the
    /// changeset itself broke the rule).
    public var fromDataSource: Bool
    /// The case file written for it (`diffbench-case/1`), or `nil`.
    public var caseFile: String?
    /// The changeset that broke the rule, as a `diffbench-changeset/1` file beside it, or `nil`.
    public var changesetFile: String?
    /// Why no case file was written (a limit, an error), or `nil`.
    public var writeError: String?

    /// One line: the rule, UIKit's message and where the case file went.
    public var description: String {
        var line = "DiffBench guard: \(finding.rule) in batch \(finding.batch): \(finding.message)"
        if fromDataSource { line += " (the data source, read back inside the batch, disagreed with it)" }
        line += "; reloaded instead"
        if let caseFile, let changesetFile {
            line += "; replay it: bench check \(caseFile) \(changesetFile)"
            if !fromDataSource { line += " (or bench verify \(caseFile) for the differs)" }
        }
        if let writeError { line += "; no case file: \(writeError)" }
        return line
    }
}
