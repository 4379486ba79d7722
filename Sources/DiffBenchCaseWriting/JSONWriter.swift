// SPDX-License-Identifier: Apache-2.0
/// Appends JSON text to a byte buffer; the caller lays out the structure.
package struct JSONWriter: Sendable {
    /// The text so far, UTF-8.
    package private(set) var bytes: [UInt8] = []

    /// An empty buffer.
    package init() {}

    /// Appends `text` as it is (structure: braces, commas, keys already quoted).
    package mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends an integer.
    package mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// Appends a JSON string literal, escaping quotes, backslashes and control characters.
    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an array of integers.
    package mutating func ints(_ values: [Int]) {
        raw("[")
        for (n, v) in values.enumerated() { if n > 0 { raw(", ") }; int(v) }
        raw("]")
    }
}
