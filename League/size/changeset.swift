// SPDX-License-Identifier: Apache-2.0
// osteslag/Changeset as its README calls it: the edits of one section (measure-sizes.sh).
import Changeset

struct Row: Equatable { var id: Int, rev: Int }
let n = CommandLine.arguments.count + 3
let edits = Changeset<[Row]>.edits(
    from: (0..<n).map { Row(id: $0, rev: 0) }, to: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })
print(edits.count)
