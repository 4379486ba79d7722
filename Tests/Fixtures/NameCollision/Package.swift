// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// A package whose own targets take the plain names that DiffBench's modules once had, as a user's
// package might (apple/swift-algorithms declares `Algorithms`). SwiftPM's target names are global
// in a package graph, so this builds only while every DiffBench target carries its prefix.
// .ci/run builds it and runs its executable.
let package = Package(
    name: "NameCollision",
    dependencies: [
        .package(name: "DiffBench", path: "../../..")
    ],
    targets: [
        .target(name: "Algorithms"),
        .target(name: "Statistics"),
        .target(name: "Corpus"),
        .target(name: "Reports"),
        .target(name: "Compare"),
        .executableTarget(
            name: "CollisionBench",
            dependencies: [
                "Algorithms", "Statistics", "Corpus", "Reports", "Compare",
                .product(name: "DiffBenchKit", package: "DiffBench")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
