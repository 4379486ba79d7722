// swift-tools-version:6.0
import PackageDescription

// Dependencies point down only:
//
//   bench -> DiffBenchKit -> Harness -> Algorithms, Corpus, Compare, FileFormats, Statistics, CSystemProbes
//   Compare -> FileFormats; Corpus -> FileFormats -> Conformance, Statistics, DiffModel
//   Algorithms, Conformance -> DiffModel
//
// DiffModel: snapshots, changesets, the DiffAlgorithm protocol. Algorithms: the differs.
// Conformance: UIKit's batch-update rules. Statistics: summaries, tests, fits. FileFormats: every
// file DiffBench reads or writes (JSON, case, changeset and trace files, the results CSV and JSON).
// Corpus: seeded scenarios and suites. Compare: the gates (timing, exact, scaling, thresholds) and
// history. Harness: measuring a cell, differs, reports and charts, verification (folders by concern).
let package = Package(
    name: "DiffBench",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(name: "DiffModel", targets: ["DiffModel"]),
        .library(name: "Algorithms", targets: ["Algorithms"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "Statistics", targets: ["Statistics"]),
        .library(name: "FileFormats", targets: ["FileFormats"]),
        .library(name: "Corpus", targets: ["Corpus"]),
        .library(name: "Harness", targets: ["Harness"]),
        // The whole command line for a user's own package: `DiffBench.main(adding: [...])`.
        .library(name: "DiffBenchKit", targets: ["DiffBenchKit"]),
    ],
    targets: [
        .target(name: "DiffModel"),
        .target(name: "Algorithms", dependencies: ["DiffModel"]),
        .target(name: "Conformance", dependencies: ["DiffModel"]),
        .target(name: "Statistics"),
        .target(name: "FileFormats", dependencies: ["DiffModel", "Conformance", "Statistics"]),
        .target(name: "Corpus", dependencies: ["DiffModel", "FileFormats"]),
        .target(name: "Compare", dependencies: ["FileFormats", "Statistics"]),
        .target(name: "CSystemProbes"),
        .target(
            name: "Harness",
            dependencies: [
                "DiffModel", "Algorithms", "Conformance", "Statistics", "FileFormats", "Corpus", "Compare",
                "CSystemProbes",
            ]),
        .target(name: "DiffBenchKit",
                dependencies: [
                    "Harness", "Compare", "Algorithms", "Conformance", "Statistics", "FileFormats", "Corpus",
                    "DiffModel", "CSystemProbes",
                ]),
        .executableTarget(name: "bench", dependencies: ["DiffBenchKit"]),
        .testTarget(name: "DiffModelTests", dependencies: ["DiffModel"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "DiffModel", "Corpus"]),
        .testTarget(name: "AlgorithmsTests", dependencies: ["Algorithms", "Conformance", "Corpus"]),
        .testTarget(name: "CorpusTests", dependencies: ["Corpus", "FileFormats", "Conformance"]),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"]),
        // Harness for HistoryReport, which HistoryTests reads back.
        .testTarget(
            name: "CompareTests",
            dependencies: ["Compare", "Harness", "FileFormats", "Statistics", "TestSupport"]),
        .testTarget(
            name: "FileFormatsTests",
            dependencies: ["FileFormats", "Statistics", "Corpus", "Conformance", "DiffModel", "TestSupport"]),
        // Fixtures shared by test targets (a results row), as swift-collections keeps its test support.
        .target(name: "TestSupport", dependencies: ["FileFormats", "Statistics"], path: "Tests/TestSupport"),
        .testTarget(name: "HarnessTests",
                    dependencies: [
                        "Harness", "Compare", "DiffModel", "Statistics", "FileFormats", "Corpus", "Algorithms",
                        "Conformance", "CSystemProbes", "TestSupport",
                    ]),
    ],
    swiftLanguageModes: [.v6]
)
