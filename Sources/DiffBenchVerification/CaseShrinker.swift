// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchConformance
import DiffBenchDiffers

/// Makes a failing case small: it removes sections, items and content changes for as long as the
/// differ still fails the checker under the same rule, so that a case file shows a library's bug
/// in a handful of rows instead of hundreds.
///
/// The search is greedy delta debugging (Zeller's ddmin, over three kinds of atoms in turn):
/// whole sections (from both snapshots), item identities (from both snapshots), then content
/// updates of sections and of items (the new revision set back to the old one). Each pass tries to drop chunks of
/// atoms, halving the chunk size down to one, and starts over after any success. The result is
/// 1-minimal for each kind: dropping any one remaining atom makes the failure go away (or change
/// rule).
package struct CaseShrinker: Sendable {
    /// The differ whose failure is shrunk.
    package var differ: Differ
    /// The checker that judges it.
    package var checker: ConformanceChecker
    /// At most this many candidate cases are tried (each costs one diff and one check).
    package var budget: Int

    /// Creates a shrinker for `differ` under `checker`.
    package init(differ: Differ, checker: ConformanceChecker, budget: Int = 4_000) {
        self.differ = differ
        self.checker = checker
        self.budget = budget
    }

    /// The rule under which `differ` fails on `old` → `new`, or `nil` when it passes, rejects the
    /// input, or the input is not one the checker takes.
    ///
    /// - Complexity: one diff and one check.
    package func failingRule<ID: Hashable & Sendable>(old: ElementSnapshot<ID>, new: ElementSnapshot<ID>) -> RuleID? {
        guard checker.unsupportedInput(old: old, new: new) == nil else { return nil }
        guard let changeset = try? differ.changeset(from: old, to: new) else { return nil }
        let report = checker.check(old: old, new: new, changeset: changeset)
        if report.passed { return nil }
        return report.firstFailure?.ruleID ?? .final
    }

    /// The smallest case found that still fails under `rule` (the input itself if nothing can be
    /// dropped).
    ///
    /// - Complexity: at most ``budget`` diffs and checks of cases no larger than the input.
    package func shrink<ID: Hashable & Sendable>(
        old: ElementSnapshot<ID>, new: ElementSnapshot<ID>, rule: RuleID
    ) -> (old: ElementSnapshot<ID>, new: ElementSnapshot<ID>) {
        var current = (old: old, new: new)
        var tries = 0
        func stillFails(_ candidate: (old: ElementSnapshot<ID>, new: ElementSnapshot<ID>)) -> Bool {
            tries += 1
            return failingRule(old: candidate.old, new: candidate.new) == rule
        }
        var progress = true
        while progress && tries < budget {
            progress = false
            for kind in AtomKind.allCases {
                let atoms = Self.atoms(kind, current.old, current.new)
                // Invariant: `current` fails under `rule`; `chunk` halves until single atoms.
                var chunk = max(1, atoms.count / 2)
                var remaining = atoms
                while chunk >= 1 && !remaining.isEmpty && tries < budget {
                    var start = 0, dropped = false
                    while start < remaining.count && tries < budget {
                        let end = min(start + chunk, remaining.count)
                        let removed = Set(remaining[start..<end])
                        let candidate = Self.dropping(kind, removed, current.old, current.new)
                        if stillFails(candidate) {
                            current = candidate
                            remaining.removeSubrange(start..<end)
                            dropped = true
                            progress = true
                        } else {
                            start = end
                        }
                    }
                    if !dropped { chunk /= 2 }
                }
            }
        }
        return current
    }

    /// What a pass drops: whole sections, item identities, or content updates of sections and of
    /// items (apart, since a section and an item may share an identity).
    enum AtomKind: CaseIterable { case section, item, sectionUpdate, itemUpdate }

    /// The atoms of one kind, in a fixed order (old snapshot first, then what only `new` has).
    static func atoms<ID: Hashable & Sendable>(
        _ kind: AtomKind, _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>
    ) -> [ID] {
        var seen = Set<ID>(), order: [ID] = []
        func add(_ id: ID) { if seen.insert(id).inserted { order.append(id) } }
        switch kind {
        case .section:
            for section in old.sections + new.sections { add(section.model.id) }
        case .item:
            for section in old.sections + new.sections { for item in section.items { add(item.id) } }
        case .sectionUpdate:
            let oldRevs = revisions(old, sections: true)
            for s in new.sections { if let rev = oldRevs[s.model.id], rev != s.model.rev { add(s.model.id) } }
        case .itemUpdate:
            let oldRevs = revisions(old, sections: false)
            for s in new.sections { for e in s.items { if let rev = oldRevs[e.id], rev != e.rev { add(e.id) } } }
        }
        return order
    }

    /// The revision of each section (or each item) of `snapshot` by identity.
    static func revisions<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>, sections: Bool) -> [ID: Int] {
        var revs: [ID: Int] = [:]
        for s in snapshot.sections {
            if sections { revs[s.model.id] = s.model.rev } else { for e in s.items { revs[e.id] = e.rev } }
        }
        return revs
    }

    /// Both snapshots without the `removed` atoms of `kind` (an update dropped means the new
    /// revision set back to the old one).
    static func dropping<ID: Hashable & Sendable>(
        _ kind: AtomKind, _ removed: Set<ID>, _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>
    ) -> (old: ElementSnapshot<ID>, new: ElementSnapshot<ID>) {
        switch kind {
        case .section:
            func keep(_ s: ElementSnapshot<ID>) -> ElementSnapshot<ID> {
                Snapshot(s.sections.filter { !removed.contains($0.model.id) })
            }
            return (keep(old), keep(new))
        case .item:
            func keep(_ s: ElementSnapshot<ID>) -> ElementSnapshot<ID> {
                Snapshot(s.sections.map { Section($0.model, items: $0.items.filter { !removed.contains($0.id) }) })
            }
            return (keep(old), keep(new))
        case .sectionUpdate, .itemUpdate:
            let sections = kind == .sectionUpdate
            let oldRevs = revisions(old, sections: sections)
            func restore(_ e: Element<ID>) -> Element<ID> {
                removed.contains(e.id) ? Element(e.id, rev: oldRevs[e.id] ?? e.rev) : e
            }
            return (
                old,
                Snapshot(
                    new.sections.map {
                        sections
                            ? Section(restore($0.model), items: $0.items)
                            : Section($0.model, items: $0.items.map(restore))
                    })
            )
        }
    }
}
