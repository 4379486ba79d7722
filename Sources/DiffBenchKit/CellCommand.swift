// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchPlatform
import DiffBenchFileFormats
import DiffBenchErrors

/// `bench _cell SPEC_JSON OUT_FILE`: measures one cell in this process (internal; the parent
/// run kills it if it outlasts its budget). OUT_FILE holds the figures known so far at every
/// step, so that a killed cell still reports them.
enum CellCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let start = Clock.monotonicNanoseconds()
        Signals.dieWithParent()
        guard tokens.count == 2, let spec = try? JSONDecoder().decode(CellSpec.self, from: Data(tokens[0].utf8)) else {
            throw .usage("_cell is internal: bench _cell SPEC_JSON OUT_FILE")
        }
        var failure: DiffBenchError?
        func write(_ result: CellResult) {
            guard let data = try? JSONEncoder().encode(result) else { return }
            do {
                try FileAccess.writeAtomically(Array(data), to: tokens[1], replace: true, createFolder: false)
            } catch {
                failure = failure ?? error
            }
        }
        // The parent reads whatever was written last; a missing file means the cell failed. A
        // write that failed (a full disk or TMPDIR) fails the process with its reason, so that the
        // parent reports an error naming the file, never the last checkpoint as a timeout.
        write(CellMeasurement.run(spec, registry: registry, start: start, checkpoint: write))
        if let failure { throw failure }
        return .pass
    }
}

/// `bench _case SPEC_JSON OUT_FILE`: times the contenders of one case side by side in this
/// process (internal; ``SideBySide``). OUT_FILE gets one CellResult per cell, in order, at the
/// end; a missing file means the process failed, and the parent times those cells alone.
enum CaseCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        Signals.dieWithParent()
        guard tokens.count == 2,
            let spec = try? JSONDecoder().decode(SideBySideSpec.self, from: Data(tokens[0].utf8))
        else {
            throw .usage("_case is internal: bench _case SIDE_BY_SIDE_SPEC_JSON OUT_FILE")
        }
        let results = SideBySide.run(spec, registry: registry)
        if let data = try? JSONEncoder().encode(results) {
            // A failed write (a full disk or TMPDIR) fails the process with its reason.
            try FileAccess.writeAtomically(Array(data), to: tokens[1], replace: true, createFolder: false)
        }
        return .pass
    }
}

/// `bench _instructions SPEC_JSON`: the child `bench run --instructions callgrind` runs under
/// callgrind (internal).
enum InstructionsCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        Signals.dieWithParent()
        guard tokens.count == 1, let spec = try? JSONDecoder().decode(CellSpec.self, from: Data(tokens[0].utf8)) else {
            throw .usage("_instructions is internal: bench _instructions SPEC_JSON")
        }
        try InstructionCounter.runCountedRegion(spec, registry: registry)
        return .pass
    }
}

/// `bench _cells`: the long-lived measuring process of a run's later rounds (internal). Reads one
/// CellSpec JSON per line on stdin and answers each with one CellResult JSON line on stdout
/// (``CellMeasurement/revisit(_:registry:warm:start:)``); ends at the end of its input.
enum CellServerCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        Signals.dieWithParent()
        guard tokens.isEmpty else { throw .usage("_cells is internal: bench _cells, one cell spec per line on stdin") }
        var warmed = Set<String>()
        while let line = readLine() {
            let start = Clock.monotonicNanoseconds()
            var result = CellResult(status: .error, note: "_cells: not a cell spec")
            if let spec = try? JSONDecoder().decode(CellSpec.self, from: Data(line.utf8)) {
                result = CellMeasurement.revisit(
                    spec,
                    registry: registry,
                    warm: warmed.contains(spec.label),
                    start: start
                )
                if result.status == .ok { warmed.insert(spec.label) }
            }
            let answer = (try? JSONEncoder().encode(result)) ?? Data(#"{"status":"error","note":"cannot encode"}"#.utf8)
            do { try FileHandle.standardOutput.write(contentsOf: answer + Data([0x0A])) } catch { return .pass }
        }
        return .pass
    }
}

/// `bench _protocol [BENCH]`: prints the `_cell` protocol version; with BENCH, exits 0 when a
/// paired run can measure with that bench and 1 when not (internal; run-bench.sh asks).
enum ProtocolCommand {
    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        Console.out(CellRunner.protocolVersion)
        guard let other = tokens.first else { return .pass }
        return CellRunner.pairableVersion(other) == nil ? .usage : .pass
    }
}
