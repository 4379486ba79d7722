// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchPlatform

/// A short command's output, the one `Process` outside the supervised children.
@Suite struct CommandOutputTests {
    @Test func aCommandsOutputIsTrimmedAndAFailureIsNil() {
        #expect(CommandOutput.of("printf", ["  two words \n\n"]) == "two words")
        #expect(CommandOutput.of("false", []) == nil)
        #expect(CommandOutput.of("no-such-command-\(Platform.processID)", []) == nil)
    }
}
