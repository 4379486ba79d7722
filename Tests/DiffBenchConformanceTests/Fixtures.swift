// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchConformance

typealias Snap = Snapshot<CaseElement, CaseElement>

/// `"C'"` is item C at revision 1; `"C''"` at revision 2.
func element(_ text: String) -> CaseElement {
    let rev = text.filter { $0 == "'" }.count
    return CaseElement(.string(String(text.filter { $0 != "'" })), rev: rev)
}

/// One section `s` holding one item per character: `one("ABC")`, or items by name: `one(["A", "C'"])`.
func one(_ letters: String) -> Snap { one(letters.map(String.init)) }
func one(_ items: [String]) -> Snap { Snap([Section(element("s"), items: items.map(element))]) }

/// Sections by name: `sections(("a", ["1", "2"]), ("b", ["3"]))`.
func sections(_ list: (String, [String])...) -> Snap {
    Snap(list.map { Section(element($0.0), items: $0.1.map(element)) })
}

func p(_ s: Int, _ i: Int) -> ItemPath { ItemPath(s, i) }

/// A batch built in the spec's notation.
func batch(
    del: [ItemPath] = [], ins: [ItemPath] = [], mv: [(ItemPath, ItemPath)] = [], rel: [ItemPath] = [],
    secDel: [Int] = [], secIns: [Int] = [], secMv: [(Int, Int)] = [], secRel: [Int] = [],
    reconfigure: [ItemPath] = []
) -> BatchUpdate {
    var b = BatchUpdate()
    b.deleteItems = del; b.insertItems = ins; b.moveItems = mv.map { Move($0.0, $0.1) }; b.reloadItems = rel
    b.deleteSections = secDel; b.insertSections = secIns; b.moveSections = secMv.map { Move($0.0, $0.1) }
    b.reloadSections = secRel; b.reconfigureItems = reconfigure
    return b
}

func check(_ old: Snap, _ new: Snap, _ stages: [(BatchUpdate, Snap?)], target: Target = .table) -> ConformanceReport {
    ConformanceChecker(target: target).check(
        old: old,
        new: new,
        changeset: .staged(stages.map { Stage($0.0, after: $0.1) })
    )
}

func check(_ old: Snap, _ new: Snap, _ update: BatchUpdate, target: Target = .table) -> ConformanceReport {
    check(old, new, [(update, nil)], target: target)
}

extension ConformanceReport {
    func has(_ rule: RuleID, _ severity: Severity) -> Bool {
        findings.contains { $0.ruleID == rule && $0.severity == severity }
    }
    func message(_ rule: RuleID) -> String { findings.first { $0.ruleID == rule }?.message ?? "<no \(rule)>" }
}
