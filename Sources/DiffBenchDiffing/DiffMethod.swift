// SPDX-License-Identifier: Apache-2.0

/// How ``DiffUpdate`` pairs the old and the new rows. Both are linear, keep every row whose
/// identity survives (moved, not deleted and inserted again, across sections too) and never
/// throw; they differ in how many moves they send.
///
/// - Complexity: see each case.
public enum DiffMethod: Sendable, Hashable, CaseIterable {
    /// The fewest moves: per kept section, the rows whose old order is a longest increasing run
    /// stay and every other kept row moves. Fewer calls, so less for UIKit to animate: on a feed
    /// of 100,000 rows in 100 sections with 200 rows moved across sections, it sends about a
    /// twentieth of heckel's operations (docs/use-in-your-app.md). O((*n* + *m*) log *n*).
    case lis
    /// Paul Heckel's symbol table (1978), as DifferenceKit and IGListKit: a row is moved unless it
    /// is the next row of its section not yet placed, so one row moved from the front to the back
    /// moves every row between. O(*n* + *m*).
    case heckel
}
