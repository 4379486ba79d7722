// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchModel
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors

/// A mutation fuzzer for every reader of user input (case files, changeset files, results CSV,
/// suite files) and for the checker on each case and changeset that still parses. Inputs are
/// derived from the seed, so a run repeats exactly; the input under test is kept in a crash file
/// before each call, so that a trap leaves it behind for `bench` to reproduce.
package struct Fuzzer {
    /// What an input is read as.
    package enum Kind: String, CaseIterable, Sendable {
        case caseFile = "case"
        case changeset, results, suite
    }

    /// The seed files, by kind.
    package var seeds: [Kind: [[UInt8]]]
    private let crashFile: Int32
    private var generator: SeededGenerator

    /// Tokens that broke parsers before (surrogates, huge or non-finite numbers, quotes...).
    static let tokens: [String] = [
        #"\ud800"#, #"\udc00"#, #"\ud800\uadDa"#, #"\u0000"#, "-1", "007", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "1e309", "nan", "inf", "-0", "1.5", "\"", ",", "[", "]",
        "{", "}", ":", "\n", "\r\n", "\u{FF}", "\u{FE}\u{FF}", "null", "true", "\"after\":", "\"stages\":[{}]",
        "seed", "ids", "2e10", "sections=0", "size", "[[0,0],[0,0]]", "[9223372036854775807, 0]"
    ]

    /// Reads the seeds and opens `crashPath`, which holds `KIND\n` and the input under test.
    package init(seeds: [Kind: [[UInt8]]], seed: UInt64, crashPath: String) throws(DiffBenchError) {
        self.seeds = seeds.filter { !$0.value.isEmpty }
        guard !self.seeds.isEmpty else { throw .badInput("_fuzz: no seed inputs found") }
        generator = SeededGenerator(seed: seed)
        do { crashFile = try Files.create(crashPath, exclusive: false) } catch {
            throw .badInput("_fuzz: cannot write \(crashPath): \(FileAccess.reason(error))")
        }
    }

    /// Runs `count` inputs; returns how many each reader accepted and rejected (a rejection is a
    /// clean input error; a crash never returns).
    package mutating func run(count: Int, progress: (Int) -> Void) -> [String: Int] {
        var tally: [String: Int] = [:]
        let kinds = Kind.allCases.filter { seeds[$0] != nil }
        for n in 0..<count {
            let kind = kinds[generator.below(kinds.count)]
            let input = mutate(pick(kind))
            keep(kind, input)
            tally[kind.rawValue + (exercise(kind, input) ? " accepted" : " rejected"), default: 0] += 1
            if n % 10_000 == 9_999 { progress(n + 1) }
        }
        return tally
    }

    /// Reads `input` as `kind` (and checks a case against a seed changeset, a changeset against
    /// a seed case, on every target); whether it was accepted.
    package func exercise(_ kind: Kind, _ input: [UInt8]) -> Bool {
        do {
            switch kind {
            case .caseFile:
                let file = try CaseFile.decode(input, file: "fuzz")
                for bytes in seeds[.changeset] ?? [] {
                    guard let changeset = try? ChangesetFile.decode(bytes, file: "seed") else { continue }
                    checkAll(file, changeset)
                }
            case .changeset:
                let changeset = try ChangesetFile.decodeTimed(input, file: "fuzz").changeset
                for bytes in seeds[.caseFile] ?? [] {
                    guard let file = try? CaseFile.decode(bytes, file: "seed") else { continue }
                    checkAll(file, changeset)
                }
            case .results:
                _ = try ResultsCSV.decode(String(decoding: input, as: UTF8.self), file: "fuzz")
            case .suite:
                _ = try Suite.parse(String(decoding: input, as: UTF8.self), name: "fuzz", file: "fuzz")
            }
            return true
        } catch {
            return false
        }
    }

    private func checkAll(_ file: CaseFile, _ changeset: Changeset<CaseElement, CaseElement>) {
        for target in Target.allCases {
            let report = ConformanceChecker(target: target).check(old: file.old, new: file.new, changeset: changeset)
            if target != .diffable {
                _ = QualityFigures.measure(old: file.old, new: file.new, changeset: changeset, report: report)
            }
        }
    }

    private mutating func pick(_ kind: Kind) -> [UInt8] {
        let list = seeds[kind]!
        return list[generator.below(list.count)]
    }

    /// One to four mutations: flip, insert, delete, duplicate, a token, or a splice of another seed.
    mutating func mutate(_ seed: [UInt8]) -> [UInt8] {
        var bytes = seed
        for _ in 0...generator.below(4) {
            let at = generator.below(bytes.count + 1)
            switch generator.below(6) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << generator.below(8))
            case 1: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: at)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, at + 1 + generator.below(16))
                bytes.removeSubrange(min(at, end)..<end)
            case 3 where at < bytes.count:
                let end = min(bytes.count, at + 1 + generator.below(64))
                bytes.insert(contentsOf: bytes[at..<end], at: generator.below(bytes.count + 1))
            case 4: bytes.insert(contentsOf: Array(Fuzzer.tokens[generator.below(Fuzzer.tokens.count)].utf8), at: at)
            default:
                let other = seeds.values.randomElement(using: &generator)!
                let donor = other[generator.below(other.count)]
                guard !donor.isEmpty else { continue }
                let from = generator.below(donor.count)
                bytes.insert(contentsOf: donor[from..<min(donor.count, from + 1 + generator.below(48))], at: at)
            }
        }
        return bytes
    }

    /// The input under test, in the crash file (replaced in place: two system calls).
    private func keep(_ kind: Kind, _ input: [UInt8]) {
        let record = Array((kind.rawValue + "\n").utf8) + input
        Files.replaceContents(crashFile, record)
    }
}
