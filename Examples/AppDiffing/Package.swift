// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// An app's package that uses DiffBench's differ and guard: it depends on the `DiffBenchDiffing`
// product alone (a path here; a URL in your project), which holds the model, heckel and lis, the
// checker, the glue and the guard, and none of the benchmark.
let package = Package(
    name: "AppDiffing",
    dependencies: [
        .package(name: "DiffBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "AppDiffing",
            dependencies: [.product(name: "DiffBenchDiffing", package: "DiffBench")]
        )
    ],
    swiftLanguageModes: [.v6]
)
