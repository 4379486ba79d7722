// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchDiffing
import DiffBenchCorpus
import DiffBenchFileFormats

/// The glue, run through a recording view, judged by the checker on what it recorded: over every
/// scenario, every case file of the corpus and 10,000 random cases; and a planted bug it catches.
struct ApplyTests {
    static let differs: [any DiffAlgorithm] = [Heckel(), Lis()]

    /// Applies `changeset` from `old` to `new` with `glue` and returns what the checker found.
    static func judge(
        _ old: [FeedSection], _ new: [FeedSection], _ differ: any DiffAlgorithm,
        target: Target = .table, glue: Glue = .apply
    ) throws -> [Finding]? {
        let before = Snapshot(sections: old), after = Snapshot(sections: new)
        let changeset: Changeset<FeedSection, Row>
        do { changeset = try differ.diff(from: old, to: new) } catch { return nil }
        let data = DataSource(before)
        let view = RecordingView { data.shown }
        glue.run(changeset, after, view) { data.shown = $0 }
        return view.judge(from: before, to: after, target: target)
    }

    /// How a test applies a changeset: the product's glue, or one with a planted bug.
    enum Glue {
        case apply, dataOutsideTheBatch

        func run(
            _ changeset: Changeset<FeedSection, Row>, _ new: Snapshot<FeedSection, Row>,
            _ view: RecordingView<FeedSection, Row>, _ setData: (Snapshot<FeedSection, Row>) -> Void
        ) {
            switch self {
            case .apply:
                view.apply(changeset, to: new, setData: setData)
            case .dataOutsideTheBatch:
                guard !changeset.isReloadData else { setData(new); view.reloadData(); return }
                for stage in changeset.stages {
                    setData(stage.after ?? new)
                    view.performBatch { view.send(stage.update) }
                }
            }
        }
    }

    @Test func everyScenarioPassesThroughTheGlue() throws {
        for scenario in Scenario.allCases {
            let generated = try scenario.generate(size: 400, sections: scenario.defaultSections(size: 400), seed: 5)
            for differ in Self.differs {
                for target in [Target.table, .collection] {
                    let findings = try Self.judge(
                        [FeedSection](generated.old), [FeedSection](generated.new), differ,
                        target: target)
                    #expect(findings?.isEmpty != false, "\(differ.name) \(scenario.rawValue) \(target): \(findings!)")
                }
            }
        }
    }

    @Test func everyCaseFileOfTheCorpusPassesThroughTheGlue() throws {
        let folder = CorpusFolder.resolve("Corpus/cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 20)
        var judged = 0
        for name in names.sorted() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let file = try CaseFile.decode(bytes, file: name)
            for differ in Self.differs {
                guard let findings = try Self.judge([FeedSection](file.old), [FeedSection](file.new), differ)
                else { continue }
                judged += 1
                #expect(findings.isEmpty, "\(differ.name) \(name): \(findings)")
            }
        }
        #expect(judged >= names.count, "most case files have unique identities")
    }

    @Test func tenThousandRandomCasesPassThroughTheGlue() throws {
        var judged = 0
        for seed in 0..<10_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            for differ in Self.differs {
                guard
                    let findings = try Self.judge(
                        [FeedSection](drawn.old), [FeedSection](drawn.new), differ,
                        target: seed % 2 == 0 ? .table : .collection)
                else { continue }
                judged += 1
                if !findings.isEmpty {
                    Issue.record("\(differ.name) seed \(seed) \(drawn.label): \(findings.prefix(3))")
                    return
                }
            }
        }
        #expect(judged > 10_000)
    }

    @Test func dataSetOutsideItsBatchFails() throws {
        var failed = 0, structural = 0
        for seed in 0..<1_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            guard drawn.old.itemCount != drawn.new.itemCount || drawn.old.sections.count != drawn.new.sections.count
            else { continue }
            guard
                let findings = try Self.judge(
                    [FeedSection](drawn.old), [FeedSection](drawn.new), Heckel(),
                    glue: .dataOutsideTheBatch)
            else { continue }
            structural += 1
            if !findings.isEmpty { failed += 1 }
        }
        #expect(structural > 300)
        #expect(failed == structural, "every case whose counts change fails: \(failed) of \(structural)")
    }

    @Test func aReloadIsAReload() throws {
        let old = [FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x")])]
        let new = [FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x"), Row(id: "2", title: "y")])]
        let data = DataSource(Snapshot(sections: old))
        let view = RecordingView { data.shown }
        view.apply(Changeset<FeedSection, Row>.reloadData, to: Snapshot(sections: new)) { data.shown = $0 }
        guard case .reload(let shown)? = view.events.first, view.events.count == 1 else {
            Issue.record("events: \(view.events.count)")
            return
        }
        #expect(shown.isIdentical(to: Snapshot(sections: new)))
        #expect(view.judge(from: Snapshot(sections: old), to: Snapshot(sections: new)).isEmpty)
    }
}
