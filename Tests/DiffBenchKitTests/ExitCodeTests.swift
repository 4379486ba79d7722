// SPDX-License-Identifier: Apache-2.0
import DiffBenchCompare
import Testing
@testable import DiffBenchKit
import DiffBenchErrors

/// Only the command line turns the library's failures and gate outcomes into exit codes.
@Suite struct ExitCodeTests {
    @Test func kindsAndOutcomesMapToTheDocumentedCodes() {
        #expect(ExitCode(DiffBenchError.Kind.badInput).rawValue == 1)
        #expect(ExitCode(DiffBenchError.Kind.notComparable).rawValue == 4)
        #expect([GateOutcome.pass, .regression, .wrong, .notComparable].map { ExitCode($0).rawValue } == [0, 2, 3, 4])
        #expect(DiffBenchError.usage("--x: bad").kind == .badInput)
    }
}
