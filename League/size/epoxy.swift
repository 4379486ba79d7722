// SPDX-License-Identifier: Apache-2.0
// Epoxy's diffing as EpoxyCollectionView calls it: compiled with Epoxy's own diffing files, which
// measure-sizes.sh copies beside this one from League/Fetched/EpoxyDiffing (fetch-epoxy.sh).
struct Row: Diffable {
    var id: Int, rev: Int
    var diffIdentifier: AnyHashable { AnyHashable(id) }
    func isDiffableItemEqual(to other: Diffable) -> Bool { (other as? Row)?.rev == rev }
}
struct Section: DiffableSection {
    var id: Int, diffableItems: [Row]
    var diffIdentifier: AnyHashable { AnyHashable(id) }
    func isDiffableItemEqual(to other: Diffable) -> Bool { (other as? Section)?.id == id }
}
let n = CommandLine.arguments.count + 3
let old = [Section(id: 0, diffableItems: (0..<n).map { Row(id: $0, rev: 0) })]
let new = [Section(id: 0, diffableItems: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })]
let changes = new.makeSectionedChangeset(from: old)
print(changes.itemChangeset.moves.count, changes.itemChangeset.updates.count)
