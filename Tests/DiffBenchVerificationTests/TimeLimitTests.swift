// SPDX-License-Identifier: Apache-2.0
import Testing
import Dispatch
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchDiffers
@testable import DiffBenchVerification

/// A built-in differ that never ends (it waits for a signal nobody sends) is an error past the
/// time limit, its later cases are not started, and the other differs' verdicts stand. Before,
/// `bench verify` and `bench diff` gave built-in differs no limit at all.
@Suite struct TimeLimitTests {
    @Test func aDifferPastTheLimitIsAnErrorAndItsLaterCasesAreNotRun() throws {
        var verification = Verification(differs: [Differ(NeverEnds())], timeLimit: 0.2)
        verification.inlineBelow = 0
        let old = Snapshot([Section(IntElement(0), items: (1...5).map { IntElement($0) })])
        let new = Snapshot([Section(IntElement(0), items: (1...5).reversed().map { IntElement($0) })])
        let first = verification.verify(label: "first", old: old, new: new)
        #expect(first.map(\.verdict) == [.error])
        #expect(first[0].detail.hasPrefix("did not finish within 0.2 s (--timeout)"), "\(first[0].detail)")
        let second = verification.verify(label: "second", old: old, new: new)
        #expect(second.map(\.verdict) == [.error])
        #expect(second[0].detail == "not run: never-ends is still running on first, past the time limit")
        // A small case runs on the caller's thread, so a loaded machine cannot make it late.
        let lis = Verification(differs: [try #require(DifferRegistry.builtIn.named("lis"))], timeLimit: 0.2)
        #expect(lis.verify(label: "small", old: old, new: new).map(\.verdict) == [.pass])
    }

    @Test func workWithinTheLimitGivesItsValue() {
        #expect(TimeLimit.run(seconds: 600) { 6 * 7 } == 42)
        #expect(TimeLimit.seconds(10) == "10 s" && TimeLimit.seconds(0.5) == "0.5 s")
    }
}

/// Waits on a semaphore that is never signalled.
struct NeverEnds: DiffAlgorithm {
    let name = "never-ends"
    let summary = "never returns"
    func diff<Model: DiffElement, Item: DiffElement>(from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>)
        throws(DiffError) -> Changeset<Model, Item>
    {
        DispatchSemaphore(value: 0).wait()
        return .reloadData
    }
}
