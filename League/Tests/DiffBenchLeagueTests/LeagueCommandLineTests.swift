// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchLeague

/// `league`'s command line: what a run times by default, and the differs it never times.
@Suite struct LeagueCommandLineTests {
    @Test func aRunWithoutAlgorithmsTimesTheLibrariesAndDiffBenchsProduct() throws {
        for given in [[], ["run"], ["--suite", "quick"], ["run", "case.json"]] {
            let tokens = try LeagueCommandLine.rewrite(given)
            let k = try #require(tokens.firstIndex(of: "--algorithms"))
            let names = tokens[k + 1].split(separator: ",").map(String.init)
            #expect(Array(tokens[..<k]) == given)
            #expect(names.contains("differencekit") && names.contains("diffbench-heckel"))
            // No built-in differ (so no answer of heckel against diffbench-heckel), nothing shown apart.
            #expect(!names.contains("heckel") && !names.contains("lis") && !names.contains("reload"))
            #expect(!names.contains("listdiff-raw"))
        }
    }

    @Test func aRunThatNamesADifferShownApartIsRefused() {
        for given in [["run", "--algorithms", "heckel,listdiff-raw"], ["--algorithms=listdiff-raw"]] {
            #expect(throws: LeagueCommandLine.Refusal.self) { try LeagueCommandLine.rewrite(given) }
        }
    }

    @Test func otherCommandsAndNamedRunsAreLeftAsGiven() throws {
        for given in [
            ["verify", "--random", "10", "--algorithms", "listdiff-raw"], ["list"], ["run", "--help"],
            ["run", "--algorithms", "heckel,diffbench-heckel"], ["--version"]
        ] {
            #expect(try LeagueCommandLine.rewrite(given) == given)
        }
    }
}
