// SPDX-License-Identifier: Apache-2.0
// DeepDiff as an app uses it: one section's rows (measure-sizes.sh).
import DeepDiff

struct Row: DiffAware {
    var id: Int, rev: Int
    var diffId: Int { id }
    static func compareContent(_ a: Row, _ b: Row) -> Bool { a.rev == b.rev }
}
let n = CommandLine.arguments.count + 3
let changes = diff(old: (0..<n).map { Row(id: $0, rev: 0) }, new: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })
print(changes.count)
