// SPDX-License-Identifier: Apache-2.0
/// A rule's id, as every finding, FAIL line and case file cites it: `R1` ... `R23` (with the
/// lettered rules `R13b`, `R14a` ... `R14f`, `R15a` ... `R15c`), `STAGE`, `FINAL`, `NOTE`, `D1`
/// ... `D8`, and `BOUND` (not a checker rule: `bench verify`'s relocation bound). The ids are
/// declared here once; ``RuleCatalog`` describes each, and a test checks that the two agree.
///
/// A string literal is checked when it is made (a typo stops the program in any build), so that a
/// caller that writes `Finding(rule: "FINAL", ...)` still compiles; text read from a file goes
/// through ``init(rawValue:)``, which answers `nil` for an unknown id.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id as written: `R7`.
    public let rawValue: String

    /// One of the ids declared below.
    private init(catalogued id: String) { rawValue = id }

    /// The rule `rawValue` names, or `nil` when no rule has that id.
    ///
    /// - Complexity: O(*r*) for *r* rules.
    public init?(rawValue: String) {
        guard let known = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// The rule a literal names; stops the program when none has that id.
    ///
    /// - Complexity: O(*r*) for *r* rules.
    public init(stringLiteral value: String) {
        guard let known = RuleID(rawValue: value) else {
            preconditionFailure("\(value) is not a rule id (RuleID.all lists them)")
        }
        self = known
    }

    /// The id as written.
    public var description: String { rawValue }

    /// In the order of ``all``: the catalog's order.
    ///
    /// - Complexity: O(*r*) for *r* rules.
    public static func < (a: RuleID, b: RuleID) -> Bool {
        (all.firstIndex(of: a) ?? all.count) < (all.firstIndex(of: b) ?? all.count)
    }

    /// `R1`: ``RuleCatalog`` says what it checks.
    public static let r1 = RuleID(catalogued: "R1")
    /// `R2`: ``RuleCatalog`` says what it checks.
    public static let r2 = RuleID(catalogued: "R2")
    /// `R3`: ``RuleCatalog`` says what it checks.
    public static let r3 = RuleID(catalogued: "R3")
    /// `R4`: ``RuleCatalog`` says what it checks.
    public static let r4 = RuleID(catalogued: "R4")
    /// `R5`: ``RuleCatalog`` says what it checks.
    public static let r5 = RuleID(catalogued: "R5")
    /// `R6`: ``RuleCatalog`` says what it checks.
    public static let r6 = RuleID(catalogued: "R6")
    /// `R7`: ``RuleCatalog`` says what it checks.
    public static let r7 = RuleID(catalogued: "R7")
    /// `R8`: ``RuleCatalog`` says what it checks.
    public static let r8 = RuleID(catalogued: "R8")
    /// `R9`: ``RuleCatalog`` says what it checks.
    public static let r9 = RuleID(catalogued: "R9")
    /// `R10`: ``RuleCatalog`` says what it checks.
    public static let r10 = RuleID(catalogued: "R10")
    /// `R11`: ``RuleCatalog`` says what it checks.
    public static let r11 = RuleID(catalogued: "R11")
    /// `R12`: ``RuleCatalog`` says what it checks.
    public static let r12 = RuleID(catalogued: "R12")
    /// `R13`: ``RuleCatalog`` says what it checks.
    public static let r13 = RuleID(catalogued: "R13")
    /// `R13b`: ``RuleCatalog`` says what it checks.
    public static let r13b = RuleID(catalogued: "R13b")
    /// `R14a`: ``RuleCatalog`` says what it checks.
    public static let r14a = RuleID(catalogued: "R14a")
    /// `R14b`: ``RuleCatalog`` says what it checks.
    public static let r14b = RuleID(catalogued: "R14b")
    /// `R14c`: ``RuleCatalog`` says what it checks.
    public static let r14c = RuleID(catalogued: "R14c")
    /// `R14d`: ``RuleCatalog`` says what it checks.
    public static let r14d = RuleID(catalogued: "R14d")
    /// `R14e`: ``RuleCatalog`` says what it checks.
    public static let r14e = RuleID(catalogued: "R14e")
    /// `R14f`: ``RuleCatalog`` says what it checks.
    public static let r14f = RuleID(catalogued: "R14f")
    /// `R15a`: ``RuleCatalog`` says what it checks.
    public static let r15a = RuleID(catalogued: "R15a")
    /// `R15b`: ``RuleCatalog`` says what it checks.
    public static let r15b = RuleID(catalogued: "R15b")
    /// `R15c`: ``RuleCatalog`` says what it checks.
    public static let r15c = RuleID(catalogued: "R15c")
    /// `R16`: ``RuleCatalog`` says what it checks.
    public static let r16 = RuleID(catalogued: "R16")
    /// `R17`: ``RuleCatalog`` says what it checks.
    public static let r17 = RuleID(catalogued: "R17")
    /// `R18`: ``RuleCatalog`` says what it checks.
    public static let r18 = RuleID(catalogued: "R18")
    /// `R19`: ``RuleCatalog`` says what it checks.
    public static let r19 = RuleID(catalogued: "R19")
    /// `R20`: ``RuleCatalog`` says what it checks.
    public static let r20 = RuleID(catalogued: "R20")
    /// `R21`: ``RuleCatalog`` says what it checks.
    public static let r21 = RuleID(catalogued: "R21")
    /// `R22`: ``RuleCatalog`` says what it checks.
    public static let r22 = RuleID(catalogued: "R22")
    /// `R23`: ``RuleCatalog`` says what it checks.
    public static let r23 = RuleID(catalogued: "R23")
    /// `STAGE`: ``RuleCatalog`` says what it checks.
    public static let stage = RuleID(catalogued: "STAGE")
    /// `FINAL`: ``RuleCatalog`` says what it checks.
    public static let `final` = RuleID(catalogued: "FINAL")
    /// `NOTE`: ``RuleCatalog`` says what it checks.
    public static let note = RuleID(catalogued: "NOTE")
    /// `D1`: ``RuleCatalog`` says what it checks.
    public static let d1 = RuleID(catalogued: "D1")
    /// `D2`: ``RuleCatalog`` says what it checks.
    public static let d2 = RuleID(catalogued: "D2")
    /// `D3`: ``RuleCatalog`` says what it checks.
    public static let d3 = RuleID(catalogued: "D3")
    /// `D4`: ``RuleCatalog`` says what it checks.
    public static let d4 = RuleID(catalogued: "D4")
    /// `D5`: ``RuleCatalog`` says what it checks.
    public static let d5 = RuleID(catalogued: "D5")
    /// `D6`: ``RuleCatalog`` says what it checks.
    public static let d6 = RuleID(catalogued: "D6")
    /// `D7`: ``RuleCatalog`` says what it checks.
    public static let d7 = RuleID(catalogued: "D7")
    /// `D8`: ``RuleCatalog`` says what it checks.
    public static let d8 = RuleID(catalogued: "D8")
    /// `BOUND`: not a checker rule: `bench verify` found fewer relocations than the changeset makes.
    public static let bound = RuleID(catalogued: "BOUND")

    /// The checker's rules, in ``RuleCatalog``'s order.
    public static let catalogued: [RuleID] = [
        .r1, .r2, .r3, .r4, .r5, .r6, .r7, .r8, .r9, .r10, .r11, .r12, .r13, .r13b, .r14a, .r14b, .r14c, .r14d, .r14e,
        .r14f, .r15a, .r15b, .r15c, .r16, .r17, .r18, .r19, .r20, .r21, .r22, .r23, .stage, .final, .note, .d1, .d2,
        .d3, .d4, .d5, .d6, .d7, .d8
    ]

    /// Every id: the checker's rules, then ``bound``.
    public static let all: [RuleID] = catalogued + [.bound]
}
