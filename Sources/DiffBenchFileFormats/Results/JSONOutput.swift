// SPDX-License-Identifier: Apache-2.0
import DiffBenchCaseWriting

/// The `--format json` shapes of `bench run`, `bench compare` and `bench check` (documented in
/// the README, "JSON output"): one object with a `format` string naming the shape and version.
package enum JSONOutput {
    /// A rendered JSON value.
    package enum Value {
        case string(String)
        /// `null` when `nil` or not finite.
        case number(Double?)
        case raw(String)
    }

    /// `{"format": "diffbench-results/1", "schema_version": 2, "rows": [...]}`: every CSV column
    /// of every row, numbers as numbers (`null` when not measured), the raw samples as an array.
    package static func results(_ rows: [ResultRow]) -> String {
        let objects = rows.map { row -> String in
            let m = row.meta, s = row.summary, none = row.samples.isEmpty
            var pairs: [(String, Value)] = [
                ("run_id", .string(m.runID)),
                ("timestamp_utc", .string(m.timestampUTC)),
                ("git_commit", .string(m.gitCommit)),
                ("git_dirty", .string(m.gitDirty)),
                ("swift_version", .string(m.swiftVersion)),
                ("build_config", .string(m.buildConfig)),
                ("os", .string(m.os)),
                ("kernel", .string(m.kernel)),
                ("arch", .string(m.arch)),
                ("cpu_model", .string(m.cpuModel)),
                ("cpu_count", .number(Double(m.cpuCount))),
                ("mem_total_mb", .number(Double(m.memTotalMB))),
                ("host", .string(m.host)),
                ("corpus_id", .string(m.corpusID)),
                ("algorithm", .string(row.algorithm)),
                ("scenario", .string(row.scenario)),
                ("size", .number(Double(row.size))),
                ("sections", .number(Double(row.sections))),
                ("seed", .raw(String(row.seed))),
                ("ids", .string(row.ids.rawValue)),
                ("metric", .string(row.metric.rawValue)),
                ("unit", .string(row.unit.rawValue)),
                ("direction", .string(row.direction.rawValue)),
                ("kind", .string(row.kind.rawValue)),
                ("n", .number(Double(s.n)))
            ]
            for (key, value) in [
                ("min", s.min), ("p25", s.p25), ("median", s.median), ("p75", s.p75), ("p90", s.p90),
                ("max", s.max), ("mean", s.mean), ("stddev", s.stddev), ("mad", s.mad),
                ("ci_low", s.ciLow), ("ci_high", s.ciHigh)
            ] {
                pairs.append((key, .number(none ? nil : value)))
            }
            pairs += [
                ("outliers", .number(Double(s.outliers))), ("status", .string(row.status.rawValue)),
                ("note", .string(row.note)), ("load_avg", .number(row.loadAverage)),
                ("rounds", .number(Double(row.rounds))), ("paired_with", .string(m.pairedWith)),
                ("diffbench_commit", .string(m.diffBenchCommit)), ("command", .string(m.command)),
                ("hash_seed", .string(m.hashSeed)), ("timed_with", .string(row.timedWith)),
                ("build_id", .string(m.buildID)),
                ("samples", .raw("[" + row.samples.map(ResultsCSV.number).joined(separator: ",") + "]"))
            ]
            return object(pairs)
        }
        return "{\"format\":\"diffbench-results/1\",\"schema_version\":2,\"rows\":[\n"
            + objects.joined(separator: ",\n") + "]}\n"
    }

    /// A JSON string literal.
    package static func quote(_ text: String) -> String {
        var out = JSONWriter()
        out.string(text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// One JSON object from key-value pairs, in order.
    package static func object(_ pairs: [(String, Value)]) -> String {
        var out = JSONWriter()
        out.raw("{")
        for (k, (key, value)) in pairs.enumerated() {
            if k > 0 { out.raw(",") }
            out.string(key)
            out.raw(":")
            switch value {
            case .string(let text): out.string(text)
            case .number(let number):
                if let number, number.isFinite { out.raw(ResultsCSV.number(number)) } else { out.raw("null") }
            case .raw(let text): out.raw(text)
            }
        }
        out.raw("}")
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
