// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The output of a short command run to its end (git for provenance and history, a bench's
/// `_protocol` handshake): the one `Process` DiffBench starts besides the supervised measuring
/// and differ children (``ChildProcess``).
package enum CommandOutput {
    /// Runs `command` (looked up on `PATH` through `/usr/bin/env`) with `arguments`: its standard
    /// output, trimmed, or `nil` when it cannot start or exits other than 0. Its standard error
    /// is discarded.
    ///
    /// - Complexity: the command's run; its output is read whole.
    package static func of(_ command: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
