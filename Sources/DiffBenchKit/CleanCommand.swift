// SPDX-License-Identifier: Apache-2.0
import DiffBenchPlatform
import Foundation
import DiffBenchDiffers
import DiffBenchFileFormats
import DiffBenchErrors

/// `bench clean`: prunes old results in Results/, keeping the baseline and the newest runs.
enum CleanCommand {
    static let help = """
        USAGE: bench clean [--keep N] [--dir DIR] [--dry-run]

        Removes old run files from DIR (default Results): every file and report folder whose name
        starts with a run stamp (20261122T030304Z-...), except those of the newest N stamps
        (default 10). Results/baseline.csv, anything not named by a stamp, and anything git tracks
        (listed and skipped: a committed file is the repository's, not a run's) are never touched.

          --keep N     stamps to keep (default 10; 0 removes every stamped file)
          --dir DIR    the results folder (default Results)
          --dry-run    list what would be removed, remove nothing

        Exit status: 0 done, 1 usage error or a file that could not be removed.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["keep", "dir"], switches: ["dry-run"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard args.positional.isEmpty else { throw .usage("clean takes no arguments, found \(args.positional[0])") }
        let keep = try args.int("keep", default: 10)
        let directory = args.value("dir") ?? "Results"
        let names: [String]
        do { names = try Files.names(in: directory) } catch {
            throw .usage("--dir \(directory): cannot list it (\(error.localizedDescription))")
        }
        let stamped = names.compactMap { name in stamp(of: name).map { (name: name, stamp: $0) } }
        let stamps = Set(stamped.map(\.stamp)).sorted(by: >)
        let kept = Set(stamps.prefix(keep))
        let tracked = trackedFiles(in: directory)
        let old = stamped.filter { !kept.contains($0.stamp) }.map(\.name).sorted()
        for name in old where tracked.contains(name) {
            Console.err("bench: clean: skipped \(directory)/\(name): git tracks it (git rm it to remove it)")
        }
        let doomed = old.filter { !tracked.contains($0) }
        var failed = 0
        for name in doomed {
            let path = directory + "/" + name
            if args.has("dry-run") { Console.out("would remove \(path)"); continue }
            do { try Files.removeTree(path) } catch {
                Console.err("bench: clean: cannot remove \(path): \(error.localizedDescription)")
                failed += 1
            }
        }
        Console.err(
            "bench: clean: \(args.has("dry-run") ? "would remove" : "removed") \(doomed.count - failed) of "
                + "\(stamped.count) stamped entries in \(directory)/, kept the newest \(kept.count) of \(stamps.count) "
                + "runs")
        return failed > 0 ? .usage : .pass
    }

    /// The names in `directory` (files, or folders holding a tracked file) that git tracks;
    /// empty outside a git checkout.
    static func trackedFiles(in directory: String) -> Set<String> {
        guard let listing = CommandOutput.of("git", ["-C", directory, "ls-files", "--", "."]) else { return [] }
        return Set(listing.split(separator: "\n").compactMap { $0.split(separator: "/").first.map(String.init) })
    }

    /// `20261122T030304Z` from `20261122T030304Z-head.csv`; `nil` for names without a stamp.
    static func stamp(of name: String) -> String? {
        let prefix = name.prefix(16)
        guard prefix.count == 16 else { return nil }
        for (k, c) in prefix.enumerated() {
            switch k {
            case 8: guard c == "T" else { return nil }
            case 15: guard c == "Z" else { return nil }
            default: guard c.isASCII && c.isNumber else { return nil }
            }
        }
        return String(prefix)
    }
}
