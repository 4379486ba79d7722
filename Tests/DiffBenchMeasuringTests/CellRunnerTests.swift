import Testing
import Foundation
@testable import DiffBenchMeasuring

/// What a measuring child starts with: the same memory layout and hash seed on every run.
@Suite struct CellRunnerTests {
    /// The `[stack]` line of `/proc/self/maps` in a new `cat` process.
    static func childStack() throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = ["/proc/self/maps"]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let maps = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return String(try #require(maps.first { $0.hasSuffix("[stack]") }))
    }

    @Test func childrenGetTheSameLayoutEveryTime() throws {
        // A kernel that refuses the call leaves layouts random; this machine kind allows it.
        try #require(CellRunner.setChildLayout(fixed: true), "personality(ADDR_NO_RANDOMIZE) refused")
        let first = try Self.childStack(), second = try Self.childStack()
        #expect(first == second)
        // Asking again changes nothing.
        #expect(CellRunner.setChildLayout(fixed: true))
        #expect(try Self.childStack() == first)
        // Random again (what callgrind children get): two children almost surely differ.
        #expect(CellRunner.setChildLayout(fixed: false))
        let random = try Self.childStack(), another = try Self.childStack()
        #expect(CellRunner.setChildLayout(fixed: true))
        // Unless the whole machine runs without randomization.
        let machine = try String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8)
        if machine.trimmingCharacters(in: .whitespacesAndNewlines) != "0" { #expect(random != another) }
    }

    @Test func childrenHashWithAFixedSeed() {
        #expect(CellRunner.childEnvironment["SWIFT_DETERMINISTIC_HASHING"] == "1")
    }
}
