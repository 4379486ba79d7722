// SPDX-License-Identifier: Apache-2.0
// RxDataSources' Differentiator as its animated data source calls it (measure-sizes.sh).
import Differentiator

struct Row: IdentifiableType, Equatable {
    var id: Int, rev: Int
    var identity: Int { id }
}
struct Header: IdentifiableType, Equatable {
    var id: Int, rev: Int
    var identity: Int { id }
}
let n = CommandLine.arguments.count + 3
let old = [AnimatableSectionModel(model: Header(id: 0, rev: 0), items: (0..<n).map { Row(id: $0, rev: 0) })]
let new = [
    AnimatableSectionModel(model: Header(id: 0, rev: 1), items: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })
]
let changes = try Diff.differencesForSectionedView(initialSections: old, finalSections: new)
print(changes.count, changes.map(\.movedItems.count).reduce(0, +))
