// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
@testable import DiffBenchPlatform

/// The supervisor of every child: layouts, pipes, caps, time limits, process groups and orphans.
@Suite struct ChildProcessTests {
    /// The `[stack]` line of `/proc/self/maps` in a new `cat` process.
    static func childStack(fixed: Bool) throws -> String {
        let child = try ChildProcess(
            ["/bin/cat", "/proc/self/maps"], output: .capture(cap: 1 << 20),
            fixedLayout: fixed)
        _ = try child.pump(until: Clock.seconds() + 10) { child.outputClosed && child.exited }
        let maps = String(decoding: child.output, as: UTF8.self).split(separator: "\n")
        return String(try #require(maps.first { $0.hasSuffix("[stack]") }))
    }

    @Test func childrenWithAFixedLayoutGetTheSameLayoutEveryTime() throws {
        // A kernel that refuses personality(ADDR_NO_RANDOMIZE) leaves layouts random; this machine
        // kind allows it.
        try #require(ChildProcess.fixedLayoutSupported, "personality(ADDR_NO_RANDOMIZE) refused")
        let first = try Self.childStack(fixed: true), second = try Self.childStack(fixed: true)
        #expect(first == second)
        // Random otherwise (what callgrind children get): two children almost surely differ,
        // unless the whole machine runs without randomization.
        let random = try Self.childStack(fixed: false), another = try Self.childStack(fixed: false)
        let machine = try String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8)
        if machine.trimmingCharacters(in: .whitespacesAndNewlines) != "0" { #expect(random != another) }
        // This process keeps its own layout: a fixed child does not turn randomization off here.
        #expect(try Self.childStack(fixed: false) != first)
    }

    @Test func inputGoesInAndOutputComesBack() throws {
        let child = try ChildProcess(["/bin/cat"], input: .pipe, output: .capture(cap: 1 << 20))
        child.send(Array("hello\n".utf8))
        child.closeInput()
        #expect(try child.pump(until: Clock.seconds() + 10) { child.exited && child.outputClosed })
        #expect(String(decoding: child.output, as: UTF8.self) == "hello\n")
        #expect(child.exitCode == 0 && child.failure == nil)
    }

    @Test func aFailureQuotesTheLastLineOfStandardError() throws {
        let child = try ChildProcess(
            shell: "echo one >&2; echo 'ValueError: two' >&2; exit 5", input: .null,
            outputCap: 1 << 20)
        #expect(try child.pump(until: Clock.seconds() + 10) { child.exited })
        try child.drain()
        #expect(child.failure == "exited with status 5: ValueError: two")
    }

    @Test func outputPastTheCapKillsTheChild() throws {
        let child = try ChildProcess(shell: "yes", input: .null, outputCap: 1 << 16)
        #expect(throws: ChildProcess.Overflow.self) {
            _ = try child.pump(until: Clock.seconds() + 10) { false }
        }
        #expect(child.exited)
    }

    @Test func finishKillsTheWholeGroup() throws {
        let marker = "diffbench-group-\(UUID().uuidString.prefix(8))"
        let child = try ChildProcess(
            shell: "sleep 30 & echo $!; exec -a \(marker) sleep 30", input: .null,
            outputCap: 1 << 10)
        #expect(try child.pump(until: Clock.seconds() + 10) { child.output.contains(0x0A) })
        let text = String(decoding: child.output, as: UTF8.self)
        let helper = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))!
        child.finish()
        // The helper in the background was in the command's group: it is gone too (or a zombie
        // until init reaps it).
        #expect(!Self.running(helper))
    }

    /// Whether process `pid` runs (exists and is not a zombie).
    static func running(_ pid: Int32) -> Bool {
        for _ in 0..<50 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            // The state follows the command's closing parenthesis: `123 (sleep) Z ...`.
            guard let close = stat.lastIndex(of: ")") else { return false }
            let state = stat[stat.index(close, offsetBy: 2)]
            if state == "Z" || state == "X" { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }
}
