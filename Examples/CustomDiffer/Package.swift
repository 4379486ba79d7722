// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// A user's own package: DiffBench is a dependency (a path here; a URL in your project) and this
// executable is the whole `bench` command line with three more differs registered (sections,
// heckel-contacts and heckel-messages).
let package = Package(
    name: "CustomDiffer",
    dependencies: [
        .package(name: "DiffBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "CustomBench",
            dependencies: [.product(name: "DiffBenchKit", package: "DiffBench")]
        )
    ],
    swiftLanguageModes: [.v6]
)
