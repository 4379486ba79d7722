// SPDX-License-Identifier: Apache-2.0
import Testing
import Dispatch
import Foundation
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchDiffers
@testable import DiffBenchVerification

/// Verification's time limit (``TimeLimit`` runs each differ): a built-in differ that never ends
/// (it waits for a signal nobody sends) is an error past the time limit, its later cases are not
/// started, and the other differs' verdicts stand. Before,
/// `bench verify` and `bench diff` gave built-in differs no limit at all.
@Suite struct VerificationTests {
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

    /// The shape: runaway differs (one more than this machine has cores, each spinning)
    /// before a quick one. Each runaway's thread is abandoned at the limit and keeps a core busy;
    /// the quick differ still starts at once on a thread of its own and passes. Before, every
    /// differ ran on the shared dispatch pool, which the runaways held: the quick one never
    /// started and was reported as not finishing within the limit.
    @Test func aRunawayDifferNeverMakesAnotherTimeOut() throws {
        let release = Latch()
        defer { release.open() }
        let runaways = (0...ProcessInfo.processInfo.activeProcessorCount).map { k in
            Differ(Spins(name: "spins-\(k)", until: release))
        }
        var verification = Verification(differs: runaways + [Differ(Spins(name: "quick", until: nil))], timeLimit: 1)
        verification.inlineBelow = 0
        let old = Snapshot([Section(IntElement(0), items: (1...5).map { IntElement($0) })])
        let new = Snapshot([Section(IntElement(0), items: (1...5).reversed().map { IntElement($0) })])
        let results = verification.verify(label: "runaways", old: old, new: new)
        #expect(results.dropLast().allSatisfy { $0.verdict == .error }, "\(results.map(\.detail))")
        #expect(results.last?.algorithm == "quick" && results.last?.verdict == .pass, "\(results.last!.detail)")
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

/// Spins on a core until its latch opens (no latch: returns at once), then asks for a reload.
struct Spins: DiffAlgorithm {
    let name: String
    let until: Latch?
    var summary: String { "spins until released" }
    func diff<Model: DiffElement, Item: DiffElement>(from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>)
        throws(DiffError) -> Changeset<Model, Item>
    {
        while let until, !until.isOpen {}
        return .reloadData
    }
}

/// A flag one thread sets and others read.
final class Latch: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false

    var isOpen: Bool { lock.withLock { opened } }

    func open() { lock.withLock { opened = true } }
}
