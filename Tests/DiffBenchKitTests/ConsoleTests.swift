// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

/// A case name holding ESC, BEL and a C1 CSI reaches no terminal raw, from any command that
/// prints it: tables, progress lines and messages of run, merge, compare, history, verify,
/// check and report. Before, `run` wrote 16 such bytes, `merge` 8 and `compare` 4 (the
/// window title set, the screen cleared); only the reports escaped the name.
@Suite(.serialized) struct ConsoleTests {
    /// ESC ] 0 ; title BEL (set the window title), ESC [ 2 J (clear the screen), CSI 31 m.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2Jcase\u{9B}31m"

    /// The control characters of `text` other than a line break.
    static func controls(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            .map(\.value)
    }

    @Test func aHostileCaseNameIsTextInEveryCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-console-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let items = { (ids: [Int]) in ids.map { "{\"id\": \($0)}" }.joined(separator: ", ") }
        let escaped = "\\u001b]0;pwned\\u0007\\u001b[2Jcase\\u009b31m"
        let json =
            "{\"format\": \"diffbench-case/1\", \"name\": \"\(escaped)\", "
            + "\"old\": [{\"id\": \"s\", \"items\": [\(items(Array(0..<40)))]}], "
            + "\"new\": [{\"id\": \"s\", \"items\": [\(items(Array((0..<40).reversed())))]}]}"
        try json.write(toFile: path("case.json"), atomically: true, encoding: .utf8)
        var outputs: [(String, String)] = []
        func bench(_ args: [String]) throws -> Int32 {
            let (status, out, err) = try BenchProcess.run(args)
            outputs.append((args.prefix(2).joined(separator: " "), out + err))
            return status
        }
        let run = ["--algorithms", "heckel,lis", "--instructions", "off", "--allow-debug", "--samples", "6"]
        #expect(try bench(["run", path("case.json"), "--out", path("a.csv")] + run) == 0)
        #expect(try bench(["run", path("case.json"), "--out", path("b.csv")] + run) == 0)
        #expect(try bench(["merge", path("a.csv"), path("b.csv"), "--out", path("m.csv")]) == 0)
        _ = try bench(["compare", path("a.csv"), path("b.csv")])
        _ = try bench(["history", path("a.csv"), path("b.csv")])
        #expect(try bench(["verify", path("case.json")]) == 0)
        #expect(try bench(["diff", path("case.json"), "--algorithm", "heckel", "--out", path("c.json")]) == 0)
        _ = try bench(["check", path("case.json"), path("c.json")])
        #expect(try bench(["report", path("a.csv"), "--out", path("report")]) == 0)
        for (command, text) in outputs {
            #expect(Self.controls(text).isEmpty, "\(command): \(Self.controls(text)) in \(text)")
        }
        // Not vacuous: the name is shown, made inert.
        let shown = outputs.filter { $0.1.contains("\u{FFFD}]0;pwned") }.map(\.0)
        #expect(["run", "merge", "compare"].allSatisfy { c in shown.contains { $0.hasPrefix(c) } }, "\(shown)")
    }
}
