import Foundation
import Harness
import CSystemProbes

/// `bench _cell SPEC_JSON OUT_FILE`: measures one cell in this process (internal; the parent
/// run kills it if it outlasts its budget). OUT_FILE holds the figures known so far at every
/// step, so that a killed cell still reports them.
enum CellCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        let start = dbp_monotonic_ns()
        _ = dbp_die_with_parent()
        guard tokens.count == 2, let spec = try? JSONDecoder().decode(CellSpec.self, from: Data(tokens[0].utf8)) else {
            throw .usage("_cell is internal: bench _cell SPEC_JSON OUT_FILE")
        }
        func write(_ result: CellResult) {
            guard let data = try? JSONEncoder().encode(result) else { return }
            try? FileAccess.writeAtomically(Array(data), to: tokens[1])
        }
        // The parent reads whatever was written last; a missing file means the cell failed.
        write(CellMeasurement.run(spec, registry: registry, start: start, checkpoint: write))
        return .pass
    }
}

/// `bench _instructions SPEC_JSON`: the child `bench run --instructions callgrind` runs under
/// callgrind (internal).
enum InstructionsCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        _ = dbp_die_with_parent()
        guard tokens.count == 1, let spec = try? JSONDecoder().decode(CellSpec.self, from: Data(tokens[0].utf8)) else {
            throw .usage("_instructions is internal: bench _instructions SPEC_JSON")
        }
        try InstructionCounter.runCountedRegion(spec, registry: registry)
        return .pass
    }
}
