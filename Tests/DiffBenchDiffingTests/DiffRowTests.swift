// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchDiffing

/// `Identifiable & Equatable`, `Hashable` and `Identifiable & Hashable` rows conform with an
/// empty extension, and get the identity and content their declarations promise.
struct DiffRowTests {
    struct Post: Identifiable, Equatable {
        var id: Int
        var title: String
    }
    struct Tag: Hashable {
        var name: String
    }
    struct Both: Identifiable, Hashable {
        var id: Int
        var title: String
    }

    @Test func identifiableRowsAreTheirIdAndEqualityIsTheirContent() {
        let a = Post(id: 1, title: "a"), b = Post(id: 1, title: "b")
        #expect(a.diffID == 1 && a.diffID == b.diffID)
        #expect(!a.isContentEqual(to: b) && a.isContentEqual(to: a))
        let update = DiffUpdate(from: [a], to: [b])
        #expect(update.stages.count == 1 && update.stages[0].reloadedRows == [RowPath(row: 0, section: 0)])
    }

    @Test func hashableRowsAreTheirOwnIdentity() {
        #expect(Tag(name: "x").diffID == Tag(name: "x"))
        let update = DiffUpdate(from: [Tag(name: "x"), Tag(name: "y")], to: [Tag(name: "y"), Tag(name: "x")])
        #expect(update.stages.count == 1 && update.stages[0].movedRows.count == 1)
    }

    @Test func identifiableAndHashableRowsAreTheirId() {
        let a = Both(id: 7, title: "a")
        #expect(a.diffID == 7 && !a.isContentEqual(to: Both(id: 7, title: "b")))
    }
}

extension DiffRowTests.Post: DiffRow {}
extension DiffRowTests.Tag: DiffRow {}
extension DiffRowTests.Both: DiffRow {}
