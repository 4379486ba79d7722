// SPDX-License-Identifier: Apache-2.0
// ListDiff as IGListKit's users call it: the diff, then forBatchUpdates() (measure-sizes.sh).
import ListDiff

struct Row: Diffable, Equatable {
    var id: Int, rev: Int
    var diffIdentifier: AnyHashable { AnyHashable(id) }
}
let n = CommandLine.arguments.count + 3
let result = List.diffing(
    oldArray: (0..<n).map { Row(id: $0, rev: 0) }, newArray: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) }
).forBatchUpdates()
print(result.inserts.count, result.deletes.count, result.moves.count)
