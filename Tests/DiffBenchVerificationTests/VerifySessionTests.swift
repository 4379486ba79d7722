// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchDiffers
import DiffBenchFileFormats
@testable import DiffBenchVerification

/// A verify session, outside the command line: what it says goes to its output, failing cases
/// are saved and the smallest kept.
@Suite struct VerifySessionTests {
    /// Lines and notices, as a session says them.
    final class Said: @unchecked Sendable {
        var lines: [String] = [], notices: [String] = []
    }

    @Test func aFailureIsSaidSavedAndShrunk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = Said()
        var session = VerifySession(
            verification: Verification(differs: [Differ(Heckel()), Differ(ReloadsMovedItems())]),
            external: nil, quiet: false, listPasses: true,
            output: VerifySession.Output(line: { said.lines.append($0) }, notice: { said.notices.append($0) }))
        session.saveFailures = folder.path
        session.keepsMinimal = true
        let file = try Scenario.shuffle.generate(size: 30, sections: 1, seed: 1).caseFile(ids: .int)
        try session.check(label: "shuffle", stem: "seed-1", old: file.old, new: file.new) { file }
        #expect(said.lines.count == 1 && said.lines[0].hasPrefix("FAIL reloads-moved shuffle: stage 0 R2"))
        let saved = folder.appendingPathComponent("seed-1-reloads-moved.json").path
        #expect(FileManager.default.fileExists(atPath: saved) && said.notices.contains { $0.hasSuffix(saved) })
        #expect(session.summary.failed == 1 && session.summary.tallies["reloads-moved"]?.rules.first?.rule == .r2)
        let minimal = try session.writeMinimal(to: folder.path, force: false)
        let path = try #require(minimal["reloads-moved"]?[.r2])
        #expect(path.hasSuffix("reloads-moved-r2.json") && FileManager.default.fileExists(atPath: path))
        let shrunk = try FileAccess.readCase(path)
        #expect(shrunk.old.itemCount + shrunk.new.itemCount < file.old.itemCount + file.new.itemCount)

        let passing = try Scenario.append.generate(size: 30, sections: 1, seed: 1).caseFile(ids: .int)
        var heckelOnly = VerifySession(
            verification: Verification(differs: [Differ(Heckel())]), external: nil, quiet: false, listPasses: true,
            output: VerifySession.Output(line: { said.lines.append($0) }, notice: { said.notices.append($0) }))
        try heckelOnly.check(label: "append", old: passing.old, new: passing.new) { passing }
        #expect(said.lines.last == "ok   append")
    }
}
