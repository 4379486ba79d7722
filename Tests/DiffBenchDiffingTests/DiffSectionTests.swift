// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchDiffing
import DiffBenchCorpus

/// An app's own section and row types diff as the corpus' elements do.
struct DiffSectionTests {
    @Test func theAppsTypesGetTheSameBatchesAsTheCorpusElements() throws {
        for scenario in Scenario.allCases where scenario != .duplicates {
            let generated = try scenario.generate(size: 300, sections: scenario.defaultSections(size: 300), seed: 2)
            let old = [FeedSection](generated.old), new = [FeedSection](generated.new)
            for differ in [any DiffAlgorithm](arrayLiteral: Heckel(), Lis()) {
                let app = try differ.diff(from: old, to: new)
                let corpus = try differ.diff(from: generated.old, to: generated.new)
                #expect(app.stages.map(\.update) == corpus.stages.map(\.update), "\(differ.name) \(scenario.rawValue)")
                #expect(app.isReloadData == corpus.isReloadData)
            }
        }
    }

    @Test func aSnapshotSharesTheSectionsRows() {
        let sections = [FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x"), Row(id: "2", title: "y")])]
        let snapshot = Snapshot(sections: sections)
        #expect(snapshot.sections.count == 1 && snapshot.sections[0].model == sections[0])
        #expect(snapshot.sections[0].items == sections[0].rows)
    }
}
