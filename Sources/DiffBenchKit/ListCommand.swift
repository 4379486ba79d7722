import DiffBenchAlgorithms
import DiffBenchDiffers
import DiffBenchCorpus
import DiffBenchFileFormats

/// `bench list`: the registered algorithms, scenarios and suites.
enum ListCommand {
    static let help = """
    USAGE: bench list

    Lists the registered algorithms, the corpus scenarios and the suites.
    """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        let args = try Arguments(tokens, options: [])
        if args.wantsHelp { Console.out(help); return .pass }
        guard args.positional.isEmpty else { throw .usage("list takes no arguments, found \(args.positional[0])") }
        Console.out("Algorithms:")
        for algorithm in registry.all {
            Console.out("  \(algorithm.name.padding(12))\(algorithm.summary)")
        }
        Console.out("\nScenarios (bench corpus list; sizes are total items):")
        for scenario in Scenario.allCases { Console.out("  \(scenario.rawValue.padding(17))\(scenario.summary)") }
        Console.out("\nSuites (Corpus/suites/):")
        for name in SuiteFiles.available() { Console.out("  \(name)") }
        return .pass
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
