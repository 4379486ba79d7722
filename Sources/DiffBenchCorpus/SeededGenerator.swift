// SPDX-License-Identifier: Apache-2.0
/// xoshiro256** seeded through SplitMix64: the same seed gives the same stream on every
/// machine and run. Never the system generator.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    @usableFromInline var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// Creates a generator whose state is expanded from `seed` with SplitMix64.
    @inlinable
    package init(seed: UInt64) {
        var x = seed
        s0 = SeededGenerator.splitMix64(&x); s1 = SeededGenerator.splitMix64(&x)
        s2 = SeededGenerator.splitMix64(&x); s3 = SeededGenerator.splitMix64(&x)
    }

    /// One step of SplitMix64: advances `state` and returns the next output.
    @inlinable
    package static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    @inlinable
    package mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform value in `0..<bound` (Lemire's multiply-shift; the tiny bias is irrelevant
    /// here and the result is identical on every platform).
    @inlinable
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// `true` with probability `p`.
    @inlinable
    package mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < p
    }

    /// Shuffles `array` in place (Fisher-Yates with `below`).
    @inlinable
    package mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(i, below(i + 1))
        }
    }
}
