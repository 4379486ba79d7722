// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// An app's package that uses DiffBench's differ and guard: it depends on the `DiffBenchDiffing`
// product (the differ and the glue) and, for its debug checks, `DiffBenchDiffingGuard` (a path
// here, as docs/use-in-your-app.md shows), and on none of the benchmark.
let package = Package(
    name: "AppDiffing",
    dependencies: [
        .package(name: "DiffBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "AppDiffing",
            dependencies: [
                .product(name: "DiffBenchDiffing", package: "DiffBench"),
                .product(name: "DiffBenchDiffingGuard", package: "DiffBench")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
