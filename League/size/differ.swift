// SPDX-License-Identifier: Apache-2.0
// Differ as its apply(_:) uses it: the nested extended diff and its batch update (measure-sizes.sh).
import Differ

struct Row: Equatable { var id: Int, rev: Int }
struct Section: Collection, Equatable {
    var id: Int, rows: [Row]
    var startIndex: Int { rows.startIndex }
    var endIndex: Int { rows.endIndex }
    subscript(position: Int) -> Row { rows[position] }
    func index(after i: Int) -> Int { i + 1 }
}
let n = CommandLine.arguments.count + 3
let old = [Section(id: 0, rows: (0..<n).map { Row(id: $0, rev: 0) })]
let new = [Section(id: 0, rows: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })]
let diff = old.nestedExtendedDiff(to: new, isEqualSection: { $0.id == $1.id }, isEqualElement: ==)
let update = NestedBatchUpdate(diff: diff)
print(update.itemDeletions.count, update.itemInsertions.count, update.itemMoves.count)
