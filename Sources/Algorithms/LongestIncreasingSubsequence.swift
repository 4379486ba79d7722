/// Calls `keep(n)` for every index `n` of one longest strictly increasing subsequence of
/// `values`, reusing the caller's scratch arrays (a differ runs this once per section).
///
/// Patience sorting with back pointers. Invariant of the loop: `tails[k]` is the index of the
/// smallest value that ends an increasing run of length k + 1 among the values seen so far, so
/// `values[tails[0]] < values[tails[1]] < ...` and a binary search finds where each value goes.
///
/// - Complexity: O(*n* log *n*) time; no allocation once the scratch arrays are large enough.
@inlinable
func forEachInLongestIncreasingSubsequence(_ values: [Int], tails: inout [Int], previous: inout [Int],
                                          _ keep: (Int) -> Void) {
    guard !values.isEmpty else { return }
    tails.removeAll(keepingCapacity: true)
    if previous.count < values.count { previous = [Int](repeating: -1, count: values.count) }
    values.withUnsafeBufferPointer { v in
        previous.withUnsafeMutableBufferPointer { previous in
            for n in v.indices {
                var lo = 0, hi = tails.count
                while lo < hi {
                    let mid = (lo &+ hi) >> 1
                    if v[tails[mid]] < v[n] { lo = mid &+ 1 } else { hi = mid }
                }
                previous[n] = lo > 0 ? tails[lo &- 1] : -1
                if lo == tails.count { tails.append(n) } else { tails[lo] = n }
            }
        }
    }
    var n = tails[tails.count - 1]
    while n >= 0 {
        keep(n)
        n = previous[n]
    }
}
