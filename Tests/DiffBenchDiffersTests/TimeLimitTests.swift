// SPDX-License-Identifier: Apache-2.0
import Testing
import Dispatch
@testable import DiffBenchDiffers

/// Work on a thread of its own, given up on past its limit; how the help writes a limit.
@Suite struct TimeLimitTests {
    @Test func workWithinTheLimitGivesItsValue() {
        #expect(TimeLimit.run(seconds: 600) { 6 * 7 } == 42)
        #expect(TimeLimit.seconds(10) == "10 s" && TimeLimit.seconds(0.5) == "0.5 s")
    }

    /// Work that never returns (it waits for a signal nobody sends) gives no value: the caller
    /// is told, whatever the machine's speed.
    @Test func workThatNeverEndsGivesNothing() {
        #expect(
            TimeLimit.run(seconds: 0.05) {
                DispatchSemaphore(value: 0).wait(); return 1
            } == nil)
    }

    @Test func anAbandonedDifferIsRememberedWithItsCase() {
        let abandoned = AbandonedDiffers()
        #expect(abandoned.abandonedCase(of: "myers") == nil)
        abandoned.abandon("myers", on: "mixed n=1000")
        #expect(abandoned.abandonedCase(of: "myers") == "mixed n=1000" && abandoned.abandonedCase(of: "lis") == nil)
    }
}
