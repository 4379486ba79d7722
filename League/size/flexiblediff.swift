// SPDX-License-Identifier: Apache-2.0
// FlexibleDiff as Bento calls it: a sectioned changeset with const(false) comparators (measure-sizes.sh).
import FlexibleDiff

struct Row { var id: Int, rev: Int }
struct Section { var id: Int, rows: [Row] }
let n = CommandLine.arguments.count + 3
let old = [Section(id: 0, rows: (0..<n).map { Row(id: $0, rev: 0) })]
let new = [Section(id: 0, rows: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })]
let changes = SectionedChangeset(
    previous: old, current: new, sectionIdentifier: { $0.id }, areMetadataEqual: { _, _ in false },
    items: { $0.rows }, itemIdentifier: { $0.id }, areItemsEqual: { _, _ in false })
print(changes.mutatedSections.count, changes.mutatedSections.map(\.changeset.moves.count).reduce(0, +))
