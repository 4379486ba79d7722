// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchFormat

/// Per-cell timing thresholds measured on one machine kind (`bench calibrate`, `run-bench.sh
/// --calibrate N`), read by `bench compare --thresholds FILE`. Plain text, committed per machine
/// kind like a baseline:
///
/// ```
/// # diffbench-thresholds/1
/// # machine: vm, AMD EPYC, release build
/// heckel|mixed|1000|10|1|int cpu_ns 12.5%
/// ```
///
/// Each line is a cell (algorithm|scenario|size|sections|seed|ids), a metric and the share by
/// which that cell's judged ratio must exceed 1 to regress. A file threshold never lowers the
/// global one (`--threshold`, the floor); a cell the file does not name keeps the global one.
package struct Thresholds: Sendable, Equatable {
    /// The first line of every thresholds file.
    package static let header = "# diffbench-thresholds/1"

    /// Threshold (a share: 0.125 for 12.5%) by "cell metric".
    package var values: [String: Double] = [:]
    /// Comment lines after the header (machine, provenance, rates), without their `# `.
    package var comments: [String] = []

    package init(values: [String: Double] = [:], comments: [String] = []) {
        self.values = values
        self.comments = comments
    }

    /// The machine the thresholds were measured on (the `machine:` comment, as ``Comparison/origin(_:)``
    /// writes it), if the file says.
    package var machine: String? {
        comments.first { $0.hasPrefix("machine: ") }.map { String($0.dropFirst("machine: ".count)) }
    }

    /// The threshold of one cell's metric, if the file names it.
    ///
    /// - Complexity: O(1) on average.
    package func threshold(cell: CellKey, metric: MetricName) -> Double? { values["\(cell) \(metric)"] }

    /// The file's text: the header, the comments, then one line per cell and metric, sorted.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    package func encode() -> String {
        var lines = [Thresholds.header] + comments.map { "# " + $0 }
        for key in values.keys.sorted() {
            lines.append(key + " " + Format.fixed(values[key]! * 100, 1) + "%")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a thresholds file; every fault names the file and line (exit 1).
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    package static func decode(_ text: String, file: String) throws(DiffBenchError) -> Thresholds {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        guard lines.first == header else {
            throw .badInput("\(file): line 1: expected \"\(header)\" (a thresholds file from bench calibrate)")
        }
        var result = Thresholds()
        for (index, line) in lines.enumerated().dropFirst() {
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                result.comments.append(String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1)))
                continue
            }
            let fields = line.split(separator: " ")
            let where_ = "\(file): line \(index + 1)"
            guard fields.count == 3, fields[0].split(separator: "|", omittingEmptySubsequences: false).count == 6 else {
                throw .badInput("\(where_): expected \"algorithm|scenario|size|sections|seed|ids metric N%\"")
            }
            guard fields[2].hasSuffix("%"), let percent = Double(fields[2].dropLast()), percent.isFinite,
                percent > 0, percent <= 1000
            else {
                throw .badInput("\(where_): threshold \(fields[2]): expected a share such as 12.5%")
            }
            let key = fields[0] + " " + fields[1]
            guard result.values[String(key)] == nil else { throw .badInput("\(where_): \(key) is listed twice") }
            result.values[String(key)] = percent / 100
        }
        return result
    }
}
