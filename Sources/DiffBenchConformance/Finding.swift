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
    /// The rule id from the spec (`R1`...`R23`, `D1`...`D7`) or `FINAL`/`STAGE`.
    public var rule: String
    /// How bad it is.
    public var severity: Severity
    /// The 0-based stage the finding belongs to.
    public var stage: Int
    /// UIKit's message (or our own for rules UIKit does not assert).
    public var message: String

    /// Creates a finding.
    public init(rule: String, severity: Severity, stage: Int, message: String) {
        self.rule = rule
        self.severity = severity
        self.stage = stage
        self.message = message
    }

    public var description: String { "stage \(stage) \(rule) \(severity.rawValue): \(message)" }
}
