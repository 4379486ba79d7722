import DiffModel

/// Refuses inputs on which an O((*n* + *m*) *D*) algorithm would run for minutes or hours
/// (`bench diff` and `verify` have no time budget): a 2,000,000-section case with a few percent
/// of changes is hundreds of billions of steps for the standard library's Myers.
///
/// The estimate is (*n* + *m*) times a lower bound of *D*: the identities on one side only, at
/// both levels. Small inputs (under ``threshold`` elements) are never refused.
@usableFromInline
enum QuadraticGuard {
    /// Elements (sections plus items, both sides) below which nothing is estimated.
    @usableFromInline static let threshold = 200_000
    /// Steps of (*n* + *m*) *D* above which the input is refused: about a minute of the
    /// standard library's implementation on this project's machine.
    @usableFromInline static let limit = 2e10

    /// Throws ``DiffError/tooLarge(algorithm:reason:)`` when the estimate exceeds ``limit``.
    ///
    /// - Complexity: O(*n* + *m*) hashing, only above ``threshold`` elements.
    @inlinable
    static func check<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>, algorithm: String
    ) throws(DiffError) {
        let size = old.sections.count + old.itemCount + new.sections.count + new.itemCount
        guard size > threshold else { return }
        var distance = oneSided(old.sections.lazy.map(\.model.diffID), new.sections.lazy.map(\.model.diffID))
        distance += oneSided(old.sections.lazy.flatMap(\.items).map(\.diffID),
                             new.sections.lazy.flatMap(\.items).map(\.diffID))
        let steps = Double(size) * Double(distance)
        guard steps > limit else { return }
        throw .tooLarge(algorithm: algorithm, reason: "\(size) elements and at least \(distance) edits make about "
                        + "\(Int(steps / 1e9)) billion steps of O((n+m)D) work; use heckel or lis, which are linear")
    }

    /// How many identities of `a` are not in `b`, plus how many of `b` are not in `a`.
    @inlinable
    static func oneSided<ID: Hashable>(_ a: some Sequence<ID>, _ b: some Sequence<ID>) -> Int {
        let left = Set(a), right = Set(b)
        return left.subtracting(right).count + right.subtracting(left).count
    }
}
