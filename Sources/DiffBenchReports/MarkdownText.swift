// SPDX-License-Identifier: Apache-2.0
import DiffBenchPlatform

/// Text that comes from an input file, a CSV or the machine, made inert in Markdown: it renders as
/// the same characters and cannot open an HTML tag, add a table column or row, or start a link or
/// emphasis.
enum MarkdownText {
    /// `text` escaped for a Markdown paragraph, heading or table cell (one line).
    ///
    /// Works on Unicode scalars, so a scalar that joins its neighbour into one grapheme cannot hide
    /// a `<` or a `|`. Line breaks become spaces.
    ///
    /// - Complexity: O(*n*) in the text's length.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let entity = SVGWriter.markupEntity(scalar) {
                out.append(contentsOf: entity.unicodeScalars)
                continue
            }
            switch scalar {
            case "\n", "\r", "\u{2028}", "\u{2029}": out.append(" ")
            case "\\", "|", "`", "*", "_", "[", "]", "#", "!", "~":
                out.append("\\")
                out.append(scalar)
            default:
                out.append(Terminal.isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(out)
    }
}
