// SPDX-License-Identifier: Apache-2.0
/// Scratch for patience sorting (``forEachInLongestIncreasingSubsequence(_:_:_:)``): three
/// arrays of `capacity` integers in one allocation, left uninitialized, since a sort writes
/// each slot before it reads it. A differ allocates it once per diff and reuses it for every
/// section: three arrays per diff, zeroed and grown as needed, were a tenth of `lis` on a
/// 1,000-item diff (callgrind: allocations, metadata lookups and memset).
///
/// The owner deallocates it (``deallocate()``, in a `defer`).
@usableFromInline
package struct PatienceScratch {
    @usableFromInline package let base: UnsafeMutablePointer<Int>
    /// How many values one sort may take (two sorts side by side: half each).
    @usableFromInline package let capacity: Int

    /// Scratch for sorts of up to `capacity` values.
    ///
    /// - Complexity: one allocation; nothing is written.
    @inlinable
    package init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: 3 * capacity)
    }

    /// The sort whose arrays start `offset` values into each of the three.
    @inlinable
    package func run(at offset: Int) -> PatienceRun {
        PatienceRun(tails: base + offset, tailValues: base + capacity + offset, previous: base + 2 * capacity + offset)
    }

    /// Frees the allocation.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func deallocate() { base.deallocate() }
}

/// Calls `keep(n)` for every index `n` of one longest strictly increasing subsequence of
/// `values`, last first. The values are indices: any two differ by less than 2^63.
///
/// Patience sorting with back pointers. Invariant of the loop: for k below `count`, `tails[k]` is
/// the index of the smallest value that ends an increasing run of length k + 1 among the values
/// seen so far, and `tailValues[k]` that value, so `tailValues` is strictly increasing and a
/// binary search finds where each value goes. The search is branch-free (a conditional move per halving): on
/// shuffled input a branching search mispredicts about every other step. A value above every
/// tail, the common case in a list that mostly keeps its order, skips the search.
///
/// - Precondition: `values.count <= scratch.capacity`.
/// - Complexity: O(*n* log *n*) time; no allocation.
@inlinable @inline(__always)
package func forEachInLongestIncreasingSubsequence(
    _ values: UnsafeBufferPointer<Int>, _ scratch: PatienceScratch,
    _ keep: (Int) -> Void
) {
    precondition(values.count <= scratch.capacity, "patience sort: more values than scratch")
    let run = scratch.run(at: 0)
    var count = 0
    for n in values.indices { run.place(values[n], at: n, count: &count) }
    run.walk(count: count, total: values.count, keep)
}

/// ``forEachInLongestIncreasingSubsequence(_:_:_:)`` for two inputs at once, in one loop: each
/// step of a binary search waits for the load before it, and two independent searches side by
/// side let the processor run one while the other waits. Each takes half of the scratch.
///
/// - Precondition: `a.count` and `b.count` are at most `scratch.capacity / 2`.
/// - Complexity: O((*a* + *b*) log(*a* + *b*)) time; no allocation.
@inlinable @inline(__always)
package func forEachInLongestIncreasingSubsequences(
    _ a: UnsafeBufferPointer<Int>, _ b: UnsafeBufferPointer<Int>,
    _ scratch: PatienceScratch,
    _ keepA: (Int) -> Void, _ keepB: (Int) -> Void
) {
    let half = scratch.capacity / 2
    precondition(a.count <= half && b.count <= half, "patience sort: more values than scratch")
    let runA = scratch.run(at: 0), runB = scratch.run(at: half)
    var countA = 0, countB = 0
    let both = min(a.count, b.count)
    for n in 0..<both {
        runA.place(a[n], at: n, count: &countA)
        runB.place(b[n], at: n, count: &countB)
    }
    for n in both..<a.count { runA.place(a[n], at: n, count: &countA) }
    for n in both..<b.count { runB.place(b[n], at: n, count: &countB) }
    runA.walk(count: countA, total: a.count, keepA)
    runB.walk(count: countB, total: b.count, keepB)
}

/// One patience sort's arrays, as pointers (see the invariant above).
@usableFromInline
package struct PatienceRun {
    @usableFromInline package let tails: UnsafeMutablePointer<Int>
    @usableFromInline package let tailValues: UnsafeMutablePointer<Int>
    @usableFromInline package let previous: UnsafeMutablePointer<Int>

    @inlinable
    package init(
        tails: UnsafeMutablePointer<Int>, tailValues: UnsafeMutablePointer<Int>, previous: UnsafeMutablePointer<Int>
    ) {
        self.tails = tails
        self.tailValues = tailValues
        self.previous = previous
    }

    /// Calls `keep(n)` for the index of every member of the run of length `count`, last first,
    /// among `total` values placed. When the run takes every value (the values were increasing,
    /// as in most sections of most diffs), it counts down instead of following `previous`, a chain
    /// of loads each waiting for the one before (a third of `lis` on `section-shuffle` 100k).
    @inlinable
    package func walk(count: Int, total: Int, _ keep: (Int) -> Void) {
        guard count < total else {
            var n = total &- 1
            while n >= 0 {
                keep(n)
                n &-= 1
            }
            return
        }
        guard count > 0 else { return }
        var n = tails[count - 1]
        while n >= 0 {
            keep(n)
            n = previous[n]
        }
    }

    /// Places value `x`, the `n`-th, among the `count` tails.
    @inlinable @inline(__always)
    package func place(_ x: Int, at n: Int, count: inout Int) {
        var lo = count
        if lo > 0 && tailValues[lo &- 1] >= x {
            // The first tail value >= x, in 0..<count (the last one qualifies).
            var base = 0, length = count
            while length > 1 {
                let half = length >> 1
                // The sign of a wrapping difference, not `<`: the optimizer turns any comparison
                // here back into a branch. Exact while values differ by less than 2^63.
                let below = Int(bitPattern: UInt(bitPattern: tailValues[base &+ half &- 1] &- x) &>> 63)
                base &+= half & (0 &- below)
                length &-= half
            }
            lo = base
        }
        previous[n] = lo > 0 ? tails[lo &- 1] : -1
        tails[lo] = n
        tailValues[lo] = x
        if lo == count { count &+= 1 }
    }
}
