// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How time grows with size: the slope *k* of a least-squares line through (log *n*, log *t*),
/// so that *t* ≈ *c* · *n*^*k*. With the three sizes of the default suite it is a guide, not a
/// proof: a constant start-up cost pulls *k* below the asymptotic exponent.
package struct ScalingFit: Sendable, Equatable {
    /// The fitted exponent *k*.
    package var exponent: Double
    /// *c* in *t* ≈ *c* · *n*^*k*.
    package var coefficient: Double
    /// Points the fit used.
    package var points: Int

    /// Fits `points` (size, time); `nil` unless there are two distinct positive sizes.
    ///
    /// - Complexity: O(*p*) for *p* points.
    package static func fit(_ points: [(size: Double, time: Double)]) -> ScalingFit? {
        let logs = points.filter { $0.size > 0 && $0.time > 0 }.map { (x: log($0.size), y: log($0.time)) }
        guard logs.count >= 2 else { return nil }
        let mx = logs.map(\.x).reduce(0, +) / Double(logs.count)
        let my = logs.map(\.y).reduce(0, +) / Double(logs.count)
        let sxx = logs.reduce(0) { $0 + ($1.x - mx) * ($1.x - mx) }
        guard sxx > 0 else { return nil }
        let sxy = logs.reduce(0) { $0 + ($1.x - mx) * ($1.y - my) }
        let k = sxy / sxx
        return ScalingFit(exponent: k, coefficient: exp(my - k * mx), points: logs.count)
    }
}
