// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DiffBenchCProbes

/// The terminal and the standard streams, and what makes text from an input safe to show on them.
package enum Terminal {
    /// Whether descriptor `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Writes `text` to standard error at once (unbuffered).
    package static func writeError(_ text: String) { dbp_stderr(text) }

    /// Writes `text` to standard output now (through a descriptor, so that a full or closed
    /// output is reported, not lost).
    package static func writeOutput(_ text: String) throws(SystemError) {
        try Files.write(1, Array(text.utf8))
    }

    /// Whether `scalar` is a control character: C0 (U+0000-U+001F, ESC and BEL among them), DEL
    /// (U+007F) or C1 (U+0080-U+009F, CSI among them). A terminal acts on them (a title set, the
    /// screen cleared, the cursor moved) instead of showing them.
    ///
    /// - Complexity: O(1).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` made inert for a terminal: every control character becomes U+FFFD (�), as the
    /// reports show it, except a line break when `lines` (a whole message of several lines; a
    /// name or a table cell is one line). The one function every table, progress line and
    /// message that can hold a name goes through: a case name holding ESC and BEL once set the
    /// window title and cleared the screen from `bench run`, `merge` and `compare`.
    ///
    /// - Complexity: O(*n*) in the text's length; no copy when nothing is a control character.
    package static func printable(_ text: String, lines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(lines && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isControl(scalar) && !(lines && scalar == "\n") ? "\u{FFFD}" : scalar)
        }
        return String(out)
    }
}
