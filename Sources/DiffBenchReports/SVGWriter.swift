// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchPlatform

/// A small SVG writer for the report's charts: self-contained (no scripts, fonts or external
/// files), valid XML, readable in light and dark themes (a light card by default, a dark one when
/// the viewer prefers a dark colour scheme).
package struct SVGWriter: Sendable {
    /// Width and height in pixels.
    package let width: Double, height: Double
    private var body: [String] = []

    /// Starts a drawing with an accessible `title`.
    package init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        body.append("<title>\(SVGWriter.escape(title))</title>")
        body.append(#"<rect class="card" x="0" y="0" width="\#(n(width))" height="\#(n(height))" rx="6"/>"#)
    }

    /// The entity for a scalar that opens or closes markup (`<`, `>`, `&`), in HTML, XML and
    /// Markdown alike, or `nil`: what every escaping function of the reports shares.
    ///
    /// - Complexity: O(1).
    static func markupEntity(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "&": return "&amp;"
        default: return nil
        }
    }

    /// `text` with `<`, `>`, `&` and both quotes escaped, for element text and attributes.
    ///
    /// Works on Unicode scalars, not characters: a scalar that joins the next one into one grapheme
    /// (U+0600 before `<`, a combining mark after it) must not carry a `<` through. Control characters
    /// XML 1.0 does not allow become U+FFFD.
    package static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let entity = markupEntity(scalar) {
                out.append(contentsOf: entity.unicodeScalars)
                continue
            }
            switch scalar {
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&apos;".unicodeScalars)
            case "\t", "\n", "\r": out.append(scalar)
            default:
                let v = scalar.value
                out.append(Terminal.isControl(scalar) || v == 0xFFFE || v == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return String(out)
    }

    /// A line; `dashed` for reference lines, or a `dash` pattern of its own (a legend's sample).
    package mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
        stroke: String = "axis", width: Double = 1, dashed: Bool = false, dash: String? = nil
    ) {
        let pattern = dash ?? (dashed ? "4 3" : nil)
        body.append(
            #"<line x1="\#(n(x1))" y1="\#(n(y1))" x2="\#(n(x2))" y2="\#(n(y2))" "# + paint(stroke: stroke)
                + #" stroke-width="\#(n(width))""# + (pattern.map { #" stroke-dasharray="\#($0)""# } ?? "") + "/>")
    }

    /// A polyline through `points`; `dash` a stroke-dasharray (`"6 3"`), so that lines that
    /// coincide stay visible.
    package mutating func polyline(
        _ points: [(Double, Double)], stroke: String, width: Double = 2,
        dash: String? = nil
    ) {
        guard points.count > 1 else { return }
        let list = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        body.append(
            #"<polyline points="\#(list)" fill="none" "# + paint(stroke: stroke)
                + #" stroke-width="\#(n(width))""# + (dash.map { #" stroke-dasharray="\#($0)""# } ?? "") + "/>")
    }

    /// A marker of one of four shapes (circle, square, triangle, diamond) centred on (x, y): one
    /// shape per series, so that points that coincide are told apart without colour.
    package mutating func marker(_ x: Double, _ y: Double, shape: Int, size: Double, fill: String) {
        switch shape % 4 {
        case 0: circle(x, y, radius: size, fill: fill)
        case 1: rect(x - size, y - size, 2 * size, 2 * size, fill: fill)
        case 2:
            let points =
                "\(n(x)),\(n(y - size * 1.2)) \(n(x - size * 1.1)),\(n(y + size * 0.8)) "
                + "\(n(x + size * 1.1)),\(n(y + size * 0.8))"
            body.append(#"<polygon points="\#(points)" "# + paint(fill: fill) + "/>")
        default:
            let points =
                "\(n(x)),\(n(y - size * 1.3)) \(n(x + size * 1.3)),\(n(y)) \(n(x)),\(n(y + size * 1.3)) "
                + "\(n(x - size * 1.3)),\(n(y))"
            body.append(#"<polygon points="\#(points)" "# + paint(fill: fill) + "/>")
        }
    }

    /// A filled circle.
    package mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: String) {
        body.append(#"<circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" "# + paint(fill: fill) + "/>")
    }

    /// A hollow circle: an unfinished point (a timeout, at the time it reached).
    package mutating func ring(_ x: Double, _ y: Double, radius: Double, stroke: String) {
        body.append(
            #"<circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" fill="none" "# + paint(stroke: stroke)
                + #" stroke-width="2"/>"#)
    }

    /// A filled rectangle.
    package mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, opacity: Double = 1) {
        body.append(
            #"<rect x="\#(n(x))" y="\#(n(y))" width="\#(n(max(w, 0)))" height="\#(n(max(h, 0)))" "#
                + paint(fill: fill) + (opacity < 1 ? #" fill-opacity="\#(n(opacity))""# : "") + "/>")
    }

    /// Text at (`x`, `y`); `anchor` is start, middle or end; `rotate` turns it about its anchor.
    package mutating func text(
        _ x: Double, _ y: Double, _ string: String, anchor: String = "start",
        size: Double = 12, fill: String = "ink", bold: Bool = false, rotate: Double = 0
    ) {
        var attributes =
            #"x="\#(n(x))" y="\#(n(y))" font-size="\#(n(size))" text-anchor="\#(anchor)" "#
            + paint(fill: fill)
        if bold { attributes += #" font-weight="bold""# }
        if rotate != 0 { attributes += #" transform="rotate(\#(n(rotate)) \#(n(x)) \#(n(y)))""# }
        body.append("<text \(attributes)>\(SVGWriter.escape(string))</text>")
    }

    /// The document.
    package func render() -> String {
        let style = """
            <style>
            text { font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; }
            .card { fill: #ffffff; } .ink { fill: #1f2328; } .muted { fill: #59636e; }
            .axis { stroke: #59636e; } .grid { stroke: #d1d9e0; } .ink-stroke { stroke: #1f2328; }
            @media (prefers-color-scheme: dark) {
              .card { fill: #0d1117; } .ink { fill: #e6edf3; } .muted { fill: #9198a1; }
              .axis { stroke: #9198a1; } .grid { stroke: #30363d; } .ink-stroke { stroke: #e6edf3; }
            }
            </style>
            """
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" "#
            + #"viewBox="0 0 \#(n(width)) \#(n(height))" role="img">"# + "\n"
            + style + "\n" + body.joined(separator: "\n") + "\n</svg>\n"
    }

    /// A colour is either a theme class (`ink`, `muted`, `axis`, `grid`) or a literal `#rrggbb`.
    private func paint(stroke: String) -> String {
        stroke.hasPrefix("#") ? #"stroke="\#(stroke)""# : #"class="\#(stroke == "ink" ? "ink-stroke" : stroke)""#
    }

    private func paint(fill: String) -> String {
        fill.hasPrefix("#") ? #"fill="\#(fill)""# : #"class="\#(fill)""#
    }

    private func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() && abs(rounded) < 9e18 ? String(Int(rounded)) : String(rounded)
    }
}
