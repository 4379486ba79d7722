// SPDX-License-Identifier: Apache-2.0
/// The shape `diffbench-results/1` (`bench run --format json`): every column of the results CSV
/// per row, numbers as numbers (`null` where the CSV is empty), the samples as an array.
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

    /// One line of the results: every column of the results CSV under its CSV name, in the
    /// CSV's order (``ResultColumn/all``), numbers as numbers, `null` where the CSV is empty, the
    /// samples as an array.
    package struct Row: Encodable {
        let row: ResultRow

        /// The row of `row`.
        ///
        /// - Complexity: O(1).
        package init(_ row: ResultRow) { self.row = row }

        /// A column's name as a key.
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for column in ResultColumn.all {
                let key = Key(stringValue: column.name)
                switch column.value(row) {
                case .text(let text): try c.encode(text, forKey: key)
                case .integer(let number): try c.encodeIfPresent(number, forKey: key)
                case .unsigned(let number): try c.encode(number, forKey: key)
                case .decimal(let number, _): try c.encodeIfPresent(number, forKey: key)
                case .decimals(let numbers): try c.encode(numbers, forKey: key)
                }
            }
        }
    }
}
