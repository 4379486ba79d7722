// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics
/// Rows of several results files as one set: rows with the same key (shards do not share keys;
/// repeated runs do) become one row holding all their samples.
package enum ResultPool {
    /// Pools `rows` by key, in order of first appearance. A pooled row keeps the metadata of
    /// its first row, except its build: one pooled from several builds names them all
    /// (``BuildIdentity/column(_:)``); and the worst status of all (anything but `ok` wins, and
    /// `wrong` over all).
    ///
    /// - Complexity: O(*n* + *s* log *s*) for *n* rows and *s* samples.
    package static func pool(_ rows: [ResultRow]) -> [ResultRow] {
        var result: [ResultRow] = [], position: [ResultRow.Key: Int] = [:]
        for row in rows {
            guard let k = position[row.key] else {
                position[row.key] = result.count
                result.append(row)
                continue
            }
            let builds = BuildIdentity.of(result[k].meta) + BuildIdentity.of(row.meta)
            if Set(builds.map(\.key)).count > 1 { result[k].meta.buildID = BuildIdentity.column(builds) }
            result[k].samples += row.samples
            result[k].rounds += row.rounds
            result[k].summary = Summary(result[k].samples)
            let existing = result[k].status
            if existing != .wrong && row.status != .ok && (row.status == .wrong || existing == .ok) {
                result[k].status = row.status
                result[k].note = row.note
            }
        }
        return result
    }
}
