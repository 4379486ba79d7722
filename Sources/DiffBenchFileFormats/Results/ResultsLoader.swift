// SPDX-License-Identifier: Apache-2.0
import DiffBenchErrors
/// Reads results files for the commands that pool or compare them (`compare`, `merge`,
/// `history`, `report`, `export`, `calibrate`): the results format's loader, with the checks
/// every pooling needs.
package enum ResultsLoader {
    /// Reads results files for pooling (``load(_:)``) whose rows share one corpus; other corpora
    /// are not comparable.
    ///
    /// - Complexity: that of ``load(_:)``.
    package static func loadOneCorpus(_ files: [String]) throws(DiffBenchError) -> [ResultRow] {
        let rows = try load(files)
        let corpora = Set(rows.map(\.meta.corpusID))
        guard corpora.count <= 1 else {
            let names = corpora.sorted().joined(separator: ", ")
            throw DiffBenchError(.notComparable, "not comparable: corpus_id \(names)")
        }
        return rows
    }

    /// Reads results files for pooling: the same run twice, and samples no measurement can
    /// give (negative, non-finite, or a timing of all zeros), are input errors naming the file.
    package static func load(_ files: [String]) throws(DiffBenchError) -> [ResultRow] {
        var rows: [ResultRow] = []
        var runs: [String: String] = [:]
        for file in files {
            let decoded: [ResultRow]
            do {
                decoded = try ResultsCSV.decode(try ResultsCSV.text(try FileAccess.read(file), file: file), file: file)
            } catch let error as ResultsCSV.ReadError {
                throw DiffBenchError(error.kind, error.description)
            } catch let error as DiffBenchError {
                throw error
            } catch {
                throw DiffBenchError(.badInput, "\(file): \(error)")
            }
            for run in Set(decoded.map(\.meta.runID)) where !run.isEmpty {
                if let earlier = runs[run] {
                    throw .badInput(
                        "\(file): run \(run) is also in \(earlier): "
                            + "pooling a run with itself doubles its samples")
                }
                runs[run] = file
            }
            for row in decoded {
                if let bad = row.samples.first(where: { !$0.isFinite || $0 < 0 }) {
                    let what = bad.isFinite ? "negative" : "not finite"
                    throw .badInput("\(file): \(row.cell) \(row.metric): sample \(bad) is \(what)")
                }
                if row.kind == .timing && !row.samples.isEmpty && row.samples.allSatisfy({ $0 == 0 }) {
                    throw .badInput("\(file): \(row.cell) \(row.metric): every sample is 0, which no timing gives")
                }
            }
            rows += decoded
        }
        return rows
    }
}
