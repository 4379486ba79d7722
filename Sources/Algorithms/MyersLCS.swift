/// Eugene Myers' O((N+M)D) greedy algorithm (1986) with the linear-space refinement: a
/// bidirectional search finds a point on an optimal path, and the two halves are solved in
/// turn, so memory stays O(N+M) however large D grows.
///
/// Works on dense integer symbols and reports the matched (kept) pairs of a longest common
/// subsequence.
@usableFromInline
enum MyersLCS {
    /// Calls `match(i, j)` for every kept pair (`a[i] == b[j]`), in no particular order.
    ///
    /// - Complexity: O((*n* + *m*) *D*) time, O(*n* + *m*) memory; expected O(*n* + *m* + *D*²).
    @inlinable
    static func matches(_ a: [Int], _ b: [Int], _ match: (Int, Int) -> Void) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let size = 2 * ((a.count + b.count + 1) / 2) + 2
                var forward = [Int](repeating: -1, count: size), backward = forward
                forward.withUnsafeMutableBufferPointer { v1 in
                    backward.withUnsafeMutableBufferPointer { v2 in
                        // An explicit stack of subproblems: the split depth can reach D.
                        var stack: [(Int, Int, Int, Int)] = [(0, a.count, 0, b.count)]
                        while let (aLo0, aHi0, bLo0, bHi0) = stack.popLast() {
                            var aLo = aLo0, aHi = aHi0, bLo = bLo0, bHi = bHi0
                            while aLo < aHi && bLo < bHi && a[aLo] == b[bLo] { match(aLo, bLo); aLo += 1; bLo += 1 }
                            while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] { aHi -= 1; bHi -= 1; match(aHi, bHi) }
                            guard aLo < aHi && bLo < bHi else { continue }
                            guard let (x, y) = split(a, aLo, aHi, b, bLo, bHi, v1, v2) else { continue }
                            stack.append((x, aHi, y, bHi))
                            stack.append((aLo, x, bLo, y))
                        }
                    }
                }
            }
        }
    }

    /// The middle of an optimal edit path of `a[aLo..<aHi]` and `b[bLo..<bHi]` (absolute
    /// indices), found by searching from both ends until the paths overlap; `nil` when the
    /// two share nothing.
    @inlinable
    static func split(_ a: UnsafeBufferPointer<Int>, _ aLo: Int, _ aHi: Int,
                              _ b: UnsafeBufferPointer<Int>, _ bLo: Int, _ bHi: Int,
                              _ v1: UnsafeMutableBufferPointer<Int>, _ v2: UnsafeMutableBufferPointer<Int>) -> (Int, Int)? {
        let n = aHi - aLo, m = bHi - bLo
        let maxD = (n + m + 1) / 2
        let offset = maxD, length = 2 * maxD + 2
        for k in 0..<length { v1[k] = -1; v2[k] = -1 }
        v1[offset + 1] = 0
        v2[offset + 1] = 0
        let delta = n - m
        let front = delta & 1 != 0
        var k1start = 0, k1end = 0, k2start = 0, k2end = 0
        for d in 0..<maxD {
            var k1 = -d + k1start
            while k1 <= d - k1end {
                let k1Offset = offset + k1
                var x1 = (k1 == -d || (k1 != d && v1[k1Offset - 1] < v1[k1Offset + 1])) ? v1[k1Offset + 1] : v1[k1Offset - 1] + 1
                var y1 = x1 - k1
                while x1 < n && y1 < m && a[aLo + x1] == b[bLo + y1] { x1 += 1; y1 += 1 }
                v1[k1Offset] = x1
                if x1 > n {
                    k1end += 2
                } else if y1 > m {
                    k1start += 2
                } else if front {
                    let k2Offset = offset + delta - k1
                    if k2Offset >= 0 && k2Offset < length && v2[k2Offset] != -1 && x1 >= n - v2[k2Offset] {
                        return (aLo + x1, bLo + y1)
                    }
                }
                k1 += 2
            }
            var k2 = -d + k2start
            while k2 <= d - k2end {
                let k2Offset = offset + k2
                var x2 = (k2 == -d || (k2 != d && v2[k2Offset - 1] < v2[k2Offset + 1])) ? v2[k2Offset + 1] : v2[k2Offset - 1] + 1
                var y2 = x2 - k2
                while x2 < n && y2 < m && a[aHi - 1 - x2] == b[bHi - 1 - y2] { x2 += 1; y2 += 1 }
                v2[k2Offset] = x2
                if x2 > n {
                    k2end += 2
                } else if y2 > m {
                    k2start += 2
                } else if !front {
                    let k1Offset = offset + delta - k2
                    if k1Offset >= 0 && k1Offset < length && v1[k1Offset] != -1 {
                        let x1 = v1[k1Offset]
                        let y1 = offset + x1 - k1Offset
                        if x1 >= n - x2 { return (aLo + x1, bLo + y1) }
                    }
                }
                k2 += 2
            }
        }
        return nil
    }
}
