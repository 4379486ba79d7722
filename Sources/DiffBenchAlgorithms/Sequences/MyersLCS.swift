// SPDX-License-Identifier: Apache-2.0
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
                            while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] {
                                aHi -= 1; bHi -= 1; match(aHi, bHi)
                            }
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
    ///
    /// The loops run on pointers with wrapping arithmetic: every index stays within the
    /// subproblem by construction, and the checked forms spent a third of the time here.
    @inlinable
    static func split(
        _ a: UnsafeBufferPointer<Int>, _ aLo: Int, _ aHi: Int,
        _ b: UnsafeBufferPointer<Int>, _ bLo: Int, _ bHi: Int,
        _ v1: UnsafeMutableBufferPointer<Int>, _ v2: UnsafeMutableBufferPointer<Int>
    ) -> (Int, Int)? {
        let n = aHi &- aLo, m = bHi &- bLo
        let maxD = (n &+ m &+ 1) / 2
        let offset = maxD, length = 2 &* maxD &+ 2
        v1.baseAddress!.update(repeating: -1, count: length)
        v2.baseAddress!.update(repeating: -1, count: length)
        // Forward paths read a and b from the front, backward paths from the back; x1 and x2
        // count elements consumed from each end.
        let aFront = a.baseAddress! + aLo, bFront = b.baseAddress! + bLo
        let aBack = a.baseAddress! + (aHi &- 1), bBack = b.baseAddress! + (bHi &- 1)
        // The furthest x reached on diagonal k (k = x - y) is forward[k], backward[k].
        let forward = v1.baseAddress! + offset, backward = v2.baseAddress! + offset
        forward[1] = 0
        backward[1] = 0
        let delta = n &- m
        let front = delta & 1 != 0
        var k1start = 0, k1end = 0, k2start = 0, k2end = 0
        for d in 0..<maxD {
            var k1 = k1start &- d
            while k1 <= d &- k1end {
                var x1 =
                    (k1 == -d || (k1 != d && forward[k1 &- 1] < forward[k1 &+ 1]))
                    ? forward[k1 &+ 1] : forward[k1 &- 1] &+ 1
                var y1 = x1 &- k1
                while x1 < n && y1 < m && aFront[x1] == bFront[y1] { x1 &+= 1; y1 &+= 1 }
                forward[k1] = x1
                if x1 > n {
                    k1end &+= 2
                } else if y1 > m {
                    k1start &+= 2
                } else if front {
                    let k2 = delta &- k1
                    if k2 >= -offset && k2 < length &- offset && backward[k2] != -1 && x1 >= n &- backward[k2] {
                        return (aLo &+ x1, bLo &+ y1)
                    }
                }
                k1 &+= 2
            }
            var k2 = k2start &- d
            while k2 <= d &- k2end {
                var x2 =
                    (k2 == -d || (k2 != d && backward[k2 &- 1] < backward[k2 &+ 1]))
                    ? backward[k2 &+ 1] : backward[k2 &- 1] &+ 1
                var y2 = x2 &- k2
                while x2 < n && y2 < m && (aBack - x2).pointee == (bBack - y2).pointee { x2 &+= 1; y2 &+= 1 }
                backward[k2] = x2
                if x2 > n {
                    k2end &+= 2
                } else if y2 > m {
                    k2start &+= 2
                } else if !front {
                    let k1 = delta &- k2
                    if k1 >= -offset && k1 < length &- offset && forward[k1] != -1 {
                        let x1 = forward[k1]
                        if x1 >= n &- x2 { return (aLo &+ x1, bLo &+ x1 &- k1) }
                    }
                }
                k2 &+= 2
            }
        }
        return nil
    }
}
