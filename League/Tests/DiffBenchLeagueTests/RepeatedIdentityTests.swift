// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// Where a list repeats an identity: among sections, among one section's rows, or not at all.
@Suite struct RepeatedIdentityTests {
    @Test func theLevelOfTheFirstRepeat() {
        #expect(RepeatedIdentity.level(in: snapshot([(1, 0, rows(1)), (1, 0, [])])) == "sections")
        #expect(RepeatedIdentity.level(in: snapshot([(1, 0, rows(1)), (2, 0, rows(3, 3))])) == "rows of a section")
        #expect(RepeatedIdentity.level(in: snapshot([(1, 0, rows(1, 2)), (2, 0, rows(1, 2))])) == nil)
    }
}

/// Each kind of repeat alone.
@Suite struct RepeatedIdentityKindTests {
    @Test func sectionsAndRowsApart() {
        let both = snapshot([(1, 0, rows(2, 2)), (1, 0, [])])
        #expect(RepeatedIdentity.amongSections(both) && RepeatedIdentity.amongRowsOfASection(both))
        #expect(!RepeatedIdentity.amongRowsOfASection(snapshot([(1, 0, rows(2)), (1, 0, rows(2))])))
    }
}
