// SPDX-License-Identifier: Apache-2.0
import DiffBenchCorpus
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchModel
import DiffBenchConformance
import DiffBenchFileFormats
import DiffBenchErrors

/// `bench corpus list | show | write`: the seeded scenarios.
enum CorpusCommand {
    static let help = """
        USAGE: bench corpus list
               bench corpus show SCENARIO --size N [--sections K] [--seed S]
                                 [--ids \(IdentityKind.generated.usage)]
               bench corpus write SCENARIO --size N [--sections K] [--seed S]
                                  [--ids \(IdentityKind.generated.usage)] --out FILE.json [--force]
               bench corpus write-trace SCENARIO --size N --steps K [--sections K] [--seed S]
                                        [--ids \(IdentityKind.generated.usage)] --out FILE.json [--force]

        list   every scenario with the app action it models and its rates
        show   counts of each mutation kind in the generated case and a short preview
        write  the case in the case-file format (diffbench-case/1), written atomically
        write-trace
               a trace (diffbench-trace/1) of K steps: the scenario's base list, then its change
               applied to the previous snapshot K times (an app's stream of updates, not K
               independent cases), written one snapshot at a time; `bench run FILE` times it.
               Scenarios that need a particular old snapshot (unfilter, expand-collapse,
               duplicates, empty-to-full, full-to-empty, differencekit) are refused

        --sections defaults to about 100 items per section (1 for flat scenarios); --seed to 1;
        --ids to int. The same parameters give byte-identical files on every machine.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(
            tokens, options: ["size", "sections", "seed", "ids", "out", "steps"],
            switches: ["force"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard let action = args.positional.first else {
            throw .usage("corpus needs list, show, write or write-trace (see bench corpus --help)")
        }
        if action != "write-trace"
            && args.value("steps") != nil
        {
            throw .usage("--steps goes with corpus write-trace")
        }
        switch action {
        case "list":
            for scenario in Scenario.allCases { Console.out("\(scenario.rawValue.padding(17))\(scenario.summary)") }
            return .pass
        case "show", "write":
            guard args.positional.count == 2 else {
                throw .usage("corpus \(action) needs one SCENARIO (see bench corpus list)")
            }
            let (generated, ids) = try generate(args)
            if action == "show" {
                show(generated, ids: ids)
            } else {
                guard let out = args.value("out") else { throw .usage("corpus write needs --out FILE.json") }
                try FileAccess.checkWritable(out, replace: args.has("force"))
                // An interrupted write leaves no `.tmp` file behind.
                let handlers = Interruption.removeOnSignal([], paths: [FileAccess.temporaryPath(for: out)])
                try FileAccess.writeAtomically(
                    generated.caseFile(ids: ids).encoded(),
                    to: out,
                    replace: args.has("force")
                )
                withExtendedLifetime(handlers) {}
                Console.err("wrote \(out): \(generated.label) ids=\(ids.rawValue)")
            }
            return .pass
        case "write-trace":
            guard args.positional.count == 2 else {
                throw .usage("corpus write-trace needs one SCENARIO (see bench corpus list)")
            }
            try writeTrace(args)
            return .pass
        default:
            throw .usage("unknown corpus action \"\(action)\" (expected list, show, write or write-trace)")
        }
    }

    /// `corpus write-trace`: the scenario's stream of `--steps` updates, written snapshot by
    /// snapshot (memory of one snapshot, however many steps).
    static func writeTrace(_ args: Arguments) throws(DiffBenchError) {
        let (scenario, size, sections, seed, ids) = try parameters(args)
        guard args.value("steps") != nil else { throw .usage("corpus write-trace needs --steps K") }
        let steps = try args.int("steps", default: 1, range: 1...1_000_000)
        guard let out = args.value("out") else { throw .usage("corpus write-trace needs --out FILE.json") }
        var stream: ScenarioStream
        do {
            stream = try ScenarioStream(
                scenario: scenario, size: size, sections: sections,
                seed: UInt64(seed))
        } catch {
            throw .usage("\(scenario.rawValue): \(error.description)")
        }
        try FileAccess.checkWritable(out, replace: args.has("force"))
        let handlers = Interruption.removeOnSignal([], paths: [FileAccess.temporaryPath(for: out)])
        defer { withExtendedLifetime(handlers) {} }
        let name = "\(scenario.rawValue) n=\(size) sections=\(sections) seed=\(seed) ids=\(ids.rawValue) steps=\(steps)"
        try FileAccess.writeAtomically(to: out, replace: args.has("force")) { write in
            try write(TraceWriter.header(name: name, duplicates: false))
            for k in 0...steps {
                try write(TraceWriter.snapshot(GeneratedCase.caseSnapshot(stream.next(), ids: ids), first: k == 0))
            }
            try write(TraceWriter.footer)
        }
        Console.err("wrote \(out): \(name)")
    }

    /// The scenario, size, sections, seed and identity kind of `corpus show`, `write` and
    /// `write-trace`.
    static func parameters(_ args: Arguments) throws(DiffBenchError)
        -> (Scenario, size: Int, sections: Int, seed: UInt64, ids: IdentityKind)
    {
        let name = args.positional[1]
        guard let scenario = Scenario(rawValue: name) else {
            throw .usage(
                "unknown scenario \"\(name)\" (known: "
                    + "\(Scenario.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard args.value("size") != nil else { throw .usage("corpus \(args.positional[0]) needs --size N") }
        let size = try args.int("size", default: 0, range: Int.min...Int.max)
        let sections = try args.int(
            "sections", default: scenario.defaultSections(size: max(size, 1)),
            range: Int.min...Int.max)
        let seed = try args.seed(default: 1)
        let ids = try args.choice("ids", among: IdentityKind.generated, default: .int)
        return (scenario, size, sections, seed, ids)
    }

    static func generate(_ args: Arguments) throws(DiffBenchError) -> (GeneratedCase, IdentityKind) {
        let (scenario, size, sections, seed, ids) = try parameters(args)
        do {
            return (try scenario.generate(size: size, sections: sections, seed: seed), ids)
        } catch {
            throw .usage("\(scenario.rawValue): \(error.description)")
        }
    }

    static func show(_ generated: GeneratedCase, ids: IdentityKind) {
        let old = generated.old, new = generated.new
        var oldItems = [Int: (section: Int, rev: Int)](), count = [Int: Int]()
        for section in old.sections {
            for item in section.items {
                oldItems[item.id] = (section.model.id, item.rev); count[item.id, default: 0] += 1
            }
        }
        var kept = 0, updated = 0, crossSection = 0, inserted = 0
        for section in new.sections {
            for item in section.items {
                guard let was = oldItems[item.id] else { inserted += 1; continue }
                kept += 1
                if was.rev != item.rev { updated += 1 }
                if was.section != section.model.id { crossSection += 1 }
            }
        }
        let oldSections = Set(old.sections.map(\.model.id)), newSections = Set(new.sections.map(\.model.id))
        Console.out("\(generated.label) ids=\(ids.rawValue)  checksum \(String(generated.checksum, radix: 16))")
        Console.out(
            "old: \(old.itemCount) items in \(old.sections.count) sections; new: \(new.itemCount) items in "
                + "\(new.sections.count) sections")
        Console.out(
            "items: \(old.itemCount - kept) deleted, \(inserted) inserted, \(kept) kept (\(updated) updated, "
                + "\(crossSection) in another section), minimum relocations \(minimumMoves(generated))")
        Console.out(
            "sections: \(oldSections.subtracting(newSections).count) deleted, "
                + "\(newSections.subtracting(oldSections).count) inserted")
        if generated.scenario == .duplicates {
            Console.out("repeated ids in old: \(count.values.filter { $0 > 1 }.count)")
        }
        func preview(_ snapshot: IntSnapshot) -> String {
            snapshot.sections.prefix(3).map { s in
                "S\(s.model.id): "
                    + s.items.prefix(8).map { "\($0.id)\($0.rev > 0 ? "'" : "")" }.joined(separator: " ")
                    + (s.items.count > 8 ? " …" : "")
            }.joined(separator: " | ")
        }
        Console.out("old preview: \(preview(old))")
        Console.out("new preview: \(preview(new))")
    }

    static func minimumMoves(_ generated: GeneratedCase) -> Int {
        QualityFigures.minimumRelocations(old: generated.old, new: generated.new)
    }
}
