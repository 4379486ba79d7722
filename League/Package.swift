// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription
import Foundation

// The league: the differs apps ship, registered beside DiffBench's own and run through the same
// command line, checker and statistics. DiffBench itself has no dependencies; this package depends
// on it by path and on each public differ by its repository URL at an exact version.
//
// Without the internet, SwiftPM resolves the URLs from local mirrors (README.md, "Offline").
// Never commit a Package.resolved made against mirrors: their commit ids are not GitHub's.
//
// Epoxy (airbnb/epoxy-ios 0.11.0) is not a dependency: its EpoxyCore target imports SwiftUI and its
// manifest names a plugin package. Its diffing files are read from the pinned tag at build time by
// fetch-epoxy.sh into Fetched/EpoxyDiffing (git-ignored, never committed); the `epoxy` differ is
// built when they are there.
let epoxyFetched = FileManager.default.fileExists(
    atPath: Context.packageDirectory + "/Fetched/EpoxyDiffing/Collection+Diff.swift")
let package = Package(
    name: "DiffBenchLeague",
    products: [
        .executable(name: "league", targets: ["LeagueTool"]),
        .executable(name: "league-specialized", targets: ["LeagueSpecializedTool"])
    ],
    dependencies: [
        .package(name: "DiffBench", path: ".."),
        .package(url: "https://github.com/ra1028/DifferenceKit", exact: "1.3.0"),
        .package(url: "https://github.com/RxSwiftCommunity/RxDataSources", exact: "5.0.2"),
        // RxDataSources' manifest names RxSwift's RxCocoa, which RxSwift 6.10 declares on Darwin only:
        // 6.9.0 is the newest release whose manifest resolves on Linux (only Differentiator is built).
        .package(url: "https://github.com/ReactiveX/RxSwift", exact: "6.9.0"),
        .package(url: "https://github.com/onmyway133/DeepDiff", exact: "2.3.3"),
        .package(url: "https://github.com/tonyarnold/Differ", exact: "1.4.5"),
        // FlexibleDiff's manifest also names Quick and Nimble (for its own tests); they resolve, unbuilt.
        .package(url: "https://github.com/RACCommunity/FlexibleDiff", exact: "0.0.9"),
        // ListDiff's latest release (0.2.0) has a manifest without a tools version, which Swift 6
        // rejects; this is the newest commit of its default branch (2020-06-27), whose
        // Package@swift-5.0.swift manifest builds.
        .package(url: "https://github.com/lxcid/ListDiff", revision: "1390504170150f378aa1be17f92322e6d12533d8"),
        // Tagged v3.2.0; its UIKit glue is compiled on iOS only (`#if os(iOS)`), its diff everywhere.
        .package(url: "https://github.com/osteslag/Changeset", exact: "3.2.0")
    ],
    targets: [
        // One adapter file per differ, through DiffBenchKit's adapter API.
        .target(
            name: "DiffBenchLeague",
            dependencies: [
                .product(name: "DiffBenchKit", package: "DiffBench"),
                .product(name: "DiffBenchDiffing", package: "DiffBench"),
                .product(name: "DiffBenchDiffingGuard", package: "DiffBench"),
                .product(name: "DifferenceKit", package: "DifferenceKit"),
                .product(name: "Differentiator", package: "RxDataSources"),
                .product(name: "DeepDiff", package: "DeepDiff"),
                .product(name: "Differ", package: "Differ"),
                .product(name: "FlexibleDiff", package: "FlexibleDiff"),
                .product(name: "ListDiff", package: "ListDiff"),
                .product(name: "Changeset", package: "Changeset")
            ] + (epoxyFetched ? ["EpoxyDiffing"] : [])
        ),
        // `swift run -c release league`: the whole bench command line with every peer registered.
        .executableTarget(name: "LeagueTool", dependencies: ["DiffBenchLeague"]),
        // The natural adapters beside hand-specialized ones (concrete Int models), for their cost.
        .executableTarget(name: "LeagueSpecializedTool", dependencies: ["DiffBenchLeague"]),
        .testTarget(name: "DiffBenchLeagueTests", dependencies: ["DiffBenchLeague"]),
        // SwiftUI's most used names, for NameCollisionTests (SwiftUI does not exist on Linux).
        .target(name: "SwiftUIStandIn"),
        // A file using DifferenceKit's, SwiftUI's and DiffBenchDiffing's names side by side, unqualified.
        .testTarget(
            name: "NameCollisionTests",
            dependencies: [
                "SwiftUIStandIn", .product(name: "DifferenceKit", package: "DifferenceKit"),
                .product(name: "DiffBenchDiffing", package: "DiffBench")
            ]
        )
    ]
        + (epoxyFetched
            ? [
                // Epoxy's own files as written for Swift 5 (a shared logger in a static property).
                .target(
                    name: "EpoxyDiffing", path: "Fetched/EpoxyDiffing", exclude: ["PROVENANCE"],
                    swiftSettings: [.swiftLanguageMode(.v5)])
            ] : []),
    swiftLanguageModes: [.v6]
)
