// SPDX-License-Identifier: Apache-2.0
/// Ratios of two series timed side by side, round by round: the `i`-th value of each came from
/// the same round of one process, so a slow phase of the machine that lands on a round lands on
/// both, and their ratio cancels it.
public enum PairedRatio {
    /// The ratios `a[i] / b[i]` over the rounds both series reached (the shorter's count), with
    /// their median and its 95% interval; `nil` when fewer than `minimum` rounds pair up or a
    /// value of `b` is not positive.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rounds.
    public static func summary(_ a: [Double], over b: [Double], minimum: Int = 6) -> Summary? {
        let n = Swift.min(a.count, b.count)
        guard n >= Swift.max(minimum, 1) else { return nil }
        var ratios: [Double] = []
        ratios.reserveCapacity(n)
        for i in 0..<n {
            guard b[i] > 0, a[i].isFinite else { return nil }
            ratios.append(a[i] / b[i])
        }
        return Summary(ratios)
    }
}
