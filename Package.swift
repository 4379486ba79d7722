// swift-tools-version:6.0
import PackageDescription

// Dependencies point down only:
//
//   bench -> DiffBenchKit -> Measuring, Reports, Verification, and what they depend on
//   Measuring -> Differs, Corpus, Conformance, Statistics, CSystemProbes
//   Verification -> Differs, Corpus, Conformance;  Reports -> Compare
//   Differs -> Algorithms, FileFormats, CSystemProbes;  Compare -> FileFormats, Statistics
//   Corpus -> FileFormats -> Conformance, Statistics, DiffModel;  Algorithms, Conformance -> DiffModel
//
// DiffModel: snapshots, changesets, the DiffAlgorithm protocol. Algorithms: the differs.
// Conformance: UIKit's batch-update rules. Statistics: summaries, tests, fits. FileFormats: every
// file DiffBench reads or writes (JSON, case, changeset and trace files, the results CSV and JSON).
// Corpus: seeded scenarios and suites. Compare: the gates (timing, exact, scaling, thresholds) and
// history. Differs: the registry, adapters and external commands. Measuring: a cell in a child
// process (budgets, rounds, counters), suites and traces. Reports: tables, charts, verdicts.
// Verification: `bench verify` and the fuzzers. DiffBenchKit: the command line, one file per command.
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
        .library(name: "Compare", targets: ["Compare"]),
        .library(name: "Differs", targets: ["Differs"]),
        .library(name: "Measuring", targets: ["Measuring"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "Verification", targets: ["Verification"]),
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
        .target(name: "Differs", dependencies: ["DiffModel", "Algorithms", "FileFormats", "CSystemProbes"]),
        .target(
            name: "Measuring",
            dependencies: [
                "Differs", "DiffModel", "Algorithms", "Conformance", "Statistics", "FileFormats", "Corpus",
                "CSystemProbes",
            ]),
        .target(name: "Reports", dependencies: ["Compare", "FileFormats", "Statistics"]),
        .target(
            name: "Verification",
            dependencies: ["Differs", "DiffModel", "Algorithms", "Conformance", "FileFormats", "Corpus"]),
        .target(name: "DiffBenchKit",
                dependencies: [
                    "Measuring", "Differs", "Reports", "Verification", "Compare", "Algorithms", "Conformance",
                    "Statistics", "FileFormats", "Corpus", "DiffModel", "CSystemProbes",
                ]),
        .executableTarget(name: "bench", dependencies: ["DiffBenchKit"]),
        .testTarget(name: "DiffModelTests", dependencies: ["DiffModel"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "DiffModel", "Corpus"]),
        .testTarget(name: "AlgorithmsTests", dependencies: ["Algorithms", "Conformance", "Corpus", "DiffModel"]),
        .testTarget(name: "CorpusTests", dependencies: ["Corpus", "FileFormats", "Conformance", "DiffModel"]),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"]),
        // Reports for HistoryReport, which HistoryTests reads back.
        .testTarget(
            name: "CompareTests",
            dependencies: ["Compare", "Reports", "Corpus", "FileFormats", "Statistics", "TestSupport"]),
        .testTarget(
            name: "FileFormatsTests",
            dependencies: ["FileFormats", "Statistics", "Corpus", "Conformance", "DiffModel", "TestSupport"]),
        // Fixtures shared by test targets (a results row), as swift-collections keeps its test support.
        .target(name: "TestSupport", dependencies: ["FileFormats", "Statistics"], path: "Tests/TestSupport"),
        .testTarget(
            name: "DiffersTests",
            dependencies: [
                "Differs", "Measuring", "Verification", "DiffModel", "Algorithms", "Conformance", "Corpus",
                "FileFormats", "CSystemProbes", "TestSupport",
            ]),
        .testTarget(
            name: "MeasuringTests",
            dependencies: [
                "Measuring", "Differs", "Compare", "Reports", "DiffModel", "Statistics", "FileFormats", "Corpus",
                "Algorithms", "Conformance", "CSystemProbes", "TestSupport",
            ]),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Reports", "Measuring", "Compare", "Statistics", "FileFormats", "Corpus", "CSystemProbes",
                "TestSupport",
            ]),
        .testTarget(name: "VerificationTests", dependencies: ["Verification", "Corpus", "DiffModel", "Conformance"]),
        // The command line as a user runs it: the built bench binary, and DiffBenchKit's commands.
        .testTarget(
            name: "DiffBenchKitTests",
            dependencies: [
                "DiffBenchKit", "Measuring", "Differs", "Reports", "Verification", "Compare", "DiffModel",
                "Statistics", "FileFormats", "Corpus", "Algorithms", "Conformance", "CSystemProbes", "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
