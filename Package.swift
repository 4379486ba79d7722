// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// Every target carries the DiffBench prefix: target names are global in a SwiftPM graph, and a
// user's package may already hold an `Algorithms` (apple/swift-algorithms) or a `Statistics`.
//
// Dependencies point down only:
//
//   DiffBenchTool (bench) -> DiffBenchKit -> Running, Reports, Verification, and what they depend on
//   Running -> Measuring, Verdicts, Compare;  Measuring -> Differs, Corpus, Conformance, Statistics, Platform
//   Verification -> Differs, Corpus, Conformance
//   Reports -> Verdicts, Compare;  Verdicts -> FileFormats, Statistics
//   Differs -> Algorithms, FileFormats;  Compare -> FileFormats, Statistics
//   Corpus -> FileFormats -> CaseWriting, Conformance, Statistics, Model, Errors, Format, Platform -> CProbes
//   DiffingGuard (the app's debug product) -> Diffing, Conformance, CaseWriting
//   Diffing (the app product) -> DiffCore;  Algorithms -> DiffCore
//   DiffCore, Conformance, CaseWriting -> Model
//
// (each name above without its DiffBench prefix). Model: snapshots, changesets, the DiffAlgorithm
// protocol. DiffCore: the linear differs' engine (identity joins, LIS, the staged changeset
// builder, heckel's and lis' diffs), generic and inlinable. Algorithms: the differs as the
// benchmark registers them (pre-specialized for the corpus), myers and stdlib. Conformance: UIKit's
// batch-update rules. Statistics: summaries, tests, fits. FileFormats: every file DiffBench reads
// or writes (JSON, case, changeset and trace files, the results CSV and JSON). Errors:
// DiffBenchError and "did you mean". Format: numbers as tables and messages write them. Corpus:
// seeded scenarios and suites. Compare: the gates (timing, exact, scaling, thresholds) and history.
// Differs: the registry, adapters and external commands. Measuring: a cell in a child process
// (budgets, rounds, counters), suites and traces. Verdicts: the judgement (yardsticks, ties,
// scores, recommendations, the answer, noise), drawing nothing. Reports: tables, charts and pages
// that read the verdicts. Verification: `bench verify` and the fuzzers. Running: a run from a plan
// (RunPlan, RunSession, RunOutcome, the second look, the exit codes). DiffBenchKit: the command
// line, one file per command (Run/: the run's flags into a plan). CaseWriting: the case and
// changeset files' writer, which the app product's guard shares. Diffing: what an app links (its
// own vocabulary: rows, sections, the update, the glue; nothing of the benchmark re-exported).
// DiffingGuard: the guard and the recording view, which need the checker. Platform: every call into
// the operating system (clocks, processes, signals, memory, counters, files, the machine), for
// Linux and Darwin; CProbes: its C part.
let package = Package(
    name: "DiffBench",
    products: [
        // The command line: `swift run -c release bench`.
        .executable(name: "bench", targets: ["DiffBenchTool"]),
        // The whole command line for a user's own package: `DiffBench.main(adding: [...])`, with
        // the model and adapter types re-exported. The other modules are internal to DiffBench.
        .library(name: "DiffBenchKit", targets: ["DiffBenchKit"]),
        // For apps: heckel and lis over the app's own row and section types, and the glue that
        // applies an update to a table or collection view (docs/use-in-your-app.md). Nothing of the
        // benchmark: no model re-exported, nothing that measures, reports or parses a command line.
        .library(name: "DiffBenchDiffing", targets: ["DiffBenchDiffing"]),
        // For an app's debug builds and tests: the guard that checks each update against UIKit's
        // rules and reads the data source back, and the recording view that judges glue on any
        // platform. Apart, so that an app that does not use them links no checker.
        .library(name: "DiffBenchDiffingGuard", targets: ["DiffBenchDiffingGuard"])
    ],
    targets: [
        .target(name: "DiffBenchModel"),
        .target(name: "DiffBenchDiffCore", dependencies: on("Model")),
        .target(name: "DiffBenchAlgorithms", dependencies: on("Model", "DiffCore")),
        .target(name: "DiffBenchConformance", dependencies: on("Model")),
        .target(name: "DiffBenchStatistics"),
        .target(name: "DiffBenchErrors"),
        .target(name: "DiffBenchFormat"),
        .target(name: "DiffBenchPlatform", dependencies: on("CProbes")),
        .target(name: "DiffBenchCaseWriting", dependencies: on("Model")),
        .target(
            name: "DiffBenchFileFormats",
            dependencies: on("Model", "CaseWriting", "Conformance", "Statistics", "Platform", "Errors", "Format")
        ),
        .target(name: "DiffBenchDiffing", dependencies: on("Model", "DiffCore")),
        .target(name: "DiffBenchDiffingGuard", dependencies: on("Diffing", "Model", "Conformance", "CaseWriting")),
        .target(name: "DiffBenchCorpus", dependencies: on("Model", "FileFormats", "Errors", "Format")),
        .target(name: "DiffBenchCompare", dependencies: on("FileFormats", "Statistics", "Errors", "Format")),
        .target(name: "DiffBenchCProbes"),
        .target(
            name: "DiffBenchDiffers",
            dependencies: on("Model", "Algorithms", "FileFormats", "Platform", "Errors", "Format")),
        .target(
            name: "DiffBenchMeasuring",
            dependencies: on(
                "Differs", "Model", "Algorithms", "DiffCore", "Conformance", "Statistics", "FileFormats", "Corpus",
                "Platform", "Errors", "Format"
            )
        ),
        .target(name: "DiffBenchVerdicts", dependencies: on("FileFormats", "Statistics", "Format")),
        .target(
            name: "DiffBenchReports",
            dependencies: on("Verdicts", "Compare", "FileFormats", "Statistics", "Platform", "Errors", "Format")
        ),
        .target(
            name: "DiffBenchVerification",
            dependencies: on(
                "Differs", "Model", "Algorithms", "Conformance", "FileFormats", "Corpus", "Platform", "Errors", "Format"
            )
        ),
        .target(
            name: "DiffBenchRunning",
            dependencies: on(
                "Measuring", "Differs", "Verdicts", "Compare", "Corpus", "FileFormats", "Statistics", "Platform",
                "Errors", "Format"
            )
        ),
        .target(
            name: "DiffBenchKit",
            dependencies: on(
                "Running", "Measuring", "Differs", "Verdicts", "Reports", "Verification", "Compare", "Algorithms",
                "Conformance",
                "Statistics", "FileFormats", "Corpus", "Model", "Platform", "Errors", "Format"
            )
        ),
        .executableTarget(name: "DiffBenchTool", dependencies: ["DiffBenchKit"]),
        .testTarget(name: "DiffBenchModelTests", dependencies: on("Model")),
        // Fixtures shared by the app products' tests: an app's own row and section types.
        .target(
            name: "DiffBenchDiffingTestSupport", dependencies: on("Diffing", "Model"),
            path: "Tests/DiffBenchDiffingTestSupport"),
        .testTarget(
            name: "DiffBenchDiffingTests",
            dependencies: on(
                "Diffing", "DiffingGuard", "DiffingTestSupport", "Algorithms", "Corpus", "FileFormats", "Model")
        ),
        .testTarget(
            name: "DiffBenchDiffingGuardTests",
            dependencies: on(
                "DiffingGuard", "Diffing", "DiffingTestSupport", "Corpus", "FileFormats", "Conformance", "Model")
        ),
        .testTarget(name: "DiffBenchConformanceTests", dependencies: on("Conformance", "Model", "Corpus")),
        .testTarget(
            name: "DiffBenchAlgorithmsTests",
            dependencies: on("Algorithms", "DiffCore", "Conformance", "Corpus", "Model")
        ),
        .testTarget(
            name: "DiffBenchDiffCoreTests", dependencies: on("DiffCore", "Algorithms", "Conformance", "Corpus", "Model")
        ),
        .testTarget(
            name: "DiffBenchCorpusTests", dependencies: on("Corpus", "FileFormats", "Conformance", "Model")
        ),
        .testTarget(name: "DiffBenchStatisticsTests", dependencies: on("Statistics")),
        .testTarget(name: "DiffBenchErrorsTests", dependencies: on("Errors")),
        .testTarget(name: "DiffBenchFormatTests", dependencies: on("Format")),
        .testTarget(name: "DiffBenchPlatformTests", dependencies: on("Platform")),
        // Reports for HistoryReport, which HistoryTests reads back.
        .testTarget(
            name: "DiffBenchCompareTests",
            dependencies: on("Compare", "Reports", "Corpus", "FileFormats", "Statistics", "TestSupport", "Errors")
        ),
        .testTarget(
            name: "DiffBenchFileFormatsTests",
            dependencies: on(
                "FileFormats", "CaseWriting", "Statistics", "Corpus", "Conformance", "Model", "TestSupport", "Errors")
        ),
        // Fixtures shared by test targets (a results row, a hand-made cell), as swift-collections
        // keeps its test support.
        .target(
            name: "DiffBenchTestSupport",
            dependencies: on("FileFormats", "Statistics", "Corpus", "Measuring", "Verdicts"),
            path: "Tests/DiffBenchTestSupport"
        ),
        .testTarget(
            name: "DiffBenchDiffersTests",
            dependencies: on(
                "Differs", "Measuring", "Verification", "Model", "Algorithms", "Conformance", "Corpus",
                "FileFormats", "Platform", "TestSupport", "Errors")
        ),
        .testTarget(
            name: "DiffBenchMeasuringTests",
            dependencies: on(
                "Measuring", "Differs", "Compare", "Verdicts", "Reports", "Model", "Statistics", "FileFormats",
                "Corpus", "Algorithms", "DiffCore", "Conformance", "Platform", "TestSupport", "Errors")
        ),
        .testTarget(
            name: "DiffBenchVerdictsTests", dependencies: on("Verdicts", "FileFormats", "Corpus", "TestSupport")
        ),
        .testTarget(
            name: "DiffBenchReportsTests",
            dependencies: on(
                "Verdicts", "Reports", "Measuring", "Compare", "Statistics", "FileFormats", "Corpus", "Platform",
                "TestSupport"
            )
        ),
        .testTarget(
            name: "DiffBenchVerificationTests",
            dependencies: on("Verification", "Corpus", "Model", "Conformance", "Algorithms", "Differs")
        ),
        .testTarget(
            name: "DiffBenchRunningTests",
            dependencies: on(
                "Running", "Verdicts", "Measuring", "Differs", "Corpus", "FileFormats", "TestSupport", "Errors")
        ),
        // The command line as a user runs it: the built bench binary, and DiffBenchKit's commands.
        .testTarget(
            name: "DiffBenchKitTests",
            dependencies: ["DiffBenchKit"]
                + on(
                    "Measuring", "Differs", "Verdicts", "Reports", "Verification", "Compare", "Model", "Statistics",
                    "FileFormats", "Corpus", "Algorithms", "Conformance", "Platform", "TestSupport", "Errors")
        )
    ],
    swiftLanguageModes: [.v6]
)

/// The targets named `DiffBench` + each short name: dependencies as the picture above draws them.
func on(_ names: String...) -> [Target.Dependency] {
    names.map { .target(name: "DiffBench" + $0) }
}
