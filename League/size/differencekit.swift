// SPDX-License-Identifier: Apache-2.0
// DifferenceKit as an app uses it: its staged changeset over the app's sections (measure-sizes.sh).
import DifferenceKit

struct Row: Differentiable {
    var id: Int, rev: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { rev == source.rev }
}
struct Header: Differentiable {
    var id: Int, rev: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Header) -> Bool { rev == source.rev }
}
let n = CommandLine.arguments.count + 3
let old = [ArraySection(model: Header(id: 0, rev: 0), elements: (0..<n).map { Row(id: $0, rev: 0) })]
let new = [ArraySection(model: Header(id: 0, rev: 1), elements: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })]
let staged = StagedChangeset(source: old, target: new)
print(staged.count, staged.map(\.elementMoved.count).reduce(0, +))
