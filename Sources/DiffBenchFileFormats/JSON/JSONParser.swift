// SPDX-License-Identifier: Apache-2.0
/// A strict RFC 8259 JSON parser over UTF-8 bytes, reporting faults by line and column.
///
/// - Complexity: O(*n*) in the input size.
package struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    private let file: String
    /// Whether arrays under `old`, `new` and `after` are read straight into snapshots.
    var snapshots = false
    /// Where `bytes` begin in the file they were cut from (a trace's snapshot): faults name the
    /// file's line and column, not the slice's.
    private var origin = (line: 1, column: 1)

    /// Parses a whole document. With `snapshots`, an array under a member named `old`, `new` or
    /// `after` that has exactly the snapshot shape becomes ``JSONValue/snapshot(_:)`` without a
    /// tree of values (a million-item case otherwise builds millions of them).
    package static func parse(_ bytes: [UInt8], file: String, snapshots: Bool = false) throws(InputError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.snapshots = snapshots
        // A UTF-8 byte-order mark (EF BB BF) is not JSON, but editors write it: it is skipped.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { parser.position = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.fault("unexpected text after the JSON value") }
        return value
    }

    /// Parses one value cut from a larger file whose text begins at `origin`; an array of the
    /// snapshot shape is read straight into ``JSONValue/snapshot(_:)``.
    ///
    /// - Complexity: O(*n*) in the slice's size.
    static func parseSnapshot(_ bytes: [UInt8], file: String, origin: (line: Int, column: Int))
        throws(InputError) -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.origin = origin
        parser.skipSpace()
        let value: JSONValue
        if let snapshot = try parser.directSnapshot() {
            value = .snapshot(snapshot)
        } else {
            value = try parser.value(depth: 1)
        }
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.fault("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func fault(_ message: String) -> InputError {
        var (line, column) = origin
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return InputError(file: file, location: "line \(line), column \(column)", message: message)
    }

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(InputError) {
        guard position < bytes.count else {
            throw fault("truncated JSON: expected '\(Character(Unicode.Scalar(byte)))'")
        }
        guard bytes[position] == byte else {
            throw fault(
                "expected '\(Character(Unicode.Scalar(byte)))' but found "
                    + "'\(Character(Unicode.Scalar(bytes[position])))'")
        }
        position += 1
    }

    private mutating func value(depth: Int) throws(InputError) -> JSONValue {
        guard depth < 512 else { throw fault("nesting deeper than 512 levels") }
        guard position < bytes.count else { throw fault("truncated JSON: expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fault("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(InputError) {
        let text = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        guard position + text.count <= bytes.count, Array(bytes[position..<position + text.count]) == text else {
            throw fault("invalid literal (expected \(word))")
        }
        position += text.count
    }

    private mutating func object(depth: Int) throws(InputError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipSpace()
            guard position < bytes.count else { throw fault("truncated JSON: unterminated object") }
            guard bytes[position] == UInt8(ascii: "\"") else { throw fault("expected a member name in double quotes") }
            let key = try string()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            if snapshots && (key == "old" || key == "new" || key == "after"), let snapshot = try directSnapshot() {
                members.append((key, .snapshot(snapshot)))
            } else if snapshots && JSONParser.pathKeys.contains(key), let paths = directPaths() {
                members.append((key, .indexPaths(paths)))
            } else if snapshots && key == "moveItems", let moves = directMoves() {
                members.append((key, .indexPathMoves(moves)))
            } else {
                members.append((key, try value(depth: depth + 1)))
            }
            skipSpace()
            guard position < bytes.count else { throw fault("truncated JSON: unterminated object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"))
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(InputError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try value(depth: depth + 1))
            skipSpace()
            guard position < bytes.count else { throw fault("truncated JSON: unterminated array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"))
            return .array(elements)
        }
    }

    mutating func string() throws(InputError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
            guard bytes[position] >= 0x20 else { throw fault("control character in a string") }
            position += 1
        }
        guard position < bytes.count else { throw fault("truncated JSON: unterminated string") }
        var scalars = try Self.text(bytes[start..<position]) { fault($0) }
        while bytes[position] != UInt8(ascii: "\"") {
            position += 1  // the backslash
            guard position < bytes.count else { throw fault("truncated JSON: unterminated string") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                    bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                {
                    position += 2
                    let low = try hex4()
                    // Only a low surrogate completes the pair; anything else is malformed text.
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw fault("a high surrogate \\u escape must be followed by a low one")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fault("invalid \\u escape") }
                scalars.unicodeScalars.append(scalar)
            default: throw fault("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
            let run = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
                position += 1
            }
            guard position < bytes.count else { throw fault("truncated JSON: unterminated string") }
            scalars += try Self.text(bytes[run..<position]) { fault($0) }
        }
        position += 1
        return scalars
    }

    private mutating func hex4() throws(InputError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fault("truncated \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[position]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fault("invalid hex digit in \\u escape")
            }
            code = code * 16 + digit
            position += 1
        }
        return code
    }

    /// The UTF-8 text of a run of string bytes; invalid UTF-8 is an error, never replaced
    /// (two different malformed ids must not both become "�").
    private static func text(_ run: ArraySlice<UInt8>, _ fault: (String) -> InputError) throws(InputError) -> String {
        // ASCII needs no validation (and the generic validating initializer costs more than the parse).
        if run.allSatisfy({ $0 < 0x80 }) { return String(decoding: run, as: UTF8.self) }
        guard let text = String(validating: run, as: UTF8.self) else { throw fault("invalid UTF-8 in a string") }
        return text
    }

    /// The integer starting at `start` when it is one that fits in 64 bits and is not followed
    /// by a fraction or exponent (position then after it); `nil` otherwise (position unchanged
    /// in meaning: the caller rewinds).
    mutating func plainInteger(from start: Int) -> Int? {
        var k = start
        let negative = bytes[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        let digitsStart = k
        var magnitude: UInt64 = 0
        while k < bytes.count, bytes[k] >= UInt8(ascii: "0") && bytes[k] <= UInt8(ascii: "9") {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[k] - UInt8(ascii: "0")))
            guard !o1 && !o2 else { return nil }
            magnitude = plus
            k += 1
        }
        guard k > digitsStart else { return nil }
        if k < bytes.count,
            bytes[k] == UInt8(ascii: ".") || bytes[k] == UInt8(ascii: "e")
                || bytes[k] == UInt8(ascii: "E")
        {
            return nil
        }
        let value: Int
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { return nil }
            value = magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        } else {
            guard magnitude <= UInt64(Int.max) else { return nil }
            value = Int(magnitude)
        }
        position = k
        return value
    }

    /// Whether `text` is a JSON number: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?
    ///
    /// - Complexity: O(*n*).
    static func isNumber(_ text: ArraySlice<UInt8>) -> Bool {
        var k = text.startIndex
        func digits() -> Int {
            let from = k
            while k < text.endIndex, text[k] >= UInt8(ascii: "0"), text[k] <= UInt8(ascii: "9") { k += 1 }
            return k - from
        }
        if k < text.endIndex, text[k] == UInt8(ascii: "-") { k += 1 }
        guard digits() > 0 else { return false }
        if k < text.endIndex, text[k] == UInt8(ascii: ".") {
            k += 1
            guard digits() > 0 else { return false }
        }
        if k < text.endIndex, text[k] == UInt8(ascii: "e") || text[k] == UInt8(ascii: "E") {
            k += 1
            if k < text.endIndex, text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-") { k += 1 }
            guard digits() > 0 else { return false }
        }
        return k == text.endIndex
    }

    private mutating func number() throws(InputError) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        // JSON numbers have no leading zeros: `007` is not 7.
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "0"),
            bytes[position + 1] >= UInt8(ascii: "0") && bytes[position + 1] <= UInt8(ascii: "9")
        {
            throw fault("a number has a leading zero")
        }
        // The common case, a plain integer, is read without building text.
        if let value = plainInteger(from: start) { return .int(value) }
        position = start
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        var isInteger = true
        while position < bytes.count {
            let b = bytes[position]
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { position += 1; continue }
            if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
                || ((b == UInt8(ascii: "+") || b == UInt8(ascii: "-")) && !isInteger)
            {
                isInteger = false
                position += 1
                continue
            }
            break
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        let end = position
        position = start
        if isInteger { throw fault("integer \(text) does not fit in 64 bits") }
        // RFC 8259's grammar, which `Double` is more lenient than (`1.`, `-.5`, `1.e3`).
        guard Self.isNumber(bytes[start..<end]), let value = Double(text) else {
            throw fault("invalid number '\(text)'")
        }
        position = end
        return .double(value)
    }
}
