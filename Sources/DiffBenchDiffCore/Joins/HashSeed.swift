// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The secret that the identity hashes mix in, so that identities crafted against them cannot
/// make their hashes collide: without it, ids chosen so that their hashes share the low bits put
/// every identity in one probe sequence of ``IdentityTable`` and turn an O(*n*) join into
/// O(*n*²) (40,000 crafted `Int` ids: 0.76 s per diff of heckel instead of 0.62 ms; under a
/// secret seed 0.65-0.68 ms, as random ids). The seed costs one xor per `Int` or UUID hash and
/// a keyed start per string hash: 1-1.5% more instructions on string ids, none on `Int` ids.
///
/// It is this process's `DIFFBENCH_HASH_SEED` (a decimal `UInt64`), which `bench run` gives each
/// measuring process: 0 for a run of generated cells only (their identities are the corpus's own,
/// and a fixed seed keeps instruction counts repeatable for the exact gate), a random one
/// recorded in the results (`hash_seed`) for a run that times case or trace files. Without it
/// (`bench diff`, `verify`, an app) the seed is random. Read once per join.
///
/// - Complexity: O(1); the environment is read once per process.
public enum HashSeed {
    /// This process's seed.
    ///
    /// - Complexity: O(1).
    public static let value: UInt64 = {
        if let text = ProcessInfo.processInfo.environment[variable], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 0...UInt64.max)
    }()

    /// The environment variable that sets the seed.
    ///
    /// - Complexity: O(1).
    public static let variable = "DIFFBENCH_HASH_SEED"
}
