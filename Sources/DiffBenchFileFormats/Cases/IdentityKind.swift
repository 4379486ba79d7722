// SPDX-License-Identifier: Apache-2.0
/// How a cell's identities are represented: the results' `ids` column. The generator makes the
/// first five, each a fixed function of its dense integer ids; a case or trace file holds `int`,
/// `string`, or both (`mixed`).
public enum IdentityKind: String, CaseIterable, Sendable, Codable {
    /// Dense integers `0..<n` (the default).
    case int
    /// UUID-like strings (`8-4-4-4-12` hex), whose hashing costs an order of magnitude more.
    case string
    /// Foundation `UUID` values.
    case uuid
    /// Sparse integers like database keys: random-looking non-negative 63-bit values.
    case sparse
    /// Short string keys of 9 characters (`k` and 8 base-36 digits), stored inline by `String`.
    case key
    /// A case or trace file whose identities are integers and strings both (never generated).
    case mixed

    /// The kinds the generator makes (`--ids`, a suite's `ids=`): all but `mixed`, in the order
    /// the help and the errors list them.
    public static var generated: [IdentityKind] { [.int, .sparse, .string, .key, .uuid] }

    /// The kind of a file whose snapshots hold `kind` identities.
    ///
    /// - Complexity: O(1).
    package init(_ kind: CaseIdentities.Kind) {
        switch kind {
        case .int: self = .int
        case .string: self = .string
        case .mixed: self = .mixed
        }
    }

    /// Whether the identities are `Int` (`int`, `sparse`), else `String` or `UUID`.
    public var isInteger: Bool { self == .int || self == .sparse }
}

extension IdentityKind {
    /// What a scenario's name carries after it when its identities are not the default
    /// integers: "" for `int`, ` (string ids)` for `string`.
    public var scenarioSuffix: String { self == .int ? "" : " (\(rawValue) ids)" }
}
