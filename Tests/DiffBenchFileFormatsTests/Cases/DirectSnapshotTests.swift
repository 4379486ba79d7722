// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
@testable import DiffBenchCorpus
@testable import DiffBenchFileFormats

/// The parser's direct snapshot reader must give exactly what the tree of values gives: the same
/// snapshots for every valid file and the same one-line error for every invalid one.
@Suite struct DirectSnapshotTests {
    /// The package root: this file is Tests/DiffBenchFileFormatsTests/Cases/DirectSnapshotTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func files(_ folder: String) throws -> [[UInt8]] {
        let url = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { Array(try Data(contentsOf: url.appendingPathComponent($0))) }
    }

    static func caseOutcome(_ bytes: [UInt8], direct: Bool) -> String {
        do {
            let file = try CaseFile.decode(bytes, file: "f", direct: direct)
            return "\(file.name)|\(file.duplicates)|\(file.old)|\(file.new)"
        } catch { return error.description }
    }

    static func changesetOutcome(_ bytes: [UInt8], direct: Bool) -> String {
        do {
            let decoded = try ChangesetFile.decodeTimed(bytes, file: "f", direct: direct)
            return "\(decoded.changeset)|\(decoded.elapsedNs.map(String.init) ?? "-")"
        } catch { return error.description }
    }

    /// Mutations aimed at the snapshot shape: numbers the direct reader must refuse, repeated
    /// or unknown members, escapes, and plain byte damage.
    static func mutants(of seed: [UInt8], count: Int, seed rngSeed: UInt64) -> [[UInt8]] {
        let tokens = [
            "007", "1.5", "1e3", "-", "-0", "\"", "{}", "[]", "\"rev\":1,", "\"id\":2,", "\"items\":[],",
            "\"x\":0,", "\\u00e9", "\\\"", " ", "\n", ",", "9223372036854775808", "true", "null", "\u{FF}"
        ]
        var rng = SeededGenerator(seed: rngSeed)
        return (0..<count).map { _ in
            var bytes = seed
            for _ in 0...rng.below(2) {
                let at = rng.below(bytes.count + 1)
                switch rng.below(3) {
                case 0 where !bytes.isEmpty: bytes.remove(at: min(at, bytes.count - 1))
                case 1: bytes.insert(contentsOf: Array(tokens[rng.below(tokens.count)].utf8), at: at)
                default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: rng.next()) }
                }
            }
            return bytes
        }
    }

    @Test func caseFilesReadAlikeBothWays() throws {
        let cases = try Self.files("Corpus/cases")
        #expect(cases.count >= 10)
        var differing = 0, accepted = 0
        for (n, bytes) in cases.enumerated() {
            #expect(Self.caseOutcome(bytes, direct: true) == Self.caseOutcome(bytes, direct: false))
            for mutant in Self.mutants(of: bytes, count: 300, seed: UInt64(n + 1)) {
                let direct = Self.caseOutcome(mutant, direct: true)
                if direct != Self.caseOutcome(mutant, direct: false) { differing += 1 }
                if !direct.hasPrefix("f: ") { accepted += 1 }
            }
        }
        #expect(differing == 0)
        #expect(accepted > 100)  // the mutants reach the reader, not only the JSON syntax checks
    }

    @Test func changesetFilesReadAlikeBothWays() throws {
        let generated = try Scenario.mixed.generate(size: 300, sections: 6, seed: 3).caseFile(ids: .string)
        let staged = Changeset<CaseElement, CaseElement>.staged([
            Stage(BatchUpdate(), after: generated.old), Stage(BatchUpdate(), after: nil)
        ])
        let changesets = try Self.files("Corpus/changesets") + [ChangesetFile.encode(staged)]
        var differing = 0
        for (n, bytes) in changesets.enumerated() {
            #expect(Self.changesetOutcome(bytes, direct: true) == Self.changesetOutcome(bytes, direct: false))
            for mutant in Self.mutants(of: bytes, count: 300, seed: UInt64(100 + n)) {
                if Self.changesetOutcome(mutant, direct: true) != Self.changesetOutcome(mutant, direct: false) {
                    differing += 1
                }
            }
        }
        #expect(differing == 0)
    }

    @Test func generatedCasesRoundTrip() throws {
        for (k, scenario) in Scenario.allCases.enumerated() {
            let generated = try scenario.generate(
                size: 400,
                sections: scenario.defaultSections(size: 400),
                seed: UInt64(k + 1)
            )
            let file = generated.caseFile(ids: k % 2 == 0 ? .int : .string)
            let bytes = file.encoded()
            let read = try CaseFile.decode(bytes, file: "g")
            #expect(read.old == file.old && read.new == file.new, "\(scenario)")
            #expect(Self.caseOutcome(bytes, direct: true) == Self.caseOutcome(bytes, direct: false))
        }
    }
}
