// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchCorpus
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchVerification
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchPlatform

/// `bench _fuzz`: the mutation fuzzer over every input reader and the checker (internal; run it
/// through `.ci/fuzz.sh`).
enum FuzzCommand {
    static let help = """
        USAGE: bench _fuzz [--count N] [--seed S] [--crash-file FILE]
               bench _fuzz --structural [--count N] [--seed S]

        Mutates the seed inputs (Corpus/cases, Corpus/changesets, Corpus/suites, the first 12 lines of
        Results/baseline.csv) and reads each mutant with the matching reader, checking every case
        and changeset that still parses on every target. Deterministic for a seed. Before each
        input the crash file holds its kind (first line) and bytes; after a clean run it is removed.
        A crash leaves it behind. Exit status: 0 no crash, 1 usage error.

        --structural checks generated changesets instead (built as values: repeated operations,
        indices near Int.max or below zero, reloads mixed with repeated deletes and moves, section
        and item operations together, wrong `after` snapshots), on every target. A trap prints the
        seed and the input's number; `--seed S --count N` repeats it.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["count", "seed", "crash-file"], switches: ["quiet", "structural"])
        if args.wantsHelp { Console.out(help); return .pass }
        let count = try args.int("count", default: 100_000, range: 1...1_000_000_000)
        let seed = try args.seed(default: 1)
        if args.has("structural") {
            var fuzzer = ChangesetFuzzer(seed: seed)
            let progress = Progress(total: count, label: "fuzz --structural", quiet: args.has("quiet"))
            let (passed, failed) = fuzzer.run(count: count) { progress.advance(to: $0) }
            progress.finish()
            Console.out(
                "fuzz --structural: \(count) changesets (seed \(seed)), no trap: "
                    + "\(passed) passed and \(failed) failed the table-view checker")
            return .pass
        }
        let crashPath = args.value("crash-file") ?? "fuzz-crash.bin"
        var seeds: [Fuzzer.Kind: [[UInt8]]] = [:]
        seeds[.caseFile] = try files(in: CorpusFolder.resolve("Corpus/cases"), suffix: ".json")
        seeds[.changeset] = try files(in: CorpusFolder.resolve("Corpus/changesets"), suffix: ".json")
        seeds[.suite] = try files(in: CorpusFolder.resolve("Corpus/suites"), suffix: ".suite")
        let baseline = CorpusFolder.resolve("Results/baseline.csv")
        if let bytes = Files.contents(baseline) {
            // Lines end in CRLF, which Swift sees as one Character: split the bytes instead.
            let lines = Array(bytes).split(separator: 0x0A, omittingEmptySubsequences: false).prefix(12)
            seeds[.results] = [Array(lines.joined(separator: [0x0A]))]
        }
        var fuzzer = try Fuzzer(seeds: seeds, seed: UInt64(seed), crashPath: crashPath)
        let progress = Progress(total: count, label: "fuzz", quiet: args.has("quiet"))
        let tally = fuzzer.run(count: count) { progress.advance(to: $0) }
        progress.finish()
        try? Files.removeTree(crashPath)
        let counts = tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        Console.out("fuzz: \(count) inputs (seed \(seed)), no crash: \(counts)")
        return .pass
    }

    static func files(in directory: String, suffix: String) throws(DiffBenchError) -> [[UInt8]] {
        let names = ((try? Files.names(in: directory)) ?? []).filter {
            $0.hasSuffix(suffix)
        }
        var result: [[UInt8]] = []
        for name in names.sorted() { result.append(try FileAccess.read(directory + "/" + name)) }
        return result
    }
}
