// SPDX-License-Identifier: Apache-2.0
import Foundation
import Dispatch
import DiffBenchPlatform

/// Cleans up when `bench` is interrupted (Ctrl-C, SIGTERM, SIGHUP): every child it started is
/// killed first (measuring children and external differs, with their process groups), then the
/// given runners' folders of cell files and the given temporary files are removed, and the process
/// exits with 128 + the signal number. The children would die with their parent anyway
/// (``Signals/dieWithParent(_:)``); killing them first means none is still writing into a folder
/// being removed. No result file is half-written in any case: files are written to a temporary
/// name and renamed.
package enum Interruption {
    /// Installs the handlers; keep the returned sources alive for as long as they should act.
    /// `cleanups` run after the children are killed (for example an external differ's
    /// `ExternalDiffer.shutdown()`, which removes its folder).
    package static func removeOnSignal(
        _ runners: [CellRunner], paths: [String] = [],
        cleanups: [@Sendable () -> Void] = []
    ) -> [any DispatchSourceSignal] {
        Signals.onTermination { number in
            ChildProcess.killAll()
            for cleanup in cleanups { cleanup() }
            for runner in runners { runner.removeFiles() }
            for path in paths { Files.remove(path) }
            // A folder a dying child was still writing into can outlive the first removal.
            for runner in runners { runner.removeFiles() }
            Terminal.writeError("\nbench: interrupted; measuring processes stopped, temporary files removed\n")
            Platform.exit(128 + number)
        }
    }
}
