// SPDX-License-Identifier: Apache-2.0
import DiffBenchAlgorithms
import DiffBenchDiffers
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchFormat

/// `bench list`: the registered algorithms, scenarios and suites.
enum ListCommand {
    static let help = """
        USAGE: bench list

        Lists the registered algorithms, the corpus scenarios and the suites.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: [])
        if args.wantsHelp { Console.out(help); return .pass }
        guard args.positional.isEmpty else { throw .usage("list takes no arguments, found \(args.positional[0])") }
        Console.out("Algorithms:")
        // As wide as the longest name, so that a brought differ's summary lines up too.
        let width = max(12, (registry.all.map(\.name.count).max() ?? 0) + 2)
        for algorithm in registry.all {
            Console.out("  \(algorithm.name.padding(width))\(algorithm.summary)")
        }
        Console.out("\nScenarios (bench corpus list; sizes are total items):")
        for scenario in Scenario.allCases { Console.out("  \(scenario.rawValue.padding(17))\(scenario.summary)") }
        Console.out("\nSuites (Corpus/suites/; cells: cases x algorithms):")
        for name in SuiteFiles.available() {
            // A suite that does not load is still listed, with why.
            guard let suite = try? SuiteFiles.load(name) else { Console.out("  \(name)"); continue }
            let algorithms = suite.algorithms?.count ?? registry.all.count
            let cases = suite.cells.count + suite.files.count
            let sizes = Set(suite.cells.map(\.size)).sorted().map { Format.sizeLabel($0) }.joined(separator: ", ")
            Console.out(
                "  \(name.padding(9))\(cases) cases x \(algorithms) algorithms = \(cases * algorithms) cells"
                    + (sizes.isEmpty ? "" : " (sizes \(sizes))"))
        }
        return .pass
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
