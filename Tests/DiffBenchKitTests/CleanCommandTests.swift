// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

@Suite(.serialized) struct CleanCommandTests {
    @Test func cleanKeepsTheNewestRunsAndTheBaseline() throws {
        let first = try BenchProcess.temporaryFile("", name: "baseline.csv")
        defer { BenchProcess.remove(first) }
        let dir = URL(fileURLWithPath: first).deletingLastPathComponent()
        let names = [
            "20261101T000000Z-head.csv", "20261101T000000Z-vs-baseline.md", "20261102T000000Z-head.csv",
            "20261103T000000Z-default-1.csv", "notes.txt"
        ]
        for name in names { try "x".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("20261101T000000Z-vs-baseline-report"),
            withIntermediateDirectories: true)

        let dry = try BenchProcess.run(["clean", "--keep", "1", "--dir", dir.path, "--dry-run"])
        #expect(dry.0 == 0)
        #expect(dry.1.split(separator: "\n").count == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 7)

        let clean = try BenchProcess.run(["clean", "--keep", "1", "--dir", dir.path])
        #expect(clean.0 == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["20261103T000000Z-default-1.csv", "baseline.csv", "notes.txt"])
    }

    @Test func cleanNeverRemovesATrackedFile() throws {
        let first = try BenchProcess.temporaryFile("", name: "baseline.csv")
        defer { BenchProcess.remove(first) }
        let dir = URL(fileURLWithPath: first).deletingLastPathComponent()
        for name in ["20261101T000000Z-vs-baseline.md", "20261101T000000Z-head.csv", "20261102T000000Z-head.csv"] {
            try "x".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        func git(_ args: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", dir.path] + args
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try git(["init", "-q"])
        try git(["add", "20261101T000000Z-vs-baseline.md"])
        let clean = try BenchProcess.run(["clean", "--keep", "1", "--dir", dir.path])
        #expect(clean.0 == 0)
        #expect(clean.2.contains("skipped \(dir.path)/20261101T000000Z-vs-baseline.md: git tracks it"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left.contains("20261101T000000Z-vs-baseline.md") && !left.contains("20261101T000000Z-head.csv"))
    }
}
