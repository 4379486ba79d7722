// SPDX-License-Identifier: Apache-2.0
/// The contenders of one case to time side by side in one measuring process (`bench _case`):
/// each cell's spec, with the budget its cell has left after its first visit, which of them race
/// for fastest, and the ratio below which two are tied.
package struct SideBySideSpec: Codable, Sendable, Equatable {
    /// The cells, all of one case (one ``CellSpec/caseKey``), in run order.
    package var cells: [CellSpec]
    /// Per cell, whether it races for fastest (correct and animating, on its first visit): the
    /// out-of-race rule and the pair rule (``SideBySide``) compare it with the others that do.
    package var rivals: [Bool]
    /// Two rivals whose per-round ratio lies wholly below this are tied; at or above it, with
    /// its interval above 1, one is slower (the verdicts' rule).
    package var tieFloor: Double

    package init(cells: [CellSpec], rivals: [Bool], tieFloor: Double) {
        self.cells = cells
        self.rivals = rivals
        self.tieFloor = tieFloor
    }

    /// `heckel, lis (append n=1000 sections=10 seed=1)`.
    ///
    /// - Complexity: O(*k*) for *k* cells.
    package var label: String {
        guard let first = cells.first else { return "no cells" }
        let names = cells.map(\.algorithm).joined(separator: ", ")
        let label = first.label
        return names + " (" + label.dropFirst(first.algorithm.count + 1) + ")"
    }
}
