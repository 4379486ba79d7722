// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

/// Where the repository's own Corpus folders are: under the current directory when it is a
/// DiffBench checkout, otherwise in the checkout this module was compiled from (a path or
/// SwiftPM dependency keeps its sources, Corpus included, on disk).
package enum CorpusFolder {
    /// `relative` (for example `Corpus/cases`) if it exists under the current directory, else the
    /// same folder beside this package's sources, else `relative` unchanged (for the error).
    package static func resolve(_ relative: String) -> String {
        if Files.exists(relative) { return relative }
        // Sources/DiffBenchCorpus/CorpusFolder.swift: three levels below the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let beside = root.appendingPathComponent(relative).path
        return Files.exists(beside) ? beside : relative
    }
}
