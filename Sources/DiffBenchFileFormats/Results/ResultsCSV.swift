// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics
import DiffBenchErrors
import DiffBenchFormat
/// Results/<run_id>.csv, schema version 2: fixed columns, RFC 4180 quoting, canonical units.
/// Schema 2 adds `ids` after `seed` (schema 1 files could hold two cells under one key, so they
/// are refused as not comparable) and appends `load_avg`, `rounds` and `paired_with` at the end.
package enum ResultsCSV {
    package static let schemaVersion = "2"
    package static let columns = [
        "schema_version", "run_id", "timestamp_utc", "git_commit", "git_dirty", "swift_version", "build_config", "os",
        "kernel", "arch", "cpu_model", "cpu_count", "mem_total_mb", "host", "machine_id", "harness_version",
        "corpus_id", "algorithm", "scenario", "size", "sections", "seed", "ids", "metric", "unit", "direction", "kind",
        "n", "batch", "warmup", "min", "p25", "median", "p75", "p90", "max", "mean", "stddev", "mad", "ci_low",
        "ci_high", "outliers", "status", "note", "samples", "load_avg", "rounds", "paired_with", "diffbench_commit",
        "command", "case_hash", "hash_seed", "timed_with", "build_id"
    ]
    /// The columns a reader needs; later columns are optional metadata (`case_hash`: the content
    /// hash of a case or trace file a cell timed, empty for generated cells; `hash_seed`: the
    /// seed of the identity joins' hashes; `timed_with`: the algorithms timed side by side with
    /// the cell; `build_id`: the identity of the executable that measured).
    static let requiredColumns = Array(columns.dropLast(9))

    /// The whole file as text.
    package static func encode(_ rows: [ResultRow]) -> String {
        var text = columns.joined(separator: ",") + "\r\n"
        for row in rows {
            let m = row.meta, s = row.summary
            let numbers =
                row.samples.isEmpty
                ? [String](repeating: "", count: 12)
                : [
                    s.min, s.p25, s.median, s.p75, s.p90, s.max, s.mean, s.stddev, s.mad, s.ciLow, s.ciHigh
                ].map(number) + [String(s.outliers)]
            let fields =
                [
                    schemaVersion, m.runID, m.timestampUTC, m.gitCommit, m.gitDirty, m.swiftVersion, m.buildConfig,
                    m.os,
                    m.kernel, m.arch, m.cpuModel, String(m.cpuCount), String(m.memTotalMB), m.host, m.machineID,
                    m.harnessVersion, m.corpusID, row.algorithm, row.scenario, String(row.size), String(row.sections),
                    String(row.seed), row.ids.rawValue, row.metric.rawValue, row.unit.rawValue, row.direction.rawValue,
                    row.kind.rawValue, String(row.samples.count),
                    String(row.batch), String(row.warmup)
                ]
                + numbers + [
                    row.status.rawValue, row.note, row.samples.map(number).joined(separator: ";"),
                    row.loadAverage.map { Format.fixed($0, 2) } ?? "", String(row.rounds), m.pairedWith,
                    m.diffBenchCommit, m.command, row.caseHash, m.hashSeed, row.timedWith, m.buildID
                ]
            text += fields.map(quote).joined(separator: ",") + "\r\n"
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
            func int(_ name: String, _ range: ClosedRange<Int> = 0...Int.max) throws(ReadError) -> Int {
                guard let value = Int(field(name)), range.contains(value) else {
                    throw malformed(line, "\(name) \"\(field(name))\" is not a whole number in \(range.lowerBound)...")
                }
                return value
            }
            var meta = RunMetadata()
            meta.runID = field("run_id"); meta.timestampUTC = field("timestamp_utc")
            meta.gitCommit = field("git_commit")
            meta.gitDirty = field("git_dirty"); meta.swiftVersion = field("swift_version")
            meta.buildConfig = field("build_config")
            meta.os = field("os"); meta.kernel = field("kernel"); meta.arch = field("arch")
            meta.cpuModel = field("cpu_model")
            meta.cpuCount = try int("cpu_count"); meta.memTotalMB = try int("mem_total_mb"); meta.host = field("host")
            meta.machineID = field("machine_id"); meta.harnessVersion = field("harness_version")
            meta.corpusID = field("corpus_id")
            var row = ResultRow(meta: meta)
            row.algorithm = field("algorithm"); row.scenario = field("scenario"); row.size = try int("size")
            row.sections = try int("sections")
            guard let seed = UInt64(field("seed")) else {
                throw malformed(line, "seed \"\(field("seed"))\" is not a whole number in 0...")
            }
            row.seed = seed
            guard let ids = IdentityKind(rawValue: field("ids")) else {
                throw malformed(line, "ids \"\(field("ids"))\" is not one of \(listed(IdentityKind.allCases))")
            }
            row.ids = ids
            guard let metric = MetricName(rawValue: field("metric")) else {
                throw malformed(line, "metric \"\(field("metric"))\" is not one of \(listed(MetricName.allCases))")
            }
            row.metric = metric
            // The unit, direction and kind columns repeat what the metric is: a file that says
            // otherwise was edited or written by something else.
            let implied = [("unit", metric.unit.rawValue), ("direction", metric.direction.rawValue)]
            for (column, expected) in [("kind", metric.kind.rawValue)] + implied where field(column) != expected {
                throw malformed(line, "\(column) \"\(field(column))\" is not \(metric.rawValue)'s (\(expected))")
            }
            row.batch = try int("batch"); row.warmup = try int("warmup")
            row.note = field("note")
            guard let status = CellStatus(rawValue: field("status")) else {
                throw malformed(line, "status \"\(field("status"))\" is not one of \(CellStatus.listed)")
            }
            row.status = status
            if !field("load_avg").isEmpty {
                guard let load = decimal(field("load_avg")) else {
                    throw malformed(line, "load_avg \"\(field("load_avg"))\" is not a decimal number")
                }
                row.loadAverage = load
            }
            if let rounds = Int(field("rounds")), rounds >= 1 { row.rounds = rounds }
            row.meta.pairedWith = field("paired_with")
            row.meta.diffBenchCommit = field("diffbench_commit")
            row.meta.command = field("command")
            row.caseHash = field("case_hash")
            row.timedWith = field("timed_with")
            row.meta.hashSeed = field("hash_seed")
            row.meta.buildID = field("build_id")
            guard row.meta.hashSeed.isEmpty || UInt64(row.meta.hashSeed) != nil else {
                throw malformed(line, "hash_seed \"\(row.meta.hashSeed)\" is not a whole number in 0...")
            }
            for part in field("samples").split(separator: ";") {
                guard let value = decimal(part) else {
                    throw malformed(line, "sample \"\(part)\" is not a finite decimal number")
                }
                row.samples.append(value)
            }
            guard row.samples.count == (try int("n")) else {
                throw malformed(line, "n is \(field("n")) but \(row.samples.count) samples are listed")
            }
            if row.metric == .correct, let bad = row.samples.first(where: { $0 != 0 && $0 != 1 }) {
                throw malformed(line, "correct is \(ResultsCSV.number(bad)); a changeset is correct (1) or not (0)")
            }
            if !row.samples.isEmpty {
                row.summary = Summary(row.samples)
                if !field("median").isEmpty {
                    guard let median = decimal(field("median")) else {
                        throw malformed(line, "median \"\(field("median"))\" is not a finite decimal number")
                    }
                    guard abs(median - row.summary.median) <= 1e-6 * max(1, abs(median)) else {
                        throw malformed(line, "median \(median) does not match the samples (\(row.summary.median))")
                    }
                }
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
