// SPDX-License-Identifier: Apache-2.0

/// What watches an update while the glue applies it and may stop it safely: the guard of
/// `DiffBenchDiffingGuard` (`UpdateGuard`) checks the changeset before the first batch and reads
/// the data source back inside each.
@MainActor
public protocol UpdateMonitor {
    /// Whether to animate `update` (`false`: the view reloads instead). Asked once, before the
    /// first batch.
    ///
    /// - Complexity: the monitor's.
    func shouldApply<Data>(_ update: DiffUpdate<Data>) -> Bool

    /// Whether to send batch `stage` of `update` to `view`, asked inside the batch after the
    /// data source was set to the stage's data and before any call (`false`: the batch ends with
    /// every section deleted and the data source's inserted, which UIKit accepts whatever the data
    /// source says, and the view reloads).
    ///
    /// - Complexity: the monitor's.
    func shouldSend<Data>(stage: Int, of update: DiffUpdate<Data>, to view: some BatchUpdateView) -> Bool
}

/// How ``BatchUpdateView/reload(using:reconfiguringRows:interrupt:guard:completion:setData:)``
/// ended.
public enum ReloadOutcome: Sendable, Hashable {
    /// Every batch was sent (none when nothing changed).
    case animated
    /// The view reloaded instead.
    case reloaded(Reason)

    /// Why the view reloaded.
    public enum Reason: Sendable, Hashable {
        /// The view is not in a window: nothing to animate.
        case notInWindow
        /// `interrupt` asked for it.
        case interrupted
        /// The monitor refused the update before the first batch.
        case refused
        /// The monitor stopped a batch (the data source disagreed with it).
        case stopped
    }
}
