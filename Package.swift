// swift-tools-version:6.0
import PackageDescription

// Dependencies point down only: bench -> DiffBenchKit -> Harness -> Algorithms/Conformance/Corpus -> DiffModel.
let package = Package(
    name: "DiffBench",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(name: "DiffModel", targets: ["DiffModel"]),
        .library(name: "Algorithms", targets: ["Algorithms"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "Corpus", targets: ["Corpus"]),
        .library(name: "Harness", targets: ["Harness"]),
        // The whole command line for a user's own package: `DiffBench.main(adding: [...])`.
        .library(name: "DiffBenchKit", targets: ["DiffBenchKit"]),
    ],
    targets: [
        .target(name: "DiffModel"),
        .target(name: "Algorithms", dependencies: ["DiffModel"]),
        .target(name: "Conformance", dependencies: ["DiffModel"]),
        .target(name: "Corpus", dependencies: ["DiffModel"]),
        .target(name: "CSystemProbes"),
        .target(name: "Harness", dependencies: ["DiffModel", "Algorithms", "Conformance", "Corpus", "CSystemProbes"]),
        .target(name: "DiffBenchKit",
                dependencies: ["Harness", "Algorithms", "Conformance", "Corpus", "DiffModel", "CSystemProbes"]),
        .executableTarget(name: "bench", dependencies: ["DiffBenchKit"]),
        .testTarget(name: "DiffModelTests", dependencies: ["DiffModel"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "DiffModel", "Corpus"]),
        .testTarget(name: "AlgorithmsTests", dependencies: ["Algorithms", "Conformance", "Corpus"]),
        .testTarget(name: "CorpusTests", dependencies: ["Corpus", "Conformance"]),
        .testTarget(name: "HarnessTests",
                    dependencies: ["Harness", "DiffModel", "Corpus", "Algorithms", "Conformance", "CSystemProbes"]),
    ],
    swiftLanguageModes: [.v6]
)
