// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchErrors

/// One build per pool: results pool their samples (`merge`, one side of `compare`, the runs of
/// one commit in `history`) only when one executable measured them all. A build is its
/// `build_id` (a hash of the executable) when the file has one, else its commit and whether the
/// tree was dirty. Same commit, same machine, an uncommitted change making heckel 1.33x slower:
/// merged with a clean run first, heckel moved 1.008x and the gate passed; now the merge is
/// refused with both builds named.
package enum BuildPool {
    /// What tells the builds of `row` apart from others: its build's key, or for a row pooled
    /// from several builds (``BuildIdentity``), all of theirs.
    ///
    /// - Complexity: O(*k*) in the length of its `build_id`.
    static func key(_ row: ResultRow) -> String { BuildIdentity.of(row.meta).map(\.key).joined(separator: "+") }

    /// The builds of `rows`, each named once (``BuildIdentity/name``), in order of first
    /// appearance; a row pooled from several builds counts each of them.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    package static func builds(_ rows: [ResultRow]) -> [String] {
        var seen: Set<String> = [], names: [String] = []
        for row in rows {
            for build in BuildIdentity.of(row.meta) where seen.insert(build.key).inserted { names.append(build.name) }
        }
        return names
    }

    /// Why samples pool only from one build, as the refusal says it by default.
    package static let poolingReason =
        "samples pool only from one build, or a regression in one hides among the other's samples"

    /// Checks that `rows`, which `pool` names (`the files`, `BASE`, `commit 1a2b3c4`), come from
    /// one build. Different builds are refused (not comparable, saying `reason` and what
    /// `allowed` does) unless `allow`; then the returned note says what was done.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    package static func check(
        _ rows: [ResultRow], pool: String, allow: Bool, reason: String = poolingReason,
        allowed: String = "pools them anyway"
    ) throws(DiffBenchError) -> String? {
        let names = builds(rows)
        guard names.count > 1 else { return nil }
        let listed = names.joined(separator: "; ")
        guard allow else {
            throw DiffBenchError(
                .notComparable,
                "not comparable: \(pool) come from \(names.count) builds (\(listed)); \(reason) "
                    + "(--allow-different-builds \(allowed))")
        }
        return "\(pool) come from \(names.count) different builds (--allow-different-builds \(allowed)): \(listed)"
    }
}
