// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A section or item operation as UIKit sorts it: `item == .all` is a section operation
/// and sorts after every item of its section (UIKit's `NSNotFound`).
struct Op: Hashable, Comparable {
    static let all = Int.max
    var section: Int
    var item: Int

    init(_ section: Int, _ item: Int) {
        self.section = section
        self.item = item
    }
    init(_ path: ItemPath) { self.init(path.section, path.item) }
    init(section: Int) { self.init(section, Op.all) }

    var isSection: Bool { item == Op.all }

    static func < (a: Op, b: Op) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}

/// An operation plus where it came from: an explicit call or one half of a reload.
///
/// 32 bytes, not 40: the origin is stored without an optional's tag (a section of `Int.min`
/// means none), which a batch of ten million operations feels.
struct TaggedOp {
    var op: Op
    private var origin: Op

    /// The old position of the reload this half belongs to, or `nil` for explicit calls.
    var reload: Op? { origin.section == Int.min ? nil : origin }

    init(op: Op, reload: Op?) {
        self.op = op
        origin = reload ?? Op(Int.min, Int.min)
    }
}

/// A move between two operations of the same level.
struct OpMove: Hashable {
    var from: Op
    var to: Op
}

/// A batch after reload decomposition (spec §5.3): deletes, inserts and moves only.
struct NormalizedBatch {
    var deletes: [TaggedOp]
    var inserts: [TaggedOp]
    var moves: [OpMove]
    var itemReloads: [Op]
}
