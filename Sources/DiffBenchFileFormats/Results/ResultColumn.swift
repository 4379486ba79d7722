// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics
import DiffBenchFormat

/// One column of the results CSV (schema 2), which is also a key of a `diffbench-results/1` row:
/// its name, its value in a row (the CSV's text and the JSON's value both come from it), how a
/// line's field is read back into a row, and what a field must agree with once the whole line is
/// read. ``all`` states the columns once, in the file's order: ``ResultsCSV`` writes and reads by
/// it, and ``ResultsJSON`` writes every column by it.
package struct ResultColumn: Sendable {
    /// A column's value in one row.
    package enum Value: Equatable {
        case text(String)
        case integer(Int?)
        case unsigned(UInt64)
        /// A decimal; the CSV writes it with `places` decimals when given, the JSON as it is.
        case decimal(Double?, places: Int?)
        case decimals([Double])
    }

    /// What is wrong with a field (the reader adds the file and line).
    package struct Fault: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The name in the CSV header and the JSON row.
    package let name: String
    /// Whether a reader needs the column; the later, optional ones were appended to schema 2.
    let required: Bool
    /// The column's value in a row.
    let value: @Sendable (ResultRow) -> Value
    /// Reads the field into the row.
    let read: @Sendable (inout ResultRow, String) throws(Fault) -> Void
    /// Checks the field against the row read whole (its metric, samples and summary).
    let check: @Sendable (ResultRow, String) throws(Fault) -> Void

    init(
        _ name: String, required: Bool = true, value: @escaping @Sendable (ResultRow) -> Value,
        read: @escaping @Sendable (inout ResultRow, String) throws(Fault) -> Void = { _, _ in },
        check: @escaping @Sendable (ResultRow, String) throws(Fault) -> Void = { _, _ in }
    ) {
        (self.name, self.required, self.value, self.read, self.check) = (name, required, value, read, check)
    }

    /// The field's text in the CSV.
    ///
    /// - Complexity: O(*n*) for the *n* samples of the `samples` column, O(1) otherwise.
    func csv(_ row: ResultRow) -> String {
        switch value(row) {
        case .text(let text): return text
        case .integer(let number): return number.map { String($0) } ?? ""
        case .unsigned(let number): return String(number)
        case .decimal(let number, let places):
            guard let number else { return "" }
            return places.map { Format.fixed(number, $0) } ?? ResultsCSV.number(number)
        case .decimals(let numbers): return numbers.map(ResultsCSV.number).joined(separator: ";")
        }
    }
}

extension ResultColumn {
    /// Every column, in the file's order.
    package static let all: [ResultColumn] =
        metadata + cell + [metric("unit", \.unit.rawValue), metric("direction", \.direction.rawValue)]
        + [metric("kind", \.kind.rawValue), samplesCount] + [whole("batch", \.batch), whole("warmup", \.warmup)]
        + statistics + outcome + appended

    /// The names, in the file's order.
    package static let names = all.map(\.name)

    /// The run's metadata, before the cell.
    static let metadata: [ResultColumn] = [
        ResultColumn("schema_version", value: { _ in .integer(Int(ResultsCSV.schemaVersion)) }),
        text("run_id", \.meta.runID), text("timestamp_utc", \.meta.timestampUTC), text("git_commit", \.meta.gitCommit),
        text("git_dirty", \.meta.gitDirty), text("swift_version", \.meta.swiftVersion),
        text("build_config", \.meta.buildConfig), text("os", \.meta.os), text("kernel", \.meta.kernel),
        text("arch", \.meta.arch), text("cpu_model", \.meta.cpuModel), whole("cpu_count", \.meta.cpuCount),
        whole("mem_total_mb", \.meta.memTotalMB), text("host", \.meta.host), text("machine_id", \.meta.machineID),
        text("harness_version", \.meta.harnessVersion), text("corpus_id", \.meta.corpusID)
    ]

    /// The cell and the metric.
    static let cell: [ResultColumn] = [
        text("algorithm", \.algorithm), text("scenario", \.scenario), whole("size", \.size),
        whole("sections", \.sections),
        ResultColumn(
            "seed", value: { .unsigned($0.seed) },
            read: { row, field throws(Fault) in
                guard let seed = UInt64(field) else { throw Fault("seed \"\(field)\" is not a whole number in 0...") }
                row.seed = seed
            }),
        ResultColumn(
            "ids", value: { .text($0.ids.rawValue) },
            read: { row, field throws(Fault) in
                guard let ids = IdentityKind(rawValue: field) else {
                    throw Fault("ids \"\(field)\" is not one of \(ResultsCSV.listed(IdentityKind.allCases))")
                }
                row.ids = ids
            }),
        ResultColumn(
            "metric", value: { .text($0.metric.rawValue) },
            read: { row, field throws(Fault) in
                guard let metric = MetricName(rawValue: field) else {
                    throw Fault("metric \"\(field)\" is not one of \(ResultsCSV.listed(MetricName.allCases))")
                }
                row.metric = metric
            })
    ]

    /// `n`: how many samples; the line's samples must be as many.
    static let samplesCount = ResultColumn(
        "n", value: { .integer($0.samples.count) },
        check: { row, field throws(Fault) in
            guard let n = Int(field), n >= 0 else { throw Fault("n \"\(field)\" is not a whole number in 0...") }
            guard row.samples.count == n else {
                throw Fault("n is \(field) but \(row.samples.count) samples are listed")
            }
        })

    /// The samples' statistics: written from the summary, never read (the reader summarizes the
    /// samples itself), but a median that disagrees with the samples is refused.
    static let statistics: [ResultColumn] = {
        let figures: [(String, KeyPath<Summary, Double> & Sendable)] = [
            ("min", \.min), ("p25", \.p25), ("median", \.median), ("p75", \.p75), ("p90", \.p90), ("max", \.max),
            ("mean", \.mean), ("stddev", \.stddev), ("mad", \.mad), ("ci_low", \.ciLow), ("ci_high", \.ciHigh)
        ]
        return figures.map { name, figure in
            ResultColumn(
                name, value: { .decimal($0.samples.isEmpty ? nil : $0.summary[keyPath: figure], places: nil) },
                check: name == "median" ? checkMedian : noCheck)
        } + [ResultColumn("outliers", value: { .integer($0.samples.isEmpty ? nil : $0.summary.outliers) })]
    }()

    /// No check.
    static let noCheck: @Sendable (ResultRow, String) throws(Fault) -> Void = { _, _ in }

    /// A median that disagrees with the samples (beyond rounding) is refused.
    static let checkMedian: @Sendable (ResultRow, String) throws(Fault) -> Void = { row, field throws(Fault) in
        guard !row.samples.isEmpty, !field.isEmpty else { return }
        guard let median = ResultsCSV.decimal(field) else {
            throw Fault("median \"\(field)\" is not a finite decimal number")
        }
        guard abs(median - row.summary.median) <= 1e-6 * max(1, abs(median)) else {
            throw Fault("median \(median) does not match the samples (\(row.summary.median))")
        }
    }

    /// The cell's status, note and samples.
    static let outcome: [ResultColumn] = [
        ResultColumn(
            "status", value: { .text($0.status.rawValue) },
            read: { row, field throws(Fault) in
                guard let status = CellStatus(rawValue: field) else {
                    throw Fault("status \"\(field)\" is not one of \(CellStatus.listed)")
                }
                row.status = status
            }),
        text("note", \.note),
        ResultColumn(
            "samples", value: { .decimals($0.samples) },
            read: { row, field throws(Fault) in
                for part in field.split(separator: ";") {
                    guard let value = ResultsCSV.decimal(part) else {
                        throw Fault("sample \"\(part)\" is not a finite decimal number")
                    }
                    row.samples.append(value)
                }
            },
            check: { row, _ throws(Fault) in
                if row.metric == .correct, let bad = row.samples.first(where: { $0 != 0 && $0 != 1 }) {
                    throw Fault("correct is \(ResultsCSV.number(bad)); a changeset is correct (1) or not (0)")
                }
            })
    ]

    /// The metadata appended to schema 2, optional to a reader.
    static let appended: [ResultColumn] = [
        ResultColumn(
            "load_avg", required: false, value: { .decimal($0.loadAverage, places: 2) },
            read: { row, field throws(Fault) in
                guard !field.isEmpty else { return }
                guard let load = ResultsCSV.decimal(field) else {
                    throw Fault("load_avg \"\(field)\" is not a decimal number")
                }
                row.loadAverage = load
            }),
        ResultColumn(
            "rounds", required: false, value: { .integer($0.rounds) },
            read: { row, field in if let rounds = Int(field), rounds >= 1 { row.rounds = rounds } }),
        text("paired_with", \.meta.pairedWith, required: false),
        text("diffbench_commit", \.meta.diffBenchCommit, required: false),
        text("command", \.meta.command, required: false), text("case_hash", \.caseHash, required: false),
        ResultColumn(
            "hash_seed", required: false, value: { .text($0.meta.hashSeed) },
            read: { row, field throws(Fault) in
                guard field.isEmpty || UInt64(field) != nil else {
                    throw Fault("hash_seed \"\(field)\" is not a whole number in 0...")
                }
                row.meta.hashSeed = field
            }),
        text("timed_with", \.timedWith, required: false), text("build_id", \.meta.buildID, required: false)
    ]

    /// A text column, read as it is.
    static func text(
        _ name: String, _ field: WritableKeyPath<ResultRow, String> & Sendable, required: Bool = true
    ) -> ResultColumn {
        ResultColumn(name, required: required, value: { .text($0[keyPath: field]) }, read: { $0[keyPath: field] = $1 })
    }

    /// A whole number from 0 on.
    static func whole(_ name: String, _ field: WritableKeyPath<ResultRow, Int> & Sendable) -> ResultColumn {
        ResultColumn(
            name, value: { .integer($0[keyPath: field]) },
            read: { row, text throws(Fault) in
                guard let value = Int(text), value >= 0 else {
                    throw Fault("\(name) \"\(text)\" is not a whole number in 0...")
                }
                row[keyPath: field] = value
            })
    }

    /// A column that repeats what the metric is (its unit, direction or kind): a line that says
    /// otherwise was edited or written by something else.
    static func metric(_ name: String, _ implied: KeyPath<MetricName, String> & Sendable) -> ResultColumn {
        ResultColumn(
            name, value: { .text($0.metric[keyPath: implied]) },
            check: { row, field throws(Fault) in
                let expected = row.metric[keyPath: implied]
                guard field == expected else {
                    throw Fault("\(name) \"\(field)\" is not \(row.metric.rawValue)'s (\(expected))")
                }
            })
    }
}
