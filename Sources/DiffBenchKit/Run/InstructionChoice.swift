// SPDX-License-Identifier: Apache-2.0
import DiffBenchMeasuring

/// `--instructions`: a counter by name, or `auto` (perf where the kernel allows it, else none).
enum InstructionChoice: String, FlagChoice {
    case auto, perf, callgrind, off

    /// The counter it names.
    ///
    /// - Complexity: O(1).
    var counter: InstructionCounter {
        switch self {
        case .auto: return InstructionCounter.perfAvailable ? .perf : .off
        case .perf: return .perf
        case .callgrind: return .callgrind
        case .off: return .off
        }
    }
}
