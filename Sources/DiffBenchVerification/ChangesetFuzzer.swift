// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchCorpus

/// A structural fuzzer for the conformance checker: it builds small cases and changesets as
/// values (not bytes), aimed at what a buggy differ can send: repeated operations, indices just
/// out of range, negative or near `Int.max`, reloads mixed with repeated deletes and moves,
/// section and item operations on the same sections, stages with wrong or missing `after`
/// snapshots. Half of the changesets start from a real algorithm's changeset and are then
/// damaged, so that most of them pass the early rules and reach the replay.
///
/// Every changeset is checked on every target and measured for quality; a trap is the only
/// failure, and the seed makes a run repeat exactly.
package struct ChangesetFuzzer {
    /// One generated input: a case and a changeset for it.
    package struct Input {
        /// The case's snapshots.
        package var old: ElementSnapshot<Int>, new: ElementSnapshot<Int>
        /// The changeset under test.
        package var changeset: Changeset<IntElement, IntElement>
    }

    private var generator: SeededGenerator

    /// A fuzzer whose inputs are fixed by `seed`.
    package init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// Checks `count` generated changesets; returns how many passed and failed the checker.
    ///
    /// - Complexity: O(`count`) small checks (at most 5 sections of 6 items each).
    package mutating func run(count: Int, progress: (Int) -> Void = { _ in }) -> (passed: Int, failed: Int) {
        var passed = 0, failed = 0
        for n in 0..<count {
            let input = next()
            if Self.exercise(input) { passed += 1 } else { failed += 1 }
            if n % 10_000 == 9_999 { progress(n + 1) }
        }
        return (passed, failed)
    }

    /// Checks `input` on every target (and measures its quality where the checker does);
    /// whether the table-view checker passed it.
    @discardableResult
    package static func exercise(_ input: Input) -> Bool {
        var passed = false
        for target in Target.allCases {
            let checker = ConformanceChecker(target: target)
            guard checker.unsupportedInput(old: input.old, new: input.new) == nil else { continue }
            let report = checker.check(old: input.old, new: input.new, changeset: input.changeset)
            if target == .table { passed = report.passed }
            if target != .diffable {
                _ = QualityFigures.measure(old: input.old, new: input.new, changeset: input.changeset, report: report)
            }
        }
        return passed
    }

    /// The next input.
    package mutating func next() -> Input {
        let old = snapshot(idPool: 0..<12)
        let new = generator.chance(0.3) ? snapshot(idPool: 0..<12) : edited(old)
        var stages: [Stage<IntElement, IntElement>]
        if generator.chance(0.5), let real = try? Heckel().diff(from: old, to: new) {
            stages = real.stages
        } else {
            stages = (0...generator.below(2)).map { _ in Stage(BatchUpdate(), after: nil) }
        }
        if stages.isEmpty { stages = [Stage(BatchUpdate(), after: nil)] }
        // Some inputs are left whole (or nearly): they reach the replay and the identity check.
        let damages = generator.chance(0.25) ? 0 : 1 + generator.below(4)
        for _ in 0..<damages {
            let k = generator.below(stages.count)
            let before = k == 0 ? old : stages[k - 1].after ?? old
            let after = stages[k].after ?? new
            damage(
                &stages[k].update, oldCounts: before.sections.map(\.items.count),
                newCounts: after.sections.map(\.items.count))
        }
        if generator.chance(0.05) { stages[generator.below(stages.count)].after = nil }
        if generator.chance(0.05) { stages[stages.count - 1].after = snapshot(idPool: 0..<12) }
        if stages.count > 1 && generator.chance(0.2) {
            stages[1 + generator.below(stages.count - 1)].continuesUpdate = true
        }
        return Input(old: old, new: new, changeset: .staged(stages))
    }

    private mutating func snapshot(idPool: Range<Int>) -> ElementSnapshot<Int> {
        let duplicates = generator.chance(0.1)
        var ids = Array(idPool).shuffled(using: &generator)
        var sections: [Section<IntElement, IntElement>] = []
        for s in 0..<generator.below(5) {
            var items: [IntElement] = []
            for _ in 0..<generator.below(7) {
                let id =
                    duplicates && generator.chance(0.3)
                    ? idPool.lowerBound + generator.below(idPool.count)
                    : ids.popLast() ?? generator.below(100)
                items.append(Element(id, rev: generator.below(2)))
            }
            sections.append(
                Section(
                    Element(
                        100 + (duplicates && generator.chance(0.2) ? 0 : s),
                        rev: generator.below(2)),
                    items: items))
        }
        return Snapshot(sections)
    }

    /// `old` with a few items and sections deleted, inserted, moved or changed.
    private mutating func edited(_ old: ElementSnapshot<Int>) -> ElementSnapshot<Int> {
        var sections = old.sections
        var fresh = 50
        for _ in 0..<generator.below(5) {
            guard !sections.isEmpty else {
                sections.append(Section(Element(200 + fresh, rev: 0), items: []))
                fresh += 1
                continue
            }
            let s = generator.below(sections.count)
            switch generator.below(6) {
            case 0 where !sections[s].items.isEmpty:
                sections[s].items.remove(at: generator.below(sections[s].items.count))
            case 1:
                sections[s].items.insert(Element(fresh, rev: 0), at: generator.below(sections[s].items.count + 1))
                fresh += 1
            case 2 where !sections[s].items.isEmpty:
                let item = sections[s].items.remove(at: generator.below(sections[s].items.count))
                let t = generator.below(sections.count)
                sections[t].items.insert(item, at: generator.below(sections[t].items.count + 1))
            case 3 where !sections[s].items.isEmpty:
                sections[s].items[generator.below(sections[s].items.count)].rev += 1
            case 4: sections.swapAt(s, generator.below(sections.count))
            default: if generator.chance(0.5) { sections.remove(at: s) } else { sections[s].model.rev += 1 }
            }
        }
        return Snapshot(sections)
    }

    /// An index for a list of `count`: mostly in or just past range, sometimes hostile.
    private mutating func index(_ count: Int) -> Int {
        switch generator.below(20) {
        case 0: return -1
        case 1: return Int.max - generator.below(3)
        case 2: return Int.max / 2
        case 3: return count
        case 4: return Int.min + generator.below(2)
        default: return generator.below(max(count, 1) + 1)
        }
    }

    private mutating func path(_ counts: [Int]) -> ItemPath {
        let s = index(counts.count)
        return ItemPath(s, index(s >= 0 && s < counts.count ? counts[s] : 2))
    }

    /// One to three structural damages: an added operation, a repeat, a shifted index, a drop.
    private mutating func damage(_ u: inout BatchUpdate, oldCounts: [Int], newCounts: [Int]) {
        for _ in 0...generator.below(3) {
            switch generator.below(13) {
            case 0: u.deleteItems.append(path(oldCounts))
            case 1: u.insertItems.append(path(newCounts))
            case 2: u.reloadItems.append(path(oldCounts))
            case 3: u.moveItems.append(Move(path(oldCounts), path(newCounts)))
            case 4: u.deleteSections.append(index(oldCounts.count))
            case 5: u.insertSections.append(index(newCounts.count))
            case 6: u.moveSections.append(Move(index(oldCounts.count), index(newCounts.count)))
            case 7: u.reloadSections.append(index(oldCounts.count))
            case 8: u.reconfigureItems.append(path(newCounts))
            case 9: repeatOne(&u)
            case 10: shiftOne(&u)
            case 11: u.reconfigureSections.append(index(newCounts.count))
            default: dropOne(&u)
            }
        }
    }

    private mutating func repeatOne(_ u: inout BatchUpdate) {
        switch generator.below(4) {
        case 0: if let d = u.deleteItems.randomElement(using: &generator) { u.deleteItems.append(d) }
        case 1: if let r = u.reloadItems.randomElement(using: &generator) { u.reloadItems.append(r) }
        case 2: if let d = u.deleteSections.randomElement(using: &generator) { u.deleteSections.append(d) }
        default: if let m = u.moveItems.randomElement(using: &generator) { u.moveItems.append(m) }
        }
    }

    private mutating func shiftOne(_ u: inout BatchUpdate) {
        let delta = generator.chance(0.5) ? 1 : -1
        switch generator.below(3) {
        case 0 where !u.deleteItems.isEmpty: u.deleteItems[generator.below(u.deleteItems.count)].item &+= delta
        case 1 where !u.moveItems.isEmpty: u.moveItems[generator.below(u.moveItems.count)].from.item &+= delta
        case 2 where !u.insertItems.isEmpty: u.insertItems[generator.below(u.insertItems.count)].section &+= delta
        default: break
        }
    }

    private mutating func dropOne(_ u: inout BatchUpdate) {
        if !u.moveItems.isEmpty && generator.chance(0.5) {
            u.moveItems.remove(at: generator.below(u.moveItems.count))
        } else if !u.deleteItems.isEmpty {
            u.deleteItems.remove(at: generator.below(u.deleteItems.count))
        }
    }
}
