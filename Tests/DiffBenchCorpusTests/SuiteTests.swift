// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchCorpus
import DiffBenchFileFormats

@Suite struct SuiteTests {
    @Test func parsesCellsAndDirectives() throws {
        let suite = try Suite.parse(
            """
            # a comment
            algorithms: heckel, myers
            samples: 8
            mixed 1_000   # trailing comment
            differencekit 5000 seed=3 ids=string
            shuffle 1000 sections=1
            """, name: "t", file: "t.suite")
        #expect(suite.algorithms == ["heckel", "myers"])
        #expect(suite.samples == 8)
        #expect(
            suite.cells == [
                SuiteCell(
                    scenario: .mixed,
                    size: 1000
                ), SuiteCell(scenario: .differencekit, size: 5000, seed: 3, ids: .string),
                SuiteCell(scenario: .shuffle, size: 1000, sections: 1)
            ])
        #expect(suite.cells[0].sections == 10)
    }

    @Test(arguments: [
        (
            "mixd 1000",
            "t.suite: line 1: unknown scenario \"mixd\" (did you mean \"mixed\"?) (a case or trace file is "
                + "named as: file PATH)"
        ),
        ("mixed", "t.suite: line 1: expected SCENARIO SIZE [sections=K] [seed=S] [ids=int|sparse|string|key|uuid]"),
        ("mixed 0", "t.suite: line 1: size 0: a case needs at least 1 item"),
        ("\nmixed 100 sections=500", "t.suite: line 2: sections 500: must be between 1 and the size (100)"),
        ("mixed 100 colour=red", "t.suite: line 1: unknown option \"colour\" (expected sections=, seed= or ids=)"),
        ("samples: 3\nmixed 100", "t.suite: line 1: samples: expected a whole number of at least 6, found \"3\""),
        ("# nothing", "t.suite: line 1: the suite has no cells"),
        (
            "mixed 100\nfilter 100\nmixed 100",
            "t.suite: line 3: repeats the cell of line 1 (mixed 100 sections=1 seed=1 ids=int)"
        ),
        (
            "mixed 100\r\nmixd 100",
            "t.suite: line 2: unknown scenario \"mixd\" (did you mean \"mixed\"?) (a case or trace file is named as: "
                + "file PATH)"
        )
    ])
    func malformedLines(text: String, expected: String) {
        do {
            _ = try Suite.parse(text, name: "t", file: "t.suite")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func lineEndingsAndAByteOrderMarkAreAccepted() throws {
        for text in ["\u{FEFF}mixed 100\r\nfilter 100\r\n", "mixed 100\rfilter 100", "mixed 100\nfilter 100"] {
            let suite = try Suite.parse(text, name: "t", file: "t.suite")
            #expect(suite.cells.map(\.scenario) == [.mixed, .filter])
        }
        let expecting = try Suite.parse("expect-timeouts: stdlib, myers\nmixed 100", name: "t", file: "t.suite")
        #expect(expecting.expectedTimeouts == ["stdlib", "myers"])
    }
}
