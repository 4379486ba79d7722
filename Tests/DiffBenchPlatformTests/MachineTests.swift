// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
@testable import DiffBenchPlatform

/// The clocks, memory figures and the machine's identity, against values known on Linux.
@Suite struct MachineTests {
    @Test func threadCPUTimeAdvancesWithWorkAndNotWithSleep() {
        let before = Clock.threadCPUNanoseconds()
        var x: UInt64 = 1
        for k in 0..<20_000_000 { x = x &* 6364136223846793005 &+ UInt64(k) }
        let worked = Clock.threadCPUNanoseconds() - before
        #expect(x != 0 && worked > 1_000_000, "20M multiply-adds take well over a millisecond of CPU")
        let asleep = Clock.threadCPUNanoseconds()
        let wall = Clock.monotonicNanoseconds()
        Platform.sleep(microseconds: 50_000)
        #expect(Clock.monotonicNanoseconds() - wall >= 45_000_000)
        #expect(Clock.threadCPUNanoseconds() - asleep < 20_000_000, "sleeping costs no CPU time")
    }

    @Test func peakMemoryIsInBytes() {
        let peak = Memory.peakResidentBytes()
        // A Swift test process holds at least a few MiB; in kilobytes it would read under 1 GiB's count.
        #expect(peak > 4 << 20 && peak < 64 << 30)
        let grown = [UInt8](repeating: 1, count: 64 << 20)
        #expect(grown.count > 0 && Memory.peakResidentBytes() >= peak)
        #expect(Memory.peakResidentBytes() >= 64 << 20)
    }

    @Test func allocationsAreCountedBetweenStartAndStop() throws {
        try #require(Memory.allocationCountingUnavailable == nil)
        Memory.startCountingAllocations()
        let arrays = (0..<10).map { [Int](repeating: $0, count: 1000 + $0) }
        let (count, bytes) = Memory.stopCountingAllocations()
        #expect(arrays.count == 10 && count >= 10 && bytes >= 10 * 8000)
    }

    @Test func theIdentityIsStableAndComesFromTheHardware() {
        let here = Machine.current
        #expect(here.identity == Machine.current.identity)
        #expect(here.identity.count == 12 && here.identity.allSatisfy(\.isHexDigit))
        var intel = here, amd = here
        intel.cpuModel = "Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz"
        amd.cpuModel = "AMD EPYC 9B14"
        #expect(intel.identity != amd.identity)
        var moreCores = here
        moreCores.cpuCount += 2
        #expect(moreCores.identity != here.identity)
        // What a VM reports a few MiB apart is the same memory, and the host name is not timing.
        var renamed = here
        renamed.memoryMB += 3
        renamed.host = "another-name"
        #expect(renamed.identity == here.identity)
    }

    @Test func theCPUModelAndOSAreRead() {
        let here = Machine.current
        #expect(here.cpuModel != "unknown" && !here.cpuModel.isEmpty)
        #expect(here.cpuCount >= 1 && here.memoryMB > 0 && !here.arch.isEmpty && !here.kernel.isEmpty)
    }

    @Test func aCounterIsGrantedOrSaysWhyNot() {
        if let counter = HardwareCounter.open(), let first = counter.read() {
            var x = 0
            for k in 0..<100_000 { x &+= k }
            #expect(x > 0 && (counter.read() ?? 0) > first)
        } else {
            #expect(HardwareCounter.unavailableByDesign == nil, "on Linux the kernel decides")
        }
    }
}
