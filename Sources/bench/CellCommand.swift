import Foundation
import Harness

/// `bench _cell SPEC_JSON OUT_FILE`: measures one cell in this process (internal; the parent
/// run kills it if it outlasts its budget).
enum CellCommand {
    static func run(_ tokens: [String]) throws(CommandError) -> ExitCode {
        guard tokens.count == 2, let spec = try? JSONDecoder().decode(CellSpec.self, from: Data(tokens[0].utf8)) else {
            throw .usage("_cell is internal: bench _cell SPEC_JSON OUT_FILE")
        }
        let result = CellMeasurement.run(spec)
        guard let data = try? JSONEncoder().encode(result) else { throw .usage("_cell: cannot encode the result") }
        try FileAccess.writeAtomically(Array(data), to: tokens[1])
        return .pass
    }
}
