// SPDX-License-Identifier: Apache-2.0
// An app file that imports DifferenceKit, SwiftUI (its names, SwiftUIStandIn) and DiffBenchDiffing
// and uses their names unqualified: it compiles only if DiffBenchDiffing exports none of them (in
// 0.2.0 it re-exported the benchmark's `Changeset`, `Section`, `Snapshot`, ...).
import Foundation
import Testing
import DifferenceKit
import SwiftUIStandIn
import DiffBenchDiffing

struct Post: Identifiable, Hashable, Differentiable, DiffRow {
    let id: UUID
    var title: String
    var differenceIdentifier: UUID { id }
    func isContentEqual(to other: Post) -> Bool { title == other.title }
}

struct Header: Hashable, Differentiable {
    var id: String
    var differenceIdentifier: String { id }
}

struct Day: Identifiable, Equatable, DiffSection {
    let id: String
    var rows: [Post]
}

struct NameCollisionTests {
    @Test func differenceKitSwiftUIAndDiffBenchDiffingNamesLiveSideBySide() {
        let post = Post(id: UUID(), title: "Hi")
        var edited = post
        edited.title = "Hi!"
        // DifferenceKit's names, unqualified.
        let today = Header(id: "today")
        let sections = [ArraySection(model: today, elements: [post])]
        let staged: StagedChangeset<[ArraySection<Header, Post>]> = StagedChangeset(
            source: sections, target: [ArraySection(model: today, elements: [edited])])
        let changeset: Changeset<[ArraySection<Header, Post>]>? = staged.first
        let path: ElementPath? = changeset?.elementUpdated.first
        // SwiftUI's names, unqualified.
        let list = List(Section(ForEach([post]) { Text($0.title) }))
        let group = Group(Text("Feed"))
        // DiffBenchDiffing's, beside them.
        let update = DiffUpdate(from: [Day(id: "today", rows: [post])], to: [Day(id: "today", rows: [edited])])
        #expect(path == ElementPath(element: 0, section: 0))
        #expect(update.stages.count == 1 && update.stages[0].reloadedRows == [RowPath(row: 0, section: 0)])
        #expect(list.content.content.data.count == 1 && group.content == Text("Feed"))
    }
}
