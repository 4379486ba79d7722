// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

/// What a report's writer (``RunReport/write(_:to:staging:)``) and a signal's handler share: a
/// lock the writer holds for each step (one file written into the staging folder, the renames
/// that give the report its name), and that the handler takes for good before it removes the
/// staging folder. So the handler never removes files while they take the report's name (which
/// left a report without its README.md), and the writer takes no step after (the process then
/// exits).
package final class ReportStaging: @unchecked Sendable {
    /// The report's folder.
    package let directory: String
    private let lock = NSLock()

    /// The staging of a report written to `directory`.
    package init(for directory: String) { self.directory = directory }

    /// Removes the staging folder once the writer's step under way is done; the writer takes no
    /// further step. For a signal's handler, which then ends the process.
    ///
    /// - Complexity: O(*f*) for *f* files written so far.
    package func abandon() {
        lock.lock()
        try? Files.removeTree(RunReport.stagingFolder(for: directory))
    }

    /// Starts one step of the writer (call ``end()`` after it).
    func begin() { lock.lock() }

    /// Ends one step of the writer.
    func end() { lock.unlock() }
}
