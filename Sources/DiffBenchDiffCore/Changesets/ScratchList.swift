// SPDX-License-Identifier: Apache-2.0
/// A list of values in a buffer allocated once at its largest size, for a hot loop that
/// would otherwise append to an array: an append to an array held in a struct checks the array's
/// uniqueness through a runtime call and stores to its header every time, and the loop's speed then
/// depends on where the heap put the arrays (`perf`: heckel on `unfilter` 10k took 48-57 µs in
/// some processes and 103-124 µs in others, the same binary and case; 41-43 µs in all with this).
///
/// The owner deallocates it (``deallocate()``, in a `defer`) after copying it out (``array``).
@usableFromInline
package struct ScratchList<Element> {
    @usableFromInline package let base: UnsafeMutablePointer<Element>
    /// Invariant: `base[..<count]` are initialized, and `count` is at most the capacity.
    @usableFromInline package var count = 0

    /// An empty list with room for `capacity` values.
    ///
    /// - Complexity: one allocation; nothing is written.
    @inlinable
    package init(capacity: Int) { base = .allocate(capacity: capacity) }

    /// Appends `value`.
    ///
    /// - Precondition: fewer than the capacity are held.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package mutating func append(_ value: Element) {
        (base + count).initialize(to: value)
        count += 1
    }

    /// The values, as an array of their size.
    ///
    /// - Complexity: O(*n*) for *n* values.
    @inlinable
    package var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Deinitializes the values and frees the buffer.
    ///
    /// - Complexity: O(1) for trivial values (`ItemPath`, `Move`), O(*n*) otherwise.
    @inlinable
    package func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
