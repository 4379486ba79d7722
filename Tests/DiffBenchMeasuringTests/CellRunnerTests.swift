// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchAlgorithms
import DiffBenchDiffCore
@testable import DiffBenchMeasuring

/// The parent's end of a measuring child: what the child is given.
@Suite struct CellRunnerTests {
    @Test func theChildEnvironmentIsTheSameWhateverTheParentHas() {
        let bare = CellRunner.childEnvironment(hashSeed: 7, from: [:])
        let busy = CellRunner.childEnvironment(
            hashSeed: 7,
            from: [
                "CI": "true", "GLIBC_TUNABLES": "glibc.malloc.tcache_count=0", "HOME": "/root", "PATH": "/bin"
            ])
        #expect(bare == busy)
        #expect(bare == ["SWIFT_DETERMINISTIC_HASHING": "1", HashSeed.variable: "7"])
        let libraries = CellRunner.childEnvironment(hashSeed: 7, from: ["LD_LIBRARY_PATH": "/opt/swift/lib"])
        #expect(libraries["LD_LIBRARY_PATH"] == "/opt/swift/lib" && libraries.count == 3)
    }

    /// A stand-in `bench _cell` that writes the environment it was given next to its result.
    @Test func aSpawnedChildSeesOnlyThatEnvironment() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-child-environment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seen = directory.appendingPathComponent("environment.txt")
        let json = String(decoding: try JSONEncoder().encode(CellResult(status: .ok)), as: UTF8.self)
        let script = directory.appendingPathComponent("child.sh")
        try "#!/bin/sh\n/usr/bin/env > '\(seen.path)'\nprintf '%s' '\(json)' > \"$2\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let runner = try CellRunner(command: [script.path], counter: .off, hashSeed: 11)
        #expect(runner.run(CellServerTests.spec).status == .ok)
        let names = Set(
            try String(contentsOf: seen, encoding: .utf8).split(separator: "\n")
                .compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        // The shell adds PWD (and may add SHLVL, _) itself; nothing comes from this process.
        let parents = Set(ProcessInfo.processInfo.environment.keys).subtracting(["PWD", "SHLVL", "_", "OLDPWD"])
        #expect(names.isDisjoint(with: parents.subtracting(["LD_LIBRARY_PATH"])), "\(names)")
        #expect(names.isSuperset(of: ["SWIFT_DETERMINISTIC_HASHING", HashSeed.variable]))
    }
}
