// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// What IGListKit does to a list before its diff: no repeated identity among the sections or one
/// section's rows; ListDiff refuses the cases that have one, never charged for them.
@Suite struct IGListKitInputTests {
    @Test func repeatedSectionsOrRowsOfASectionAreRefused() {
        for differ in [
            Differ(adapting: ListDiffAdapter(batchSafe: true)), Differ(adapting: ListDiffAdapter(batchSafe: false))
        ] {
            let plain = snapshot([(1, 0, rows(1, 2))])
            #expect(throws: IGListKitInput.RepeatedIdentities.self) {
                _ = try differ.changeset(from: plain, to: snapshot([(1, 0, rows(1, 2, 1))]))
            }
            #expect(throws: IGListKitInput.RepeatedIdentities.self) {
                _ = try differ.changeset(from: snapshot([(1, 0, []), (1, 0, [])]), to: plain)
            }
        }
    }

    @Test func theSameRowInTwoSectionsIsTaken() throws {
        // Two section controllers, each with its own rows: IGListKit de-duplicates within one.
        let old = snapshot([(1, 0, rows(1)), (2, 0, rows(1))]), new = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(1))])
        let (_, rule) = try run(Differ(adapting: ListDiffAdapter(batchSafe: true)), old, new)
        #expect(rule == nil)
    }
}
