/// Calls `keep(n)` for every index `n` of one longest strictly increasing subsequence of
/// `values`, reusing the caller's scratch arrays (a differ runs this once per section). The
/// values are indices: any two differ by less than 2^63.
///
/// Patience sorting with back pointers. Invariant of the loop: for k below `count`, `tails[k]` is
/// the index of the smallest value that ends an increasing run of length k + 1 among the values
/// seen so far, and `tailValues[k]` that value, so `tailValues` is strictly increasing and a
/// binary search finds where each value goes. The search is branch-free (a conditional move per halving): on
/// shuffled input a branching search mispredicts about every other step. A value above every
/// tail, the common case in a list that mostly keeps its order, skips the search.
///
/// - Complexity: O(*n* log *n*) time; no allocation once the scratch arrays are large enough.
@inlinable
func forEachInLongestIncreasingSubsequence(_ values: [Int], tails: inout [Int], tailValues: inout [Int],
                                          previous: inout [Int], _ keep: (Int) -> Void) {
    values.withUnsafeBufferPointer { values in
        forEachInLongestIncreasingSubsequence(values, tails: &tails, tailValues: &tailValues, previous: &previous, keep)
    }
}

/// ``forEachInLongestIncreasingSubsequence(_:tails:tailValues:previous:_:)`` over a buffer: the
/// scratch arrays are grown once to the input's size, then written through pointers (an
/// `append` per value checked uniqueness each time, a tenth of a diff's time on shuffled rows).
///
/// - Complexity: O(*n* log *n*) time.
@inlinable
func forEachInLongestIncreasingSubsequence(_ v: UnsafeBufferPointer<Int>, tails: inout [Int], tailValues: inout [Int],
                                          previous: inout [Int], _ keep: (Int) -> Void) {
    guard !v.isEmpty else { return }
    if tails.count < v.count { tails = [Int](repeating: 0, count: v.count) }
    if tailValues.count < v.count { tailValues = [Int](repeating: 0, count: v.count) }
    if previous.count < v.count { previous = [Int](repeating: -1, count: v.count) }
    var count = 0
    tails.withUnsafeMutableBufferPointer { tails in
        tailValues.withUnsafeMutableBufferPointer { tailValues in
            previous.withUnsafeMutableBufferPointer { previous in
                let run = PatienceRun(tails: tails.baseAddress!, tailValues: tailValues.baseAddress!,
                                      previous: previous.baseAddress!)
                for n in v.indices { run.place(v[n], at: n, count: &count) }
                run.walk(count: count, keep)
            }
        }
    }
}

/// ``forEachInLongestIncreasingSubsequence(_:tails:tailValues:previous:_:)`` for two inputs
/// at once, in one loop: each step of a binary search waits for the load before it, and two
/// independent searches side by side let the processor run one while the other waits. The
/// scratch arrays are split in halves, one per input.
///
/// - Complexity: O((*a* + *b*) log(*a* + *b*)) time.
@inlinable
func forEachInLongestIncreasingSubsequences(_ a: UnsafeBufferPointer<Int>, _ b: UnsafeBufferPointer<Int>,
                                            tails: inout [Int], tailValues: inout [Int], previous: inout [Int],
                                            _ keepA: (Int) -> Void, _ keepB: (Int) -> Void) {
    let half = max(a.count, b.count)
    if tails.count < 2 * half { tails = [Int](repeating: 0, count: 2 * half) }
    if tailValues.count < 2 * half { tailValues = [Int](repeating: 0, count: 2 * half) }
    if previous.count < 2 * half { previous = [Int](repeating: -1, count: 2 * half) }
    var countA = 0, countB = 0
    tails.withUnsafeMutableBufferPointer { tails in
        tailValues.withUnsafeMutableBufferPointer { tailValues in
            previous.withUnsafeMutableBufferPointer { previous in
                let runA = PatienceRun(tails: tails.baseAddress!, tailValues: tailValues.baseAddress!,
                                       previous: previous.baseAddress!)
                let runB = PatienceRun(tails: tails.baseAddress! + half, tailValues: tailValues.baseAddress! + half,
                                       previous: previous.baseAddress! + half)
                let both = min(a.count, b.count)
                for n in 0..<both {
                    runA.place(a[n], at: n, count: &countA)
                    runB.place(b[n], at: n, count: &countB)
                }
                for n in both..<a.count { runA.place(a[n], at: n, count: &countA) }
                for n in both..<b.count { runB.place(b[n], at: n, count: &countB) }
                runA.walk(count: countA, keepA)
                runB.walk(count: countB, keepB)
            }
        }
    }
}

/// One patience sort's scratch, as pointers (see the invariant above).
@usableFromInline
struct PatienceRun {
    @usableFromInline let tails: UnsafeMutablePointer<Int>
    @usableFromInline let tailValues: UnsafeMutablePointer<Int>
    @usableFromInline let previous: UnsafeMutablePointer<Int>

    @inlinable
    init(tails: UnsafeMutablePointer<Int>, tailValues: UnsafeMutablePointer<Int>, previous: UnsafeMutablePointer<Int>) {
        self.tails = tails
        self.tailValues = tailValues
        self.previous = previous
    }

    /// Calls `keep(n)` for the index of every member of the run of length `count`, last first.
    @inlinable
    func walk(count: Int, _ keep: (Int) -> Void) {
        guard count > 0 else { return }
        var n = tails[count - 1]
        while n >= 0 {
            keep(n)
            n = previous[n]
        }
    }

    /// Places value `x`, the `n`-th, among the `count` tails.
    @inlinable @inline(__always)
    func place(_ x: Int, at n: Int, count: inout Int) {
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
