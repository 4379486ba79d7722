// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchModel

@Suite struct SnapshotTests {
    let snapshot = IntSnapshot([
        Section(IntElement(0), items: [IntElement(1), IntElement(2)]),
        Section(IntElement(1), items: [])
    ])

    @Test func countsAndSubscripts() {
        #expect(snapshot.itemCount == 2)
        #expect(snapshot[ItemPath(0, 1)] == IntElement(2))
    }

    @Test func holdsOnlyPathsWithAnItem() {
        #expect(snapshot.holds(ItemPath(0, 1)))
        for path in [ItemPath(0, 2), ItemPath(1, 0), ItemPath(2, 0), ItemPath(-1, 0), ItemPath(0, -1)] {
            #expect(!snapshot.holds(path), "\(path)")
        }
    }

    @Test func identityAndContent() {
        var changed = snapshot
        #expect(snapshot.isIdentical(to: changed))
        changed.sections[0].items[1].rev = 1
        #expect(!snapshot.isIdentical(to: changed))
        #expect(changed.sections[0].items[1].diffID == 2)
        #expect(!changed.sections[0].items[1].isContentEqual(to: snapshot.sections[0].items[1]))
        changed = snapshot
        changed.sections.swapAt(0, 1)
        #expect(!snapshot.isIdentical(to: changed))
    }

    @Test func pathsSortLikeUIKit() {
        #expect(
            [
                ItemPath(1, 0),
                ItemPath(0, 5),
                ItemPath(0, 2)
            ].sorted() == [ItemPath(0, 2), ItemPath(0, 5), ItemPath(1, 0)])
        #expect(ItemPath(3, 4).description == "3-4")
    }

    @Test func batchBookkeeping() {
        var batch = BatchUpdate()
        #expect(batch.isEmpty)
        batch.moveSections = [Move(0, 1)]
        batch.reloadSections = [2]
        #expect(!batch.isEmpty && batch.sectionOperationCount == 2)
        let changeset: Changeset<IntElement, IntElement> = .staged([Stage(batch, after: nil)])
        #expect(changeset.stages.count == 1)
        #expect(Changeset<IntElement, IntElement>.reloadData.stages.isEmpty)
    }

    @Test func diffErrorsDescribeThemselves() {
        #expect(DiffError.duplicateItem(algorithm: "x").description == "x: duplicate item identities are not supported")
    }
}
