// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// Refuses inputs on which an O((*n* + *m*) *D*) algorithm would run for minutes or hours
/// (`bench diff` and `verify` have no time budget): a 2,000,000-section case with a few percent
/// of changes is hundreds of billions of steps for the standard library's Myers.
///
/// The estimate is (*n* + *m*) times a lower bound of *D*, at both levels: the elements on one
/// side only, repeated identities counted (any script deletes an old element whose identity no
/// new element has, and inserts a new one that has no old counterpart; an identity held more
/// often on one side loses or gains the difference). The order of what both sides hold is
/// ``MyersWorkGuard``'s part, per pair of sequences. It is counted on the identities the diff joins anyway
/// (``DenseIdentities``), in two passes over arrays of `Int`. Built as two `Set`s of identities
/// through lazy key-path chains, which the optimizer left generic, it took 89% of the `stdlib`
/// cells' time at 100,000 items (`perf record` of `unchanged` 100k: 80 ms per diff).
/// Small inputs (under ``threshold`` elements) are never refused.
@usableFromInline
enum QuadraticGuard {
    /// Elements (sections plus items, both sides) below which nothing is estimated.
    @usableFromInline static let threshold = 200_000
    /// Steps of (*n* + *m*) *D* above which the input is refused: about a minute of the
    /// standard library's implementation on this project's machine.
    @usableFromInline static let limit = 2e10

    /// Throws ``DiffError/tooLarge(algorithm:reason:)`` when the estimate for the joined
    /// `sections` and `items` of two snapshots exceeds ``limit``.
    ///
    /// - Complexity: O(*n* + *m*), only above ``threshold`` elements.
    @inlinable
    static func check(sections: DenseIdentities, items: DenseIdentities, algorithm: String) throws(DiffError) {
        let size = sections.old.count + sections.new.count + items.old.count + items.new.count
        guard size > threshold else { return }
        let distance = oneSided(sections) + oneSided(items)
        let steps = Double(size) * Double(distance)
        guard steps > limit else { return }
        throw .tooLarge(
            algorithm: algorithm,
            reason: "\(size) elements and at least \(distance) edits make about "
                + "\(Int(steps / 1e9)) billion steps of O((n+m)D) work; use heckel or lis, which are linear")
    }

    /// How many elements any script between the two lists deletes or inserts, by their counts:
    /// per symbol, the difference between its occurrences in the old list and in the new (an
    /// identity held three times before and once after loses two), plus every new element whose
    /// identity the old list lacks (-1).
    ///
    /// - Complexity: O(*n* + *m*).
    @inlinable
    static func oneSided(_ identities: DenseIdentities) -> Int {
        // surplus[s]: occurrences of s in the old list minus those in the new read so far.
        var surplus = [Int](repeating: 0, count: identities.symbolCount)
        for s in identities.old { surplus[s] += 1 }
        var count = 0
        for s in identities.new {
            if s < 0 { count += 1 } else { surplus[s] -= 1 }
        }
        for difference in surplus { count += abs(difference) }
        return count
    }
}
