// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchPlatform

/// Text from an input never drives the terminal: every C0 and C1 control character and DEL
/// become U+FFFD, as the reports show them; a message keeps its line breaks.
@Suite struct TerminalTests {
    @Test func controlCharactersBecomeReplacementCharacters() {
        let name = "a\u{1B}]0;title\u{07}\u{1B}[2Jb\u{9B}31m\u{7F}c\td\ne"
        let shown = Terminal.printable(name)
        #expect(shown == "a\u{FFFD}]0;title\u{FFFD}\u{FFFD}[2Jb\u{FFFD}31m\u{FFFD}c\u{FFFD}d\u{FFFD}e")
        #expect(Terminal.printable(name, lines: true).hasSuffix("d\ne"))
        #expect(!shown.unicodeScalars.contains { Terminal.isControl($0) })
        // Printable text, accents and emoji included, is left alone.
        #expect(Terminal.printable("héllo ≈ fastest 🙂 ±1.0%") == "héllo ≈ fastest 🙂 ±1.0%")
        #expect(Terminal.isControl("\u{00}") && Terminal.isControl("\u{9F}") && !Terminal.isControl("\u{A0}"))
    }
}
