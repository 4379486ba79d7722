// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchKit

// The Swift snippets of DiffBenchKit's DocC articles (Sources/DiffBenchKit/Documentation.docc),
// compiled here as they are written there. `everySnippetIsHere` checks that each snippet an
// article marks `<!-- snippet: FILE -->` stands in FILE, line for line (its imports among the
// file's imports), so an article cannot show code that does not compile.

// BringYourOwnDiffer.md: a differ on DiffBench's own model.

/// Inserts the items appended at the end of each section; anything else reloads the list.
struct AppendOnly: DiffAlgorithm {
    var name: String { "append-only" }
    var summary: String { "inserts what was appended to each section, else reloadData" }

    func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        guard old.sections.count == new.sections.count else { return .reloadData }
        var update = BatchUpdate()
        for (k, (before, after)) in zip(old.sections, new.sections).enumerated() {
            guard before.model.diffID == after.model.diffID, before.model.isContentEqual(to: after.model),
                before.items.count <= after.items.count
            else { return .reloadData }
            for (x, y) in zip(before.items, after.items) where x.diffID != y.diffID || !x.isContentEqual(to: y) {
                return .reloadData
            }
            update.insertItems += (before.items.count..<after.items.count).map { ItemPath(k, $0) }
        }
        return .staged([Stage(update, after: nil)])
    }
}

// BringYourOwnDiffer.md: a differ with types of its own, through a generic adapter.

/// Another package's differ: a flat list in; the positions removed, added and changed out.
enum ListDiff {
    struct Entry<ID: Hashable> {
        var id: ID
        var version: Int
    }

    struct Result {
        var removed: [Int] = []  // old positions
        var added: [Int] = []  // new positions
        var changed: [Int] = []  // old positions of entries whose version changed
    }

    struct Unsupported: Error {}

    static func diff<ID: Hashable>(_ old: [Entry<ID>], _ new: [Entry<ID>]) -> Result {
        var oldPosition: [ID: Int] = [:]
        for (i, entry) in old.enumerated() { oldPosition[entry.id] = i }
        var result = Result(), kept = Set<ID>()
        for (j, entry) in new.enumerated() {
            guard let i = oldPosition[entry.id] else { result.added.append(j); continue }
            kept.insert(entry.id)
            if old[i].version != entry.version { result.changed.append(i) }
        }
        result.removed = old.indices.filter { !kept.contains(old[$0].id) }
        return result
    }
}

struct ListDiffAdapter: GenericDifferAdapter {
    let name = "list-diff"

    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        let before = try entries(old), after = try entries(new)  // untimed
        return PreparedCall(
            diff: { ListDiff.diff(before, after) },  // timed
            changeset: { result in  // untimed
                var update = BatchUpdate()
                update.deleteItems = result.removed.map { ItemPath(0, $0) }
                update.insertItems = result.added.map { ItemPath(0, $0) }
                update.reloadItems = result.changed.map { ItemPath(0, $0) }
                return .staged([Stage(update, after: nil)])
            })
    }

    /// One section's items as the differ's entries; any other shape is input it does not take.
    func entries<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws -> [ListDiff.Entry<ID>] {
        guard snapshot.sections.count == 1 else { throw ListDiff.Unsupported() }
        let items = snapshot.sections[0].items
        guard Set(items.map(\.id)).count == items.count else { throw ListDiff.Unsupported() }
        return items.map { ListDiff.Entry(id: $0.id, version: $0.rev) }
    }
}

/// BringYourOwnDiffer.md: the executable's main.swift (compiled, never called: it never returns).
func registration() -> Never {
    let differs = [Differ(AppendOnly()), Differ(adapting: ListDiffAdapter())]
    DiffBench.main(adding: differs)
}

// YourOwnData.md: a recorder of the lists an app shows.

/// Keeps every list the app shows; `write(name:to:)` saves them as one diffbench-trace/1 file.
struct TraceRecorder {
    struct Item: Encodable {
        var id: String
        var rev: Int
    }

    struct Group: Encodable {
        var id: String
        var rev: Int
        var items: [Item]
    }

    private var snapshots: [[Group]] = []

    mutating func record(_ groups: [Group]) { snapshots.append(groups) }

    func write(name: String, to url: URL) throws {
        struct Trace: Encodable {
            var format = "diffbench-trace/1"
            var name: String
            var snapshots: [[Group]]
        }
        try JSONEncoder().encode(Trace(name: name, snapshots: snapshots)).write(to: url, options: .atomic)
    }
}

// YourOwnData.md: one update of the app's own type, checked from code.

struct Message: DiffElement, Hashable, Sendable {
    var id: Int
    var text: String
    var read: Bool

    var diffID: Int { id }
    func isContentEqual(to other: Message) -> Bool { text == other.text && read == other.read }
}

struct Inbox: DiffElement, Hashable, Sendable {
    var name: String

    var diffID: String { name }
    func isContentEqual(to other: Inbox) -> Bool { true }
}

@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func list(_ ids: [Int], rev: [Int: Int] = [:]) -> ElementSnapshot<Int> {
        Snapshot([Section(Element(0), items: ids.map { Element($0, rev: rev[$0] ?? 0) })])
    }

    static func passes(_ changeset: Changeset<Element<Int>, Element<Int>>, _ old: [Int], _ new: [Int]) -> Bool {
        ConformanceChecker(target: .table).check(old: list(old), new: list(new), changeset: changeset).passed
    }

    @Test func theAppendOnlyDifferInsertsWhatWasAppendedAndPasses() throws {
        let appended = try AppendOnly().diff(from: Self.list([1, 2]), to: Self.list([1, 2, 3, 4]))
        guard case .staged(let stages) = appended else { Issue.record("not staged"); return }
        #expect(stages.first?.update.insertItems == [ItemPath(0, 2), ItemPath(0, 3)])
        #expect(Self.passes(appended, [1, 2], [1, 2, 3, 4]))
        let swapped = try AppendOnly().diff(from: Self.list([1, 2]), to: Self.list([2, 1]))
        guard case .reloadData = swapped else { Issue.record("a swap was not reloaded"); return }
    }

    /// The article says what the checker makes of the list differ: right on removals, additions
    /// and changes, wrong once the list reorders (it knows nothing of moves).
    @Test func theListDifferPassesUntilTheListReorders() throws {
        let differ = Differ(adapting: ListDiffAdapter())
        let old = [1, 2, 3], new = [1, 3, 4]
        let changeset = try differ.changeset(from: Self.list(old), to: Self.list(new, rev: [3: 1]))
        #expect(
            ConformanceChecker(target: .table).check(
                old: Self.list(old), new: Self.list(new, rev: [3: 1]), changeset: changeset
            ).passed)
        let reordered = try differ.changeset(from: Self.list([1, 2, 3]), to: Self.list([3, 1, 2]))
        #expect(!Self.passes(reordered, [1, 2, 3], [3, 1, 2]))
        let twoSections = Snapshot([Section(Element(0), items: [Element(1)]), Section(Element(1), items: [])])
        #expect(throws: ListDiff.Unsupported.self) { try differ.changeset(from: twoSections, to: twoSections) }
    }

    /// YourOwnData.md's snippet, run: a mark-as-read and a new message, diffed by heckel, pass.
    @Test func anUpdateOfTheAppsOwnTypeIsCheckedFromCode() throws {
        let old = Snapshot([
            Section(
                Inbox(name: "inbox"),
                items: [
                    Message(id: 1, text: "hello", read: false), Message(id: 2, text: "lunch?", read: false)
                ])
        ])
        let new = Snapshot([
            Section(
                Inbox(name: "inbox"),
                items: [
                    Message(id: 3, text: "on my way", read: false), Message(id: 1, text: "hello", read: true),
                    Message(id: 2, text: "lunch?", read: false)
                ])
        ])
        let changeset = try Heckel().diff(from: old, to: new)
        let report = ConformanceChecker(target: .collection).check(old: old, new: new, changeset: changeset)
        #expect(report.passed, "\(report.findings)")
    }

    /// A recorded trace runs as it is: `bench run` times it and writes its cell under its name.
    @Test func aRecordedTraceRuns() throws {
        var recorder = TraceRecorder()
        let feed = (1...5).map { TraceRecorder.Item(id: "post-\($0)", rev: 0) }
        recorder.record([TraceRecorder.Group(id: "today", rev: 0, items: feed)])
        recorder.record([TraceRecorder.Group(id: "today", rev: 0, items: [.init(id: "post-9", rev: 0)] + feed)])
        recorder.record([TraceRecorder.Group(id: "today", rev: 1, items: Array(feed.reversed()))])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("feed.json"), csv = folder.appendingPathComponent("feed.csv")
        try recorder.write(name: "recorded-feed", to: trace)
        let (status, _, err) = try BenchProcess.run([
            "run", trace.path, "--algorithms", "heckel,lis", "--samples", "6", "--instructions", "off",
            "--allow-debug", "--quiet", "--out", csv.path
        ])
        #expect(status == 0, "\(err)")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.contains { $0.contains(",recorded-feed,") && $0.contains(",heckel,") })
    }

    /// Each snippet an article marks stands, line for line, in the file it names.
    @Test func everySnippetIsHere() throws {
        let folder = Self.root.appendingPathComponent("Sources/DiffBenchKit/Documentation.docc")
        var snippets = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            let page = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let blocks = page.components(separatedBy: "```swift\n").dropFirst()
            let marks = page.components(separatedBy: "<!-- snippet: ").dropFirst()
            #expect(blocks.count == marks.count, "\(name): a ```swift block without its <!-- snippet: FILE -->")
            for (block, mark) in zip(blocks, marks) {
                let file = String(mark.prefix { $0 != " " })
                let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
                let code = block.components(separatedBy: "\n```")[0]
                #expect(Self.contains(source, code), "\(name): a snippet is not in \(file):\n\(code)")
                snippets += 1
            }
        }
        #expect(snippets >= 5)
    }

    /// Whether `code`'s lines (trimmed, blank lines and comments aside) follow one another in
    /// `source`, its `import` lines among `source`'s.
    static func contains(_ source: String, _ code: String) -> Bool {
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("//") }
        }
        let wanted = lines(code), have = lines(source)
        let imports = wanted.filter { $0.hasPrefix("import ") }, body = wanted.filter { !$0.hasPrefix("import ") }
        guard imports.allSatisfy(have.contains), !body.isEmpty, body.count <= have.count else { return false }
        return (0...(have.count - body.count)).contains { Array(have[$0..<($0 + body.count)]) == body }
    }
}
