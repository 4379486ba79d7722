import Algorithms
import Compare
import Corpus
import DiffBenchKit
import Reports
import Statistics

// `CollisionBench --modules` names this package's own modules; anything else is the bench command
// line with DiffBench's built-in differs, from a package whose module names DiffBench once used.
if CommandLine.arguments.dropFirst().first == "--modules" {
    print([AlgorithmsMarker.name, StatisticsMarker.name, CorpusMarker.name, ReportsMarker.name, CompareMarker.name]
        .joined(separator: " "))
} else {
    DiffBench.main(adding: [])
}
