// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Breaks reloads into a delete at the old path plus an insert at the path UIKit computes
/// (spec §2.3, §5.3), quirks included: moves are ignored, and item deletes inside deleted
/// sections still shift the target.
///
/// The literal loop costs O(reloads x (deletes + inserts)); the fast path computes the same
/// result with binary searches in O((r + d + i) log n). It falls back to the literal loop
/// per reload when duplicate section operations make the shortcut inexact.
enum ReloadDecomposition {
    /// The failure of R1: a reload equal to an original delete.
    struct Conflict: Error { var path: Op }

    static func normalize(_ batch: BatchUpdate, literal: Bool = false) -> Result<NormalizedBatch, Conflict> {
        var reloads = batch.reloadSections.map { Op(section: $0) }
        reloads.append(contentsOf: batch.reloadItems.map(Op.init))
        reloads.sort()
        // The tagged lists are built straight from the batch: a batch of ten million deletes
        // holds one list of them, not two.
        var deletes = batch.deleteSections.map { TaggedOp(op: Op(section: $0), reload: nil) }
        deletes.append(contentsOf: batch.deleteItems.lazy.map { TaggedOp(op: Op($0), reload: nil) })
        var inserts = batch.insertSections.map { TaggedOp(op: Op(section: $0), reload: nil) }
        inserts.append(contentsOf: batch.insertItems.lazy.map { TaggedOp(op: Op($0), reload: nil) })
        let moves =
            batch.moveSections.map { OpMove(from: Op(section: $0.from), to: Op(section: $0.to)) }
            + batch.moveItems.map { OpMove(from: Op($0.from), to: Op($0.to)) }

        if !reloads.isEmpty {
            // The original deletes and inserts: what the reload targets are shifted by.
            let d0 = deletes.map(\.op), i0 = inserts.map(\.op)
            let d0Set = Set(d0)
            if let clash = reloads.first(where: d0Set.contains) { return .failure(Conflict(path: clash)) }
            let shifter = Shifter(deletes: d0, inserts: i0)
            deletes.reserveCapacity(deletes.count + reloads.count)
            inserts.reserveCapacity(inserts.count + reloads.count)
            for r in reloads {
                let target = literal || shifter.hasDuplicateSections ? shifter.literalTarget(r) : shifter.fastTarget(r)
                deletes.append(TaggedOp(op: r, reload: r))
                inserts.append(TaggedOp(op: target, reload: r))
            }
        }
        // Sorted here, in place, in the order UIKit validates them: deletes descending, inserts
        // ascending (a stable order among equal operations is not needed: equal ones are repeats).
        deletes.sort { $0.op > $1.op }
        inserts.sort { $0.op < $1.op }
        return .success(
            NormalizedBatch(
                deletes: deletes, inserts: inserts, moves: moves,
                itemReloads: reloads.filter { !$0.isSection }))
    }
}

/// Precomputed sorted views of the original deletes and inserts.
private struct Shifter {
    let d0Descending: [Op]
    let i0Ascending: [Op]
    let sectionDeletes: [Int]  // ascending
    let sectionInserts: [Int]  // ascending
    let deletedSections: Set<Int>
    let insertedSections: Set<Int>
    let itemDeletes: [Int: Group]  // per section
    let itemInserts: [Int: Group]
    let hasDuplicateSections: Bool

    init(deletes: [Op], inserts: [Op]) {
        d0Descending = deletes.sorted(by: >)
        i0Ascending = inserts.sorted()
        sectionDeletes = deletes.filter(\.isSection).map(\.section).sorted()
        sectionInserts = inserts.filter(\.isSection).map(\.section).sorted()
        deletedSections = Set(sectionDeletes)
        insertedSections = Set(sectionInserts)
        hasDuplicateSections =
            deletedSections.count != sectionDeletes.count
            || insertedSections.count != sectionInserts.count
        itemDeletes = Shifter.group(deletes)
        itemInserts = Shifter.group(inserts)
    }

    /// The item indices one section's operations name, ascending.
    struct Group {
        var items: [Int]
        var hasDuplicates: Bool
    }

    private static func group(_ ops: [Op]) -> [Int: Group] {
        var lists: [Int: [Int]] = [:]
        for op in ops where !op.isSection { lists[op.section, default: []].append(op.item) }
        return lists.mapValues { list in
            let sorted = list.sorted()
            return Group(items: sorted, hasDuplicates: zip(sorted, sorted.dropFirst()).contains { $0 == $1 })
        }
    }

    /// The spec's loop, verbatim, with saturating steps: indices near `Int.max` or repeated
    /// deletes may push a target out of range (even below zero), which the validator then
    /// reports as UIKit would; the arithmetic itself never traps.
    func literalTarget(_ r: Op) -> Op {
        var s = r.section, i = r.item
        for d in d0Descending {
            if d.isSection && d.section == r.section { continue }
            if d.isSection && d.section <= s { s = saturated(s, -1) }
            if !r.isSection && !d.isSection && d.section == s && d.item <= i { i = saturated(i, -1) }
        }
        for x in i0Ascending {
            if x.isSection && x.section <= s { s = saturated(s, 1) }
            if !r.isSection && !x.isSection && x.section == s && x.item <= i { i = saturated(i, 1) }
        }
        return r.isSection ? Op(section: s) : Op(s, min(i, Op.all - 1))
    }

    /// The same result without scanning every operation; requires distinct section operations.
    func fastTarget(_ r: Op) -> Op {
        // A negative index (possible only through the API: files reject them) is out of range
        // anyway; the literal loop handles it without the shortcut's assumptions.
        if r.section < 0 || r.item < 0 { return literalTarget(r) }
        let afterDeletes = r.section - countBelow(sectionDeletes, r.section)
        let section = freeSlot(afterDeletes, sectionInserts)
        if r.isSection { return Op(section: section) }
        var i = r.item
        // Item deletes match while the running section equals the one being scanned: the
        // reload's own section, then the run of deleted sections right below it.
        var q = r.section
        repeat {
            if let items = itemDeletes[q] { i = shiftDown(i, items) }
            q -= 1
        } while q >= 0 && deletedSections.contains(q)
        // Item inserts match in the run of inserted sections right below the target, then the target.
        var first = section
        while first > 0 && insertedSections.contains(first - 1) { first -= 1 }
        for q in first...section {
            if let items = itemInserts[q] { i = shiftUp(i, items) }
        }
        return Op(section, min(i, Op.all - 1))
    }

    /// Number of values < `limit` in an ascending array.
    private func countBelow(_ values: [Int], _ limit: Int) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < limit { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The `index`-th position (0-based) not taken by `taken` (ascending, distinct).
    private func freeSlot(_ index: Int, _ taken: [Int]) -> Int {
        // Saturating: an index near `Int.max` (out of range for every real section) must not trap.
        var lo = index, hi = saturated(index, taken.count)
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if mid - countBelow(taken, mid + 1) >= index { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Descending scan: each delete at or before the running index pulls it down by one.
    private func shiftDown(_ start: Int, _ group: Group) -> Int {
        if group.hasDuplicates {
            var i = start
            for k in group.items.reversed() where k <= i { i = saturated(i, -1) }
            return i
        }
        return start - countBelow(group.items, saturated(start, 1))
    }

    /// Ascending scan: each insert at or before the running index pushes it up by one.
    private func shiftUp(_ start: Int, _ group: Group) -> Int {
        if group.hasDuplicates {
            var i = start
            for k in group.items where k <= i { i = saturated(i, 1) }
            return i
        }
        return freeSlot(start, group.items)
    }
}

/// `a + b`, clamped to `Int`'s range instead of trapping on overflow.
@inline(__always)
private func saturated(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
}
