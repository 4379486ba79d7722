// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats
import DiffBenchFormat

/// A plot area with a logarithmic or linear axis on each side, ticks and grid lines: what every
/// report chart draws its data into.
struct ChartFrame {
    /// One axis: the data range it shows and how values are labelled.
    struct Axis {
        var low: Double, high: Double
        var log: Bool
        var label: (Double) -> String

        /// A log axis from the decade at or below `low` to the one at or above `high`.
        /// Values are clamped to 1e-9...1e300, so that absurd figures in a results file (1.8e308)
        /// still give a finite axis.
        static func decades(_ low: Double, _ high: Double, label: @escaping (Double) -> String) -> Axis {
            let low = clamped(low), high = clamped(high)
            let lo = pow(10, floor(log10(low))), hi = pow(10, ceil(log10(max(high, low * 1.0001))))
            return Axis(low: lo, high: hi == lo ? lo * 10 : hi, log: true, label: label)
        }

        /// A linear axis from 0 to a round number at or above `high`, ticks at round steps.
        static func linear(upTo high: Double, label: @escaping (Double) -> String) -> Axis {
            let high = clamped(high)
            let raw = high / 4
            let magnitude = pow(10, floor(log10(raw)))
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw }!
            return Axis(low: 0, high: (high / step).rounded(.up) * step, log: false, label: label, step: step)
        }

        /// `value` within 1e-9...1e300 (a non-finite value becomes the nearer bound).
        static func clamped(_ value: Double) -> Double {
            value.isNaN ? 1e-9 : min(max(value, 1e-9), 1e300)
        }

        /// The tick step of a linear axis (`nil`: five even steps).
        var step: Double? = nil

        /// Position of `value` in 0...1.
        func unit(_ value: Double) -> Double {
            if log { return (log10(max(value, low)) - log10(low)) / (log10(high) - log10(low)) }
            return (value - low) / max(high - low, 1e-12)
        }

        /// Tick values: every decade (and 2 and 5 within when there are few decades), or five
        /// even steps on a linear axis.
        var ticks: [Double] {
            guard log else {
                guard let step else { return (0...4).map { low + (high - low) * Double($0) / 4 } }
                return stride(from: low, through: high + step / 2, by: step).map { $0 }
            }
            var result: [Double] = []
            var decade = low
            let few = log10(high / low) <= 2
            // At most 400 decades fit in the clamped range: the loop always ends.
            while decade <= high * 1.0001 && result.count < 1_200 {
                result.append(decade)
                if few { for m in [2.0, 5.0] where decade * m < high { result.append(decade * m) } }
                decade *= 10
            }
            return result
        }
    }

    let left: Double, top: Double, width: Double, height: Double
    let x: Axis, y: Axis

    func px(_ value: Double) -> Double { left + x.unit(value) * width }
    func py(_ value: Double) -> Double { top + height - y.unit(value) * height }

    /// Grid, ticks, tick labels and axis titles; tick labels that would overlap are thinned
    /// (``thinned(_:at:extent:)``), their grid lines kept.
    func draw(into svg: inout SVGWriter, xTitle: String, yTitle: String, xTicks: [Double]? = nil) {
        let yTicks = y.ticks
        let yLabelled = Set(ChartFrame.thinned(yTicks.map { (py($0), 13.0) }))
        for (k, t) in yTicks.enumerated() {
            svg.line(left, py(t), left + width, py(t), stroke: "grid")
            if yLabelled.contains(k) {
                svg.text(left - 6, py(t) + 4, y.label(t), anchor: "end", size: 11, fill: "muted")
            }
        }
        let xs = xTicks ?? x.ticks
        let xLabelled = Set(ChartFrame.thinned(xs.map { (px($0), ChartFrame.textWidth(x.label($0), size: 11)) }))
        for (k, t) in xs.enumerated() {
            svg.line(px(t), top, px(t), top + height, stroke: "grid")
            if xLabelled.contains(k) {
                svg.text(px(t), top + height + 16, x.label(t), anchor: "middle", size: 11, fill: "muted")
            }
        }
        svg.line(left, top + height, left + width, top + height)
        svg.line(left, top, left, top + height)
        svg.text(left + width / 2, top + height + 34, xTitle, anchor: "middle", size: 12, fill: "muted")
        svg.text(left - 58, top + height / 2, yTitle, anchor: "middle", size: 12, fill: "muted", rotate: -90)
    }

    /// The indices of the labels to draw, of labels centred at `position` and `extent` wide (or
    /// high) along an axis, so that no two overlap ("0.49x" on "0.50x"): each kept label at least
    /// 4 px clear of every other kept one. Greedily from the lowest position, or, with `priority`,
    /// in the order given (the first labels matter most).
    ///
    /// - Complexity: O(*n*²) for *n* labels.
    static func thinned(_ labels: [(position: Double, extent: Double)], priority: Bool = false) -> [Int] {
        var kept: [Int] = []
        let order =
            priority
            ? Array(labels.indices)
            : labels.indices.sorted { labels[$0].position < labels[$1].position }
        for k in order {
            let clear = kept.allSatisfy { j in
                abs(labels[k].position - labels[j].position) >= (labels[k].extent + labels[j].extent) / 2 + 4
            }
            if clear { kept.append(k) }
        }
        return kept.sorted()
    }

    /// The width of `text` at font `size`, as the charts' sans-serif font sets it: about 0.6 of
    /// the size per character (digits and lower case), a little more for capitals and wide marks.
    static func textWidth(_ text: String, size: Double) -> Double {
        text.reduce(0) { width, c in
            width + size * (c.isUppercase || "mwMW%".contains(c) ? 0.75 : c == "." || c == "," ? 0.3 : 0.6)
        }
    }

    /// The dash pattern of the `index`-th series: solid, dashed, dotted, dash-dot, in turn.
    static func dash(_ index: Int) -> String? { [nil, "7 4", "2 3", "8 3 2 3"][index % 4] }

    /// The colour of `algorithm`: by its place among `algorithms`, the differs a report draws
    /// (its baselines left out), so an algorithm has the same colour in every chart of a report.
    static func colour(of algorithm: String, in algorithms: [String]) -> String {
        colour(algorithms.firstIndex(of: algorithm) ?? 0)
    }

    /// The colour of the `index`-th algorithm: the Okabe-Ito palette (readable for colour-blind
    /// readers and on light and dark cards), without its yellow.
    static func colour(_ index: Int) -> String {
        let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7F7F7F", "#882255"]
        return palette[index % palette.count]
    }

    /// Sizes as `1k`, `10k`, `1M`.
    static func size(_ n: Double) -> String {
        switch n {
        case 1_000_000...:
            return Format.fixed(
                n / 1_000_000,
                n.truncatingRemainder(dividingBy: 1_000_000) == 0 ? 0 : 1
            ) + "M"
        case 1_000...: return Format.fixed(n / 1_000, n.truncatingRemainder(dividingBy: 1_000) == 0 ? 0 : 1) + "k"
        default: return Format.fixed(n, 0)
        }
    }
}
