// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Outputs never clobber: an existing file is kept unless --force, and a device, FIFO or
/// symbolic link is never replaced, whatever the flags.
@Suite struct OutputSafetyTests {
    let caseFile = "Corpus/cases/e01-delete-and-move.json"

    @Test func anExistingFileIsKeptUnlessForced() throws {
        let existing = try BenchProcess.temporaryFile("keep me", name: "out.json")
        defer { BenchProcess.remove(existing) }
        let (status, _, err) = try BenchProcess.run(["diff", caseFile, "--algorithm", "heckel", "--out", existing])
        #expect(status == 1 && err.contains("exists; pass --force"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        let forced = try BenchProcess.run(["diff", caseFile, "--algorithm", "heckel", "--out", existing, "--force"])
        #expect(forced.0 == 0)
        #expect(try String(contentsOfFile: existing, encoding: .utf8).contains("diffbench-changeset/1"))
    }

    @Test func aMeasuringChildThatCannotWriteItsFiguresFailsWithTheReason() throws {
        // As on a full disk or TMPDIR: the figures cannot be written. The child says why and fails,
        // so the run reports an error, never its first checkpoint ("stopped before the first diff").
        let spec =
            #"{"ids":"int","algorithm":"heckel","seed":1,"sections":10,"budget":4,"size":300,"#
            + #""scenario":"mixed","perfCounters":false,"samples":6}"#
        let (status, _, err) = try BenchProcess.run(["_cell", spec, "/dev/null/cell.json"])
        #expect(status == 1 && err.contains("/dev/null/cell.json: cannot write"), "\(status): \(err)")
    }

    /// Past the file-size limit (`ulimit -f`): SIGXFSZ killed bench silently and left a `.tmp`;
    /// now the write fails with EFBIG, named with its file, and nothing is left.
    @Test func aFileSizeLimitIsAnErrorNamingTheFile() throws {
        let out = try BenchProcess.temporaryFile("", name: "placeholder")
        defer { BenchProcess.remove(out) }
        let folder = (out as NSString).deletingLastPathComponent
        let changeset = (folder as NSString).appendingPathComponent("big.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A case of 5,000 items is some 100 KB, far past a limit of 512 bytes.
        process.arguments = [
            "-c", "ulimit -f 1; exec \"$0\" \"$@\"", BenchProcess.executable.path, "corpus",
            "write", "mixed", "--size", "5000", "--out", changeset
        ]
        process.currentDirectoryURL = BenchProcess.packageRoot
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(message)")
        #expect(message.contains("\(changeset): cannot write: File too large"), "\(message)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "placeholder" }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func devicesFIFOsAndLinksAreNeverReplaced() throws {
        let target = try BenchProcess.temporaryFile("target", name: "target.json")
        defer { BenchProcess.remove(target) }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        let fifo = folder.appendingPathComponent("fifo").path, link = folder.appendingPathComponent("link").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(symlink(target, link) == 0)
        for (path, kind) in [("/dev/null", "a device"), (fifo, "a FIFO"), (link, "a symbolic link")] {
            let (status, _, err) = try BenchProcess.run([
                "diff", caseFile, "--algorithm", "heckel", "--out", path,
                "--force"
            ])
            #expect(status == 1 && err.contains("is \(kind)"), "\(path): \(err)")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & 0o170000 == 0o010000, "the FIFO is still a FIFO")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "target")
    }

    @Test func pairedOutMayNotBeOut() throws {
        let (status, _, err) = try BenchProcess.run([
            "run", "--allow-debug", "--suite", "quick", "--out", "/tmp/x.csv",
            "--paired-with", "/bin/true", "--paired-out", "/tmp/x.csv", "--force"
        ])
        #expect(status == 1 && err.contains("is the --out file"))
    }

    @Test func standardInputObeysTheSizeLimit() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let bench = BenchProcess.executable.path
        process.arguments = [
            "-c",
            "head -c 540000000 /dev/zero | '\(bench)' check - Corpus/changesets/reload-data.json"
        ]
        process.currentDirectoryURL = BenchProcess.packageRoot
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("standard input is over 512 MiB"))
    }

    /// Runs `bench ARGS` through a shell with standard output redirected as `redirect` says.
    static func shell(_ args: String, redirect: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(BenchProcess.executable.path)' \(args) \(redirect)"]
        process.currentDirectoryURL = BenchProcess.packageRoot
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Standard output and standard error through one pipe, as in a CI log: every line is
    /// whole, the table's and the progress's alike, and the closing "wrote" line comes after the
    /// table.
    @Test func aTableAndProgressShareOnePipeLineByLine() throws {
        let out = try BenchProcess.temporaryFile("", name: "pipe.csv")
        defer { BenchProcess.remove(out) }
        let process = Process()
        process.executableURL = BenchProcess.executable
        process.arguments = [
            "run", "--suite", "quick", "--algorithms", "heckel,lis", "--scenarios", "mixed,shuffle",
            "--sizes", "1000", "--samples", "6", "--instructions", "off", "--allow-debug",
            "--out", out, "--force"
        ]
        process.currentDirectoryURL = BenchProcess.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A stderr line starts with "bench:"; none is inside another line.
        #expect(lines.allSatisfy { !$0.dropFirst().contains("bench: ") }, "\(text)")
        let header = try #require(lines.firstIndex { $0.hasPrefix("scenario ") && $0.contains("verdict") })
        let wrote = try #require(lines.lastIndex { $0.hasPrefix("bench: wrote ") })
        #expect(wrote > header)
        #expect(lines[(header + 1)..<wrote].filter { $0.hasPrefix("mixed ") || $0.hasPrefix("shuffle ") }.count == 4)
    }

    @Test func aFullOrClosedStandardOutputIsAnError() throws {
        let commands = [
            "diff Corpus/cases/e01-delete-and-move.json --algorithm heckel",
            "check Corpus/cases/e01-delete-and-move.json Corpus/changesets/e01-dk-stages.json --format json",
            "compare Results/baseline.csv Results/baseline.csv --format json --metrics exact",
            "report Results/baseline.csv --format json",
            "export Results/baseline.csv --format bencher",
            "list"
        ]
        for command in commands {
            for redirect in ["> /dev/full", ">&-"] {
                let (status, err) = try Self.shell(command, redirect: redirect)
                #expect(status == 1, "\(command) \(redirect): status \(status), \(err)")
                #expect(err.contains("bench: cannot write standard output:"), "\(command) \(redirect): \(err)")
            }
        }
    }
}
