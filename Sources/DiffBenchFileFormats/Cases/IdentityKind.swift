// SPDX-License-Identifier: Apache-2.0
/// How identities are represented, each a fixed function of the generator's dense integer ids.
public enum IdentityKind: String, CaseIterable, Sendable {
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

    /// Whether the identities are `Int` (`int`, `sparse`), else `String` or `UUID`.
    public var isInteger: Bool { self == .int || self == .sparse }
}

extension IdentityKind {
    /// What a scenario's name carries after it when its identities are not the default
    /// integers: "" for `int`, ` (string ids)` for `string`.
    public var scenarioSuffix: String { self == .int ? "" : " (\(rawValue) ids)" }
}
