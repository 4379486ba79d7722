// SPDX-License-Identifier: Apache-2.0
/// What names one cell of a run: the algorithm and the case it diffed (scenario, size, sections,
/// seed and identity kind). Equal keys in two files are one cell measured twice.
public struct CellKey: Hashable, Sendable, CustomStringConvertible {
    public var algorithm = "", scenario = "", size = 0, sections = 0, seed: UInt64 = 0, ids = IdentityKind.int

    /// A key with the default fields: `""`, 0 and integer identities.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The case this cell measured, which every algorithm of the case shares.
    public var caseKey: CaseKey { CaseKey(scenario: scenario, size: size, sections: sections, seed: seed, ids: ids) }

    /// The scenario with its identity kind: `mixed`, `mixed (string ids)`.
    public var scenarioLabel: String { scenario + ids.scenarioSuffix }

    /// `heckel|mixed|1000|10|1|int`: the fields in column order, as messages name a cell.
    public var description: String { "\(algorithm)|\(scenario)|\(size)|\(sections)|\(seed)|\(ids.rawValue)" }
}

/// One case of a run: what every algorithm diffed for a cell of the same case.
public struct CaseKey: Hashable, Sendable, CustomStringConvertible {
    public var scenario: String, size: Int, sections: Int, seed: UInt64, ids: IdentityKind

    /// `mixed|1000|10|1|int`: the fields in column order.
    public var description: String { "\(scenario)|\(size)|\(sections)|\(seed)|\(ids.rawValue)" }
}
