// SPDX-License-Identifier: Apache-2.0
#if canImport(EpoxyDiffing)
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The Epoxy adapter (built when League/fetch-epoxy.sh has read Epoxy's diffing files from its
/// tag): Epoxy's changeset on hand-made cases, sent as EpoxyCollectionView's `performUpdates`.
@Suite struct EpoxyAdapterTests {
    let differ = Differ(adapting: EpoxyAdapter())

    /// The changeset and the first failing rule on a collection view, Epoxy's only target.
    func collection(_ old: ElementSnapshot<Int>, _ new: ElementSnapshot<Int>) throws
        -> (changeset: DiffBenchModel.Changeset<Element<Int>, Element<Int>>, rule: String?)
    {
        let changeset = try differ.changeset(from: old, to: new)
        let report = ConformanceChecker(target: .collection).check(old: old, new: new, changeset: changeset)
        return (changeset, report.passed ? nil : report.firstFailure?.rule ?? "FINAL")
    }

    @Test func updatedRowsAndHeadersAreReboundInPlaceAndRowsMove() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 1, [(3, 0), (1, 1), (2, 0)])])
        let (changeset, rule) = try collection(old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reconfigureItems == [ItemPath(0, 1)] && only.reconfigureSections == [0])
        #expect(only.reloadItems.isEmpty && only.reloadSections.isEmpty && !only.moveItems.isEmpty)
    }

    @Test func insertsAndDeletesAtBothLevels() throws {
        let old = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(3))]), new = snapshot([(1, 0, rows(2, 4)), (5, 0, rows(6))])
        let (changeset, rule) = try collection(old, new)
        #expect(rule == nil)
        #expect(
            sortedBatches(changeset) == [
                batch(deleteSections: [1], insertSections: [1], deleteItems: [(0, 0)], insertItems: [(0, 1)])
            ])
    }

    @Test func rowOperationsInAMovedSectionAreEpoxysOwnR18() throws {
        let old = snapshot([(1, 0, rows(1)), (2, 0, rows(2))]), new = snapshot([(2, 0, rows(2, 5)), (1, 0, rows(1))])
        let (changeset, rule) = try collection(old, new)
        let only = try #require(sortedBatches(changeset).first)
        #expect(!only.moveSections.isEmpty && only.insertItems == [ItemPath(0, 1)])
        #expect(rule == "R18")
    }

    @Test func repeatedDataIDsAreInputEpoxysUsersDoNotGive() {
        #expect(throws: EpoxyAdapter.RepeatedDataIDs.self) {
            _ = try differ.changeset(from: snapshot([(1, 0, rows(1, 1))]), to: snapshot([(1, 0, rows(1))]))
        }
    }
}
#endif
