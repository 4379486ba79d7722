// SPDX-License-Identifier: Apache-2.0
/// Human-readable numbers for tables and progress lines (CSV files keep canonical units).
package enum Format {
    /// `n` and the noun, singular for one: `1 case`, `2 cases` (plural: the noun plus `s` unless given).
    ///
    /// - Complexity: O(1).
    package static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }

    /// `1k`, `10k`, `1M`, `250`: a size as tables and charts print it (``size(_:)`` reads it).
    ///
    /// - Complexity: O(1).
    package static func sizeLabel(_ n: Int) -> String {
        if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
        if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
        return String(n)
    }

    /// A size as people write it: `1000`, `1_000`, `10k`, `1.5M` (k is 1,000, M 1,000,000); nil
    /// for anything else or a fraction of an item.
    ///
    /// - Complexity: O(*k*) for *k* characters.
    package static func size(_ text: String) -> Int? {
        var body = text.filter { $0 != "_" }
        var scale = 1.0
        if let last = body.last, "kKmM".contains(last) {
            scale = "kK".contains(last) ? 1e3 : 1e6
            body.removeLast()
        }
        if scale == 1 { return Int(body) }
        guard let value = Double(body), value.isFinite, value >= 0 else { return nil }
        let items = value * scale
        guard items == items.rounded(), items <= Double(Int.max / 2) else { return nil }
        return Int(items)
    }

    /// `12.3%`.
    package static func percent(_ share: Double) -> String { fixed(share * 100, 1) + "%" }

    /// A value with `digits` decimals, rounded.
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 {
                text = String(text[..<dot])
            } else if decimals < digits {
                text += String(repeating: "0", count: digits - decimals)
            }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    /// Nanoseconds as `812 ns`, `3.41 µs`, `12.5 ms` or `1.20 s`.
    package static func nanoseconds(_ ns: Double) -> String {
        switch ns {
        case ..<1_000: return fixed(ns, 0) + " ns"
        case ..<1_000_000: return fixed(ns / 1e3, ns < 1e4 ? 2 : 1) + " µs"
        case ..<1_000_000_000: return fixed(ns / 1e6, ns < 1e7 ? 2 : 1) + " ms"
        default: return fixed(ns / 1e9, 2) + " s"
        }
    }

    /// An axis tick in nanoseconds, whole numbers in the largest unit at or below it: `1 µs`,
    /// `20 µs`, `500 ms`, `10 s` (one precision along an axis of decades, 2s and 5s).
    package static func tick(_ ns: Double) -> String {
        switch ns {
        case ..<1_000: return fixed(ns, 0) + " ns"
        case ..<1_000_000: return fixed(ns / 1e3, 0) + " µs"
        case ..<1_000_000_000: return fixed(ns / 1e6, 0) + " ms"
        default: return fixed(ns / 1e9, 0) + " s"
        }
    }

    /// A whole number (`453836`); beyond what `Int` holds, or not finite, in exponent form, so
    /// that an absurd figure in a results file prints instead of trapping.
    package static func whole(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let rounded = value.rounded()
        return abs(rounded) < 9e18 ? String(Int(rounded)) : String(rounded)
    }

    /// A budget or limit in seconds: `4 s`, `0.5 s`.
    package static func seconds(_ value: Double) -> String {
        (value == value.rounded() ? fixed(value, 0) : fixed(value, value < 10 ? 2 : 1)) + " s"
    }

    /// Seconds as `42s` or `3m05s`.
    package static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s < 60 ? "\(s)s" : "\(s / 60)m" + (s % 60 < 10 ? "0" : "") + "\(s % 60)s"
    }
}
