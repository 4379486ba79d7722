// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchPlatform

/// The janitor's pipe cannot be confused by any byte of a path: fields end with a NUL, which no
/// path holds. Before, one folder per line: `DIR` + newline + `x` was read as the folder `DIR`.
@Suite struct JanitorLedgerTests {
    static func bytes(_ records: [(String, [String])]) -> [UInt8] {
        records.flatMap { JanitorLedger.record($0.0, $0.1)! }
    }

    @Test func aPathHoldingANewlineIsOneField() {
        let parent = "/tmp/dir\nx", odd = "/tmp/a b\t'c'\\d\r\u{1B}[2J é"
        var ledger = JanitorLedger()
        ledger.read(
            Self.bytes([
                ("hello", ["token", "42"]), ("folder", [parent, "diffbench-42-1"]),
                ("made", [parent, "diffbench-42-1", "7", "99"]), ("folder", [odd, ".rep.42.tmp"]),
                ("group", ["1234"])
            ]))
        #expect(ledger.token == "token" && ledger.bench == 42)
        #expect(ledger.folders.map(\.path) == ["/tmp/dir\nx/diffbench-42-1", odd + "/.rep.42.tmp"])
        #expect(ledger.folders[0].device == 7 && ledger.folders[0].inode == 99 && ledger.folders[1].inode == nil)
        #expect(ledger.groups == [1234])
        ledger.read(Self.bytes([("gone", [parent, "diffbench-42-1"]), ("done", ["1234"])]))
        #expect(ledger.folders.map(\.name) == [".rep.42.tmp"] && ledger.groups.isEmpty)
        // No folder `/tmp/dir` was ever named.
        #expect(!ledger.folders.contains { $0.path == "/tmp/dir" || $0.parent == "/tmp/dir" })
    }

    @Test func aRecordCutShortTakesNoEffectAndRecordsSplitAnywhereDo() {
        let whole = Self.bytes([("hello", ["t", "7"]), ("folder", ["/tmp", "diffbench-7-a"])])
        for cut in 0...whole.count {
            var ledger = JanitorLedger()
            ledger.read(whole[..<cut])
            #expect(ledger.folders.count == (cut == whole.count ? 1 : 0), "cut at \(cut)")
            ledger.read(whole[cut...])
            #expect(ledger.folders.map(\.path) == ["/tmp/diffbench-7-a"], "split at \(cut)")
        }
        // A field holding a NUL cannot be written at all.
        #expect(JanitorLedger.record("folder", ["/tmp/a\u{0}b", "x"]) == nil)
        #expect(JanitorLedger.record("folder", ["/tmp"]) == nil)
    }
}
