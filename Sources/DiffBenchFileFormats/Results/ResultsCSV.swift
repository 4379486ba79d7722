// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics
import DiffBenchErrors
import DiffBenchFormat
/// Results/<run_id>.csv, schema version 2: fixed columns, RFC 4180 quoting, canonical units.
/// Schema 2 adds `ids` after `seed` (schema 1 files could hold two cells under one key, so they
/// are refused as not comparable) and appends `load_avg`, `rounds` and `paired_with` at the end.
package enum ResultsCSV {
    package static let schemaVersion = "2"
    /// The header: every column's name, in order (``ResultColumn/all`` states them once).
    package static var columns: [String] { ResultColumn.names }
    /// The columns a reader needs; later columns are optional metadata (`case_hash`: the content
    /// hash of a case or trace file a cell timed, empty for generated cells; `hash_seed`: the
    /// seed of the identity joins' hashes; `timed_with`: the algorithms timed side by side with
    /// the cell; `build_id`: the identity of the executable that measured).
    static var requiredColumns: [String] { ResultColumn.all.filter(\.required).map(\.name) }

    /// The whole file as text.
    ///
    /// - Complexity: O(*r* · *c*) for *r* rows of *c* columns, and their samples.
    package static func encode(_ rows: [ResultRow]) -> String {
        var text = columns.joined(separator: ",") + "\r\n"
        for row in rows {
            text += ResultColumn.all.map { quote($0.csv(row)) }.joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// Canonical numbers: integers without a fraction, others with enough digits to round-trip.
    package static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    package static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
    }

    /// The problem with a results file, and its kind (bad input when malformed, not comparable
    /// for another schema).
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        package var kind: DiffBenchError.Kind
        package var description: String
    }

    /// Parses a results file; every fault names the file and line. Rejects repeated header
    /// columns, repeated row keys, numbers out of range and non-finite samples.
    package static func decode(_ text: String, file: String) throws(ReadError) -> [ResultRow] {
        func malformed(_ line: Int, _ message: String) -> ReadError {
            ReadError(kind: .badInput, description: "\(file): line \(line): \(message)")
        }
        // A byte-order mark is not part of the first column's name.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var startLines: [Int] = []
        let records = try parseRecords(body, file: file, startLines: &startLines)
        guard let header = records.first else {
            throw ReadError(kind: .badInput, description: "\(file): empty file, expected a header line")
        }
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() {
            guard index[name] == nil else { throw malformed(1, "column \"\(name)\" appears twice in the header") }
            index[name] = position
        }
        guard index["schema_version"] != nil else {
            throw malformed(
                1,
                "not a DiffBench results file: its header has no schema_version column "
                    + "(bench run writes it first)")
        }
        if let version = records.dropFirst().first?[0], version != schemaVersion, index["schema_version"] == 0 {
            throw ReadError(
                kind: .notComparable,
                description: "\(file): line 2: schema_version \(version), this bench reads \(schemaVersion)"
                    + (version == "1"
                        ? " (schema 1 has no ids column, so int and string cells could share a key: run "
                            + "the suite again)" : "")
            )
        }
        for column in requiredColumns where index[column] == nil {
            throw malformed(1, "missing column \"\(column)\"")
        }
        var rows: [ResultRow] = []
        var seen: [ResultRow.Key: Int] = [:]
        for (n, record) in records.dropFirst().enumerated() where !(record.count == 1 && record[0].isEmpty) {
            // The physical line the record starts on: a quoted note may span several lines.
            let line = startLines[n + 1]
            guard record.count == header.count else {
                throw malformed(line, "\(record.count) fields, the header has \(header.count)")
            }
            func field(_ name: String) -> String { index[name].map { record[$0] } ?? "" }
            guard field("schema_version") == schemaVersion else {
                throw ReadError(
                    kind: .notComparable,
                    description: "\(file): line \(line): schema_version \(field("schema_version")), this bench reads "
                        + "\(schemaVersion)"
                )
            }
            // Every column the header has, read into the row; then each checked against the row
            // read whole (the metric a unit must be of, the samples n counts).
            var row = ResultRow(meta: RunMetadata())
            let present = ResultColumn.all.compactMap { column in index[column.name].map { (column, record[$0]) } }
            do throws(ResultColumn.Fault) {
                for (column, text) in present { try column.read(&row, text) }
                if !row.samples.isEmpty { row.summary = Summary(row.samples) }
                for (column, text) in present { try column.check(row, text) }
            } catch {
                throw malformed(line, error.message)
            }
            if let first = seen[row.key] {
                throw malformed(
                    line, "the row key (\(row.key.description.replacingAll("|", with: ", "))) repeats line \(first)")
            }
            seen[row.key] = line
            rows.append(row)
        }
        return rows
    }

    /// `a, b or c`: the raw values of `cases`, for a message.
    static func listed<T: RawRepresentable<String>>(_ cases: [T]) -> String {
        let names = cases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// RFC 4180 records.
    /// `startLines` receives the physical line each record starts on.
    /// `text` as a finite decimal number (`-1`, `2.5`, `3e-7`), or `nil`: no hexadecimal (`0x10`),
    /// no `nan` or `inf`, no spaces; what DiffBench writes and a spreadsheet exports.
    ///
    /// - Complexity: O(*n*) in the text's length.
    static func decimal(_ text: some StringProtocol) -> Double? {
        var digits = 0, k = text.utf8.startIndex
        let utf8 = text.utf8
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        func skipDigits() -> Int {
            var n = 0
            while k < utf8.endIndex, isDigit(utf8[k]) { k = utf8.index(after: k); n += 1 }
            return n
        }
        if k < utf8.endIndex, utf8[k] == UInt8(ascii: "-") || utf8[k] == UInt8(ascii: "+") { k = utf8.index(after: k) }
        digits += skipDigits()
        if k < utf8.endIndex, utf8[k] == UInt8(ascii: ".") {
            k = utf8.index(after: k)
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        if k < utf8.endIndex, utf8[k] == UInt8(ascii: "e") || utf8[k] == UInt8(ascii: "E") {
            k = utf8.index(after: k)
            if k < utf8.endIndex, utf8[k] == UInt8(ascii: "-") || utf8[k] == UInt8(ascii: "+") {
                k = utf8.index(after: k)
            }
            guard skipDigits() > 0 else { return nil }
        }
        guard k == utf8.endIndex, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// The bytes of a results file as text, or a fault naming the line of the first byte that is
    /// not UTF-8 (never decoded lossily).
    ///
    /// - Complexity: O(*n*) in the file's size.
    package static func text(_ bytes: [UInt8], file: String) throws(ReadError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser(), iterator = bytes.makeIterator(), offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput, .error: break loop
            }
        }
        let line = 1 + bytes[..<min(offset, bytes.count)].lazy.filter { $0 == UInt8(ascii: "\n") }.count
        throw ReadError(
            kind: .badInput,
            description: "\(file): line \(line): a byte that is not UTF-8: results files "
                + "are UTF-8 text")
    }

    static func parseRecords(_ text: String, file: String, startLines: inout [Int]) throws(ReadError) -> [[String]] {
        // Byte by byte: every character the format gives a meaning to is ASCII, so UTF-8
        // sequences pass through untouched; a field becomes a String once, at its end.
        let bytes = Array(text.utf8)
        var records: [[String]] = [], record: [String] = [], field: [UInt8] = []
        var inQuotes = false, afterQuote = false, line = 1, recordStart = 1
        var k = 0
        func take() -> String {
            defer { field.removeAll(keepingCapacity: true) }; return String(decoding: field, as: UTF8.self)
        }
        while k < bytes.count {
            let c = bytes[k]
            k += 1
            if inQuotes {
                if c == UInt8(ascii: "\"") {
                    if k < bytes.count && bytes[k] == UInt8(ascii: "\"") { field.append(c); k += 1; continue }
                    inQuotes = false; afterQuote = true
                } else {
                    if c == UInt8(ascii: "\n") { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case UInt8(ascii: "\""):
                guard field.isEmpty && !afterQuote else {
                    throw ReadError(kind: .badInput, description: "\(file): line \(line): stray quote inside a field")
                }
                inQuotes = true
            case UInt8(ascii: ","):
                record.append(take()); afterQuote = false
            case UInt8(ascii: "\r"):
                guard k < bytes.count && bytes[k] == UInt8(ascii: "\n") else {
                    throw ReadError(
                        kind: .badInput,
                        description: "\(file): line \(line): a carriage return without "
                            + "a line feed: line ends must be LF or CRLF")
                }
                continue
            case UInt8(ascii: "\n"):
                record.append(take()); records.append(record); record = []; afterQuote = false; line += 1
                startLines.append(recordStart)
                recordStart = line
            default:
                guard !afterQuote else {
                    throw ReadError(kind: .badInput, description: "\(file): line \(line): text after a closing quote")
                }
                field.append(c)
            }
        }
        guard !inQuotes else {
            throw ReadError(kind: .badInput, description: "\(file): line \(line): unterminated quoted field")
        }
        if !field.isEmpty
            || !record.isEmpty
        {
            record.append(take()); records.append(record); startLines.append(recordStart)
        }
        return records
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
