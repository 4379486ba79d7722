// SPDX-License-Identifier: Apache-2.0
/// The severity a rule is reported with (``Rule/severity``): one ``Severity`` for every target,
/// one per view where a table view and a collection view differ, or none (a rule that holds by
/// construction, or that the checker cannot see).
public enum RuleSeverity: Sendable, Equatable, CustomStringConvertible {
    /// The same severity wherever the rule applies.
    case always(Severity)
    /// One severity on a table view, another on a collection view.
    case byView(table: Severity, collection: Severity)
    /// Never reported.
    case notReported

    /// The severity on `target`, or `nil` when the rule is never reported.
    ///
    /// - Complexity: O(1).
    public func on(_ target: Target) -> Severity? {
        switch self {
        case .always(let severity): return severity
        case .byView(let table, let collection): return target == .table ? table : collection
        case .notReported: return nil
        }
    }

    /// As `bench rules` and docs/conformance-rules.md write it: `exception`,
    /// `lint (table), hazard (collection)`, `not reported`.
    public var description: String {
        switch self {
        case .always(let severity): return severity.rawValue
        case .byView(let table, let collection): return "\(table.rawValue) (table), \(collection.rawValue) (collection)"
        case .notReported: return "not reported"
        }
    }
}
