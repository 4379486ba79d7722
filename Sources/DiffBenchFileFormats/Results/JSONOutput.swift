// SPDX-License-Identifier: Apache-2.0
/// The `--format json` output of the commands (documented in the README, "JSON output"): one
/// object with a `format` string naming the shape and version. Each shape is an `Encodable`
/// type that states its keys once (``ResultsJSON``, `ComparisonJSON`, `ReportJSON`, `CheckJSON`,
/// `VerificationJSON`), written by ``JSONTextEncoder``.
package enum JSONOutput {
    /// `{"format": "diffbench-results/1", "schema_version": 2, "rows": [...]}`: every CSV column
    /// of every row, numbers as numbers (`null` when not measured), the raw samples as an array
    /// (``ResultsJSON``), with a final newline.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    package static func results(_ rows: [ResultRow]) -> String {
        JSONTextEncoder.encode(ResultsJSON(rows: rows.map(ResultsJSON.Row.init))) + "\n"
    }
}
