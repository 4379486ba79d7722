// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchDiffers
import DiffBenchFileFormats
@testable import DiffBenchKit
import DiffBenchErrors

/// `bench run`'s flags into a plan (Run/RunPlan+Flags.swift).
@Suite struct RunPlanFlagsTests {
    @Test func theTimingFlagTakesTwoModesAndSideBySideNeedsOneUnpairedRound() throws {
        func plan(_ flags: [String]) throws(DiffBenchError) -> RunPlan {
            try RunPlan(
                Arguments(
                    ["--scenarios", "mixed", "--sizes", "1000"] + flags,
                    options: Set(RunFlags.options), switches: Set(RunFlags.switches)),
                registry: .builtIn)
        }
        let standard = try plan([]), alone = try plan(["--timing", "alone"])
        let rounds = try plan(["--rounds", "3"]), everySample = try plan(["--precision", "0"])
        #expect(standard.sideBySide && !standard.secondLook)
        #expect(!alone.sideBySide && alone.secondLook)
        #expect(!rounds.sideBySide && !everySample.sideBySide)
        do {
            _ = try plan(["--timing", "sideways"])
            Issue.record("--timing sideways was taken")
        } catch {
            #expect(error.description == "--timing sideways: expected side-by-side or alone")
        }
        // Asked for side by side where it cannot be: refused with the reason, never timed alone silently.
        let contradictions: [([String], String)] = [
            (["--rounds", "2"], "--timing side-by-side times one round; --rounds 2 times each cell alone"),
            (
                ["--paired-with", BenchProcess.executable.path, "--paired-out", "/tmp/x.csv"],
                "--timing side-by-side cannot be paired"
            ),
            (["--precision", "0"], "--timing side-by-side stops cells once precise")
        ]
        for (flags, said) in contradictions {
            do {
                _ = try plan(["--timing", "side-by-side"] + flags)
                Issue.record("\(flags) was taken")
            } catch {
                #expect(error.description.hasPrefix(said), "\(error.description)")
            }
        }
        do {
            _ = try Arguments(["--out", "-"], options: ["out"])
            Issue.record("--out - was taken")
        } catch {
            #expect(error.description.hasPrefix("--out -: name a file or folder"))
        }
    }

    @Test func aShardTakesEveryCountthCell() {
        let cells = (1...5).map { SuiteCell(scenario: .mixed, size: 100 * $0) }
        #expect(RunPlan.shardOf(cells, [], (1, 2)).0.map(\.size) == [100, 300, 500])
        #expect(RunPlan.shardOf(cells, [], (2, 2)).0.map(\.size) == [200, 400])
        #expect(RunPlan.shardOf(cells, [], (3, 3)).0.map(\.size) == [300])
    }

    @Test func sideBySideIsTheDefaultOnlyWhereItCanBe() throws {
        func sideBySide(_ flags: [String], rounds: Int = 1, paired: Bool = false, precision: Double? = 0.01) throws
            -> Bool
        {
            try RunPlan.timesSideBySide(
                Arguments(flags, options: ["timing", "rounds"]), rounds: rounds, paired: paired, precision: precision)
        }
        let standard = try sideBySide([]), alone = try sideBySide(["--timing", "alone"])
        let rounds = try sideBySide([], rounds: 3), paired = try sideBySide([], paired: true)
        let everySample = try sideBySide([], precision: nil)
        #expect(standard && !alone && !rounds && !paired && !everySample)
        #expect(throws: DiffBenchError.self) { try sideBySide(["--timing", "side-by-side"], paired: true) }
    }
}
