// SPDX-License-Identifier: Apache-2.0
/// Names made into file names: a report's charts, the case files `bench verify` saves.
package enum FileName {
    /// A file-name-safe form of a scenario label: `mixed-string-ids`.
    ///
    /// - Complexity: O(*n*) in the text's length.
    package static func slug(_ text: String) -> String {
        var out = ""
        for c in text.lowercased().unicodeScalars {
            let ascii = c.isASCII && (("a"..."z").contains(c) || ("0"..."9").contains(c))
            if ascii { out.unicodeScalars.append(c) } else if !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.isEmpty { out = "scenario" }
        // No name makes a file name longer than 64 bytes: a readable prefix and a hash of the whole.
        return out.count <= 64 ? out : String(out.prefix(55)) + "-" + shortHash(text)
    }

    /// A chart's file stem for `name`: ``slug(_:)``, with a short hash of the name unless the name
    /// is its own slug, so that `mixed` and `Mixed!` (or `My list` and `my-list`) never share a file.
    ///
    /// - Complexity: O(*n*) in the name's length.
    package static func stem(_ name: String) -> String {
        let plain = slug(name)
        return plain == name ? plain : String(plain.prefix(55)) + "-" + shortHash(name)
    }

    /// Eight hex digits of the FNV-1a hash of `text`'s UTF-8: the same on every machine and run.
    ///
    /// - Complexity: O(*n*) in the text's length.
    static func shortHash(_ text: String) -> String {
        var h: UInt32 = 2_166_136_261
        for byte in text.utf8 { h = (h ^ UInt32(byte)) &* 16_777_619 }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
