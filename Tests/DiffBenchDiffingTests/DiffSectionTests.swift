// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchDiffing
import DiffBenchDiffingTestSupport

/// An `Identifiable & Equatable` section conforms with an empty extension; its header is every
/// property but its rows.
struct DiffSectionTests {
    @Test func theHeaderIsEveryPropertyButTheRows() {
        let a = FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x")])
        var rowsChanged = a
        rowsChanged.rows.append(Row(id: "2", title: "y"))
        var headerChanged = a
        headerChanged.header = "A*"
        #expect(a.diffID == "a")
        #expect(a.isContentEqual(to: rowsChanged) && !a.isContentEqual(to: headerChanged))
        let update = DiffUpdate(from: [a], to: [headerChanged])
        #expect(update.stages.count == 1 && update.stages[0].reloadedSections == [0])
        #expect(DiffUpdate(from: [a], to: [rowsChanged]).stages.first?.reloadedSections == [])
    }
}
