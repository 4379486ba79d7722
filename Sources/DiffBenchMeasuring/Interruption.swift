import Foundation
import Dispatch
import DiffBenchCProbes
#if canImport(Glibc)
import Glibc
#endif

/// Cleans up when `bench` is interrupted (Ctrl-C, SIGTERM): the measuring children die with
/// their parent (`PR_SET_PDEATHSIG`), and the given runners' folders of cell files and the
/// given temporary files are removed before the process exits with 128 + the signal number. No result file is
/// half-written in any
/// case: files are written to a temporary name and renamed.
public enum Interruption {
    /// Installs the handlers; keep the returned sources alive for as long as they should act.
    /// `cleanups` run first (for example an external differ's `ExternalDiffer.shutdown()`,
    /// which kills its process groups).
    public static func removeOnSignal(_ runners: [CellRunner], paths: [String] = [],
                                      cleanups: [@Sendable () -> Void] = []) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                for cleanup in cleanups { cleanup() }
                for runner in runners { runner.removeFiles() }
                for path in paths { unlink(path) }
                dbp_stderr("\nbench: interrupted; measuring processes stopped, temporary files removed\n")
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
