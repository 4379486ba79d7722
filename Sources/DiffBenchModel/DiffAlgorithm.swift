// SPDX-License-Identifier: Apache-2.0
/// A list-diffing algorithm over sectioned snapshots.
///
/// Implementations are generic over the caller's element types; the corpus types are
/// pre-specialized by each algorithm so that calls through the registry stay fast.
public protocol DiffAlgorithm: Sendable {
    /// The stable lowercase name used on the command line and in CSV reports.
    var name: String { get }
    /// One line saying what the algorithm does.
    var summary: String { get }
    /// Computes a changeset that turns `old` into `new`.
    ///
    /// - Throws: `DiffError` for input the algorithm does not support; never traps.
    func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item>
}

/// Input an algorithm cannot handle. A thrown value, never a crash.
public enum DiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two sections share an identity and the algorithm needs them unique.
    case duplicateSection(algorithm: String)
    /// Two items share an identity and the algorithm needs them unique.
    case duplicateItem(algorithm: String)
    /// The input would take the algorithm far too long (an O((n + m) D) algorithm on millions
    /// of elements with a large edit distance); `reason` gives the estimate.
    case tooLarge(algorithm: String, reason: String)

    public var description: String {
        switch self {
        case .duplicateSection(let name): return "\(name): duplicate section identities are not supported"
        case .duplicateItem(let name): return "\(name): duplicate item identities are not supported"
        case .tooLarge(let name, let reason): return "\(name): input too large: \(reason)"
        }
    }
}
