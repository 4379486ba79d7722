// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchCompare
import DiffBenchDiffers
import DiffBenchConformance
import DiffBenchFileFormats
import DiffBenchMeasuring
@testable import DiffBenchKit
import DiffBenchErrors

/// A flag's closed words, parsed in one place: the value, the default, the error with the list.
@Suite struct FlagChoiceTests {
    @Test func theChoicesReadAsTheErrorsAndUsageLinesWriteThem() throws {
        #expect([OutputFormat.markdown, .json, .html].expected == "markdown, json or html")
        #expect([OutputFormat.text].expected == "text" && [OutputFormat.table, .csv].usage == "table|csv")
        let args = try Arguments(["--format", "json"], options: ["format"])
        #expect(try args.choice("format", among: CheckCommand.formats, default: .text) == .json)
        #expect(
            try Arguments([], options: ["format"]).choice("format", among: CheckCommand.formats, default: .text)
                == .text)
        #expect(throws: DiffBenchError.self) {
            try Arguments(["--format", "html"], options: ["format"]).choice("format", among: CheckCommand.formats)
        }
    }

    @Test func theOtherClosedFlagsAreParsedTheSameWay() throws {
        #expect(
            try Arguments(["--target", "diffable"], options: ["target"]).choice("target", default: Target.table)
                == .diffable)
        do {
            _ = try Arguments(["--ids", "mixed"], options: ["ids"]).choice("ids", among: IdentityKind.generated)
            Issue.record("--ids mixed was taken")
        } catch {
            #expect(error.description == "--ids mixed: expected int, sparse, string, key or uuid")
        }
        #expect(Set(IdentityKind.generated) == Set(IdentityKind.allCases).subtracting([.mixed]))
        #expect(
            InstructionChoice.usage == "auto|perf|callgrind|off" && InstructionChoice.callgrind.counter == .callgrind)
        #expect(Comparison.Scope.usage == "all|exact|timing" && ExternalDiffer.Mode.usage == "per-case|lines")
    }
}
