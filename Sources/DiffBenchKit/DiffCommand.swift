// SPDX-License-Identifier: Apache-2.0
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchCorpus
import DiffBenchModel
import DiffBenchFileFormats
import DiffBenchErrors

/// `bench diff`: one algorithm's changeset for a case, as a changeset file.
enum DiffCommand {
    static let help = """
        USAGE: bench diff CASE.json --algorithm NAME [--out CHANGESET.json [--force]] [--timeout S]

        Runs one algorithm on the case and writes its changeset (format diffbench-changeset/1)
        to --out (written atomically; an existing file is kept unless --force) or to standard
        output. --timeout S: seconds the algorithm may take (default 60); past them bench
        stops with exit 1 and writes nothing.

        Exit status: 0 written, 1 usage or input error (including input the algorithm rejects
        and an algorithm past --timeout).
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["algorithm", "out", "timeout"], switches: ["force"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard args.positional.count == 1 else { throw .usage("diff needs one CASE.json (see bench diff --help)") }
        guard let name = args.value("algorithm") else { throw .usage("diff needs --algorithm NAME") }
        let algorithm = try AlgorithmSelection.resolve([name], in: registry, flag: "--algorithm")[0]
        if let out = args.value("out") { try FileAccess.checkWritable(out, replace: args.has("force")) }
        let loaded = try FileAccess.readCase(args.positional[0])
        let limit = try args.seconds("timeout") ?? VerifyCommand.builtInTimeLimit
        let (old, new) = (loaded.old, loaded.new)
        guard let outcome = TimeLimit.run(seconds: limit, { Result { try algorithm.changeset(from: old, to: new) } })
        else {
            throw .usage(
                "\(args.positional[0]): \(algorithm.name) did not finish within \(TimeLimit.seconds(limit)) "
                    + "(--timeout); nothing written")
        }
        let changeset: ChangesetOf
        do { changeset = try outcome.get() } catch { throw .usage("\(args.positional[0]): \(error)") }
        let bytes = ChangesetFile.encode(changeset)
        if let out = args.value("out") {
            // An interrupt while the file is written leaves no temporary file behind.
            let handlers = Interruption.removeOnSignal([], paths: [FileAccess.temporaryPath(for: out)])
            defer { withExtendedLifetime(handlers) {} }
            try FileAccess.writeAtomically(bytes, to: out, replace: args.has("force"))
            Console.err("wrote \(out) (\(changeset.stages.count) stages)")
        } else {
            Console.raw(String(decoding: bytes.dropLast(), as: UTF8.self))
        }
        return .pass
    }
}
