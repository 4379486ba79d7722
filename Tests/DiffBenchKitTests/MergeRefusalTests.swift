// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchFileFormats
import DiffBenchTestSupport

/// `bench merge` pools only what `bench compare` would compare: one machine and build, and one
/// content per file name.
@Suite(.serialized) struct MergeRefusalTests {
    /// Writes `rows` as a results file in a folder of its own; returns its path.
    static func write(_ rows: [ResultRow], _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try ResultsCSV.encode(rows).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func rows(run: String, cpu: String = "AMD EPYC 9B14", hash: String = "") -> [ResultRow] {
        [sampleRow(), sampleRow(metric: "correct", kind: "exact", samples: [1])].map { row in
            var r = row
            r.meta.runID = run
            r.meta.cpuModel = cpu
            r.meta.machineID = "3d1219c7c4c5"
            r.caseHash = hash
            return r
        }
    }

    @Test func filesFromTwoMachinesAreNotPooled() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.write(Self.rows(run: "a"), "a.csv", in: folder)
        let b = try Self.write(Self.rows(run: "b", cpu: "Intel(R) Xeon(R) Platinum 8481C"), "b.csv", in: folder)
        let out = folder.appendingPathComponent("all.csv").path
        let (status, _, err) = try BenchProcess.run(["merge", a, b, "--out", out])
        #expect(status == 4 && err.contains("the files come from 2 machines or builds"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // One machine merges.
        let c = try Self.write(Self.rows(run: "c"), "c.csv", in: folder)
        #expect(try BenchProcess.run(["merge", a, c, "--out", out]).0 == 0)
    }

    @Test func twoFilesUnderOneNameAreNotPooled() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.write(Self.rows(run: "a", hash: "00000000000000aa"), "a.csv", in: folder)
        let b = try Self.write(Self.rows(run: "b", hash: "00000000000000bb"), "b.csv", in: folder)
        let out = folder.appendingPathComponent("x.csv").path
        let (status, _, err) = try BenchProcess.run(["merge", a, b, "--out", out])
        #expect(status == 4 && err.contains("two different files under one name"), "\(err)")
    }
}
