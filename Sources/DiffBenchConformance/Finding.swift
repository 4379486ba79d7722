// SPDX-License-Identifier: Apache-2.0
/// How bad a finding is (docs/uikit-batch-updates.md, docs/conformance-rules.md).
public enum Severity: String, Sendable, Comparable, CaseIterable {
    /// `NSInternalInconsistencyException`: the app crashes.
    case exception
    /// A silent `reloadData` in older UIKit. No rule reports it since R3 and R9 were found raising
    /// on table views too (TLIndexPathTools #20, #13); kept for results that name it. Treated as
    /// failure.
    case fallback
    /// Passes UIKit's assertions, but libraries document corruption or a crash.
    case hazard
    /// No exception, but a wrong cell is shown at a position.
    case misrender
    /// The right cell with its old content.
    case stale
    /// Redundant; UIKit drops it silently.
    case lint
    /// Information only (for example a delete + insert where a move was possible).
    case note

    /// Whether a changeset with this finding fails.
    public var fails: Bool {
        switch self {
        case .exception, .fallback, .hazard, .misrender, .stale: return true
        case .lint, .note: return false
        }
    }

    private var rank: Int { Severity.allCases.firstIndex(of: self)! }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// Which UIKit consumer the changeset is checked for: it decides wording and a few rules.
public enum Target: String, Sendable, CaseIterable {
    /// `UITableView`: "row" wording; duplicate deletes are dropped.
    case table
    /// `UICollectionView`: "item" wording; duplicates are hazards.
    case collection
    /// `NSDiffableDataSourceSnapshot`: identity uniqueness, explicit reloads and repeated operations (D1-D8).
    case diffable
}

/// One rule violation (or remark) found in a changeset.
public struct Finding: Sendable, Equatable, CustomStringConvertible {
    /// The rule broken (``RuleID``: `R1`...`R23`, `D1`...`D8`, `FINAL`, `STAGE`, `NOTE`).
    public var ruleID: RuleID
    /// How bad it is.
    public var severity: Severity
    /// The 0-based stage the finding belongs to.
    public var stage: Int
    /// UIKit's message (or our own for rules UIKit does not assert).
    public var message: String

    /// The rule's id as text (`ruleID.rawValue`): kept so that DiffBenchDiffingGuard, which reads
    /// it as a `String`, compiles unchanged; new code reads ``ruleID``.
    public var rule: String { ruleID.rawValue }

    /// Creates a finding.
    ///
    /// - Complexity: O(1).
    public init(rule: RuleID, severity: Severity, stage: Int, message: String) {
        self.ruleID = rule
        self.severity = severity
        self.stage = stage
        self.message = message
    }

    /// Creates a finding of the rule `rule` names: kept so that DiffBenchDiffingGuard, which
    /// passes a `String`, compiles unchanged. An id no rule has stops the program, as a literal
    /// ``RuleID`` does.
    ///
    /// - Complexity: O(*r*) for *r* rules.
    public init(rule: String, severity: Severity, stage: Int, message: String) {
        self.init(rule: RuleID(stringLiteral: rule), severity: severity, stage: stage, message: message)
    }

    public var description: String { "stage \(stage) \(ruleID) \(severity.rawValue): \(message)" }
}
