// SPDX-License-Identifier: Apache-2.0
/// The shape `diffbench-results/1` (`bench run --format json`): the results CSV's columns per
/// row, numbers as numbers (`null` where the CSV is empty), the samples as an array.
package struct ResultsJSON: Encodable {
    package var format = "diffbench-results/1"
    package var schemaVersion = 2
    package var rows: [Row]

    /// The keys, in the shape's order (the order they are written in).
    enum CodingKeys: String, CodingKey {
        case format
        case schemaVersion = "schema_version"
        case rows
    }

    /// One line of the results: its metadata, cell, metric, statistics and samples.
    package struct Row: Encodable {
        let row: ResultRow

        /// The row of `row`.
        ///
        /// - Complexity: O(1).
        package init(_ row: ResultRow) { self.row = row }

        enum CodingKeys: String, CodingKey {
            case runID = "run_id"
            case timestampUTC = "timestamp_utc"
            case gitCommit = "git_commit"
            case gitDirty = "git_dirty"
            case swiftVersion = "swift_version"
            case buildConfig = "build_config"
            case os, kernel, arch
            case cpuModel = "cpu_model"
            case cpuCount = "cpu_count"
            case memTotalMB = "mem_total_mb"
            case host
            case corpusID = "corpus_id"
            case algorithm, scenario, size, sections, seed, ids, metric, unit, direction
            case kind, n, min, p25, median, p75, p90, max, mean, stddev, mad
            case ciLow = "ci_low"
            case ciHigh = "ci_high"
            case outliers, status, note
            case loadAverage = "load_avg"
            case rounds
            case pairedWith = "paired_with"
            case diffBenchCommit = "diffbench_commit"
            case command
            case hashSeed = "hash_seed"
            case timedWith = "timed_with"
            case buildID = "build_id"
            case samples
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            let m = row.meta, s = row.summary
            for (key, text) in [
                (CodingKeys.runID, m.runID), (.timestampUTC, m.timestampUTC), (.gitCommit, m.gitCommit),
                (.gitDirty, m.gitDirty), (.swiftVersion, m.swiftVersion), (.buildConfig, m.buildConfig), (.os, m.os),
                (.kernel, m.kernel), (.arch, m.arch), (.cpuModel, m.cpuModel)
            ] {
                try c.encode(text, forKey: key)
            }
            try c.encode(m.cpuCount, forKey: .cpuCount)
            try c.encode(m.memTotalMB, forKey: .memTotalMB)
            try c.encode(m.host, forKey: .host)
            try c.encode(m.corpusID, forKey: .corpusID)
            try c.encode(row.algorithm, forKey: .algorithm)
            try c.encode(row.scenario, forKey: .scenario)
            try c.encode(row.size, forKey: .size)
            try c.encode(row.sections, forKey: .sections)
            try c.encode(row.seed, forKey: .seed)
            for (key, text) in [
                (CodingKeys.ids, row.ids.rawValue), (.metric, row.metric.rawValue), (.unit, row.unit.rawValue),
                (.direction, row.direction.rawValue), (.kind, row.kind.rawValue)
            ] {
                try c.encode(text, forKey: key)
            }
            try c.encode(s.n, forKey: .n)
            let measured = !row.samples.isEmpty
            for (key, value) in [
                (CodingKeys.min, s.min), (.p25, s.p25), (.median, s.median), (.p75, s.p75), (.p90, s.p90),
                (.max, s.max), (.mean, s.mean), (.stddev, s.stddev), (.mad, s.mad), (.ciLow, s.ciLow),
                (.ciHigh, s.ciHigh)
            ] {
                try c.encodeIfPresent(measured ? value : nil, forKey: key)
            }
            try c.encode(s.outliers, forKey: .outliers)
            try c.encode(row.status.rawValue, forKey: .status)
            try c.encode(row.note, forKey: .note)
            try c.encodeIfPresent(row.loadAverage, forKey: .loadAverage)
            try c.encode(row.rounds, forKey: .rounds)
            for (key, text) in [
                (CodingKeys.pairedWith, m.pairedWith), (.diffBenchCommit, m.diffBenchCommit), (.command, m.command),
                (.hashSeed, m.hashSeed), (.timedWith, row.timedWith), (.buildID, m.buildID)
            ] {
                try c.encode(text, forKey: key)
            }
            try c.encode(row.samples, forKey: .samples)
        }
    }
}
