// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A FIFO (or any file that is not a regular one) never blocks an input path: given as a case,
/// met in a folder, named by a suite's `file` line or among results, it is refused by name at
/// once. Each command runs under a 20 s timeout, so a regression fails rather than hangs.
@Suite(.serialized) struct FIFOInputTests {
    /// A folder holding a FIFO named `name`, and the FIFO's path.
    static func folderWithFIFO(_ name: String) throws -> (folder: String, fifo: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent(name).path
        #expect(mkfifo(fifo, 0o644) == 0)
        return (folder.path, fifo)
    }

    @Test(arguments: [
        ["verify", "FIFO"], ["run", "FIFO", "--algorithms", "heckel", "--out", "OUT", "--allow-debug"],
        ["diff", "FIFO", "--algorithm", "heckel"], ["check", "FIFO", "Corpus/changesets/reload-data.json"],
        ["verify", "FOLDER"], ["run", "FOLDER", "--out", "OUT", "--allow-debug"], ["history", "FOLDER"],
        ["compare", "FIFO", "Results/baseline.csv"], ["run", "--suite", "SUITE", "--out", "OUT", "--allow-debug"]
    ])
    func aFIFOIsRefusedByName(_ template: [String]) throws {
        let (folder, fifo) = try Self.folderWithFIFO(template[0] == "history" ? "r.csv" : "case.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = (folder as NSString).appendingPathComponent("s.suite")
        try "file \(fifo)\n".write(toFile: suite, atomically: true, encoding: .utf8)
        let args = template.map { token -> String in
            switch token {
            case "FIFO": return fifo
            case "FOLDER": return folder
            case "SUITE": return suite
            case "OUT": return (folder as NSString).appendingPathComponent("out.csv")
            default: return token
            }
        }
        let (status, _, err) = try BenchProcess.run(args, timeout: 20)
        #expect(status == 1, "\(template): status \(status), \(err)")
        #expect(err.contains("is a FIFO") && err.contains(fifo), "\(template): \(err)")
    }
}
