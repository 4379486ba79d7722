// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

/// Where the running code came from, found from the code itself rather than from the working
/// directory: the package the running executable was built in (found from its own path,
/// `<package>/.build/<triple>/<config>/<name>`), and DiffBench's own checkout (found from this
/// source file's path, recorded at compile time), each with its git commit and whether its
/// tree had changes. For `bench` itself both are the same; for a user's package built on
/// `DiffBenchKit` the first is the user's package and the second DiffBench.
///
/// A commit read at run time is the built code's only while the checkout has not moved on: when
/// the checkout's HEAD is newer than the executable, the tree is reported `unknown` rather than
/// clean.
package struct Provenance: Sendable, Equatable {
    /// A checkout: its commit (12 hex digits, or `unknown`) and `true`, `false` or `unknown`.
    package struct Checkout: Sendable, Equatable {
        package var commit = "unknown", dirty = "unknown"
    }

    /// The package the executable was built in.
    package var built = Checkout()
    /// DiffBench's own checkout.
    package var diffBench = Checkout()

    /// The provenance of the running process.
    package static func current() -> Provenance {
        let executable = Files.executablePath ?? CommandLine.arguments[0]
        let modified = Files.modified(executable)
        var result = Provenance()
        if let root = packageRoot(containing: executable) { result.built = checkout(root, builtAt: modified) }
        result.diffBench = checkout(diffBenchRoot, builtAt: modified)
        return result
    }

    /// DiffBench's package root at compile time: four levels above this file
    /// (Sources/DiffBenchFileFormats/Results/Provenance.swift).
    static let diffBenchRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The folder holding the `.build` folder `path` lies in, if it has a Package.swift.
    static func packageRoot(containing path: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while url.path != "/" {
            if url.lastPathComponent == ".build" {
                let root = url.deletingLastPathComponent()
                return Files.exists(root.appendingPathComponent("Package.swift").path)
                    ? root.path : nil
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// The commit and state of the git checkout at `root` (`unknown` outside git).
    static func checkout(_ root: String, builtAt: Date?) -> Checkout {
        var result = Checkout()
        guard Files.exists(root),
            let commit = CommandOutput.of(
                "git",
                [
                    "-C", root, "rev-parse", "--short=12",
                    "HEAD"
                ])
        else { return result }
        result.commit = commit
        guard let status = CommandOutput.of("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"])
        else { return result }
        result.dirty = status.isEmpty ? "false" : "true"
        // A checkout that moved on after the build: its HEAD is not what was built.
        if let builtAt, let seconds = CommandOutput.of("git", ["-C", root, "log", "-1", "--format=%ct", "HEAD"]),
            let committed = Double(seconds), committed > builtAt.timeIntervalSince1970 + 1
        {
            result.dirty = "unknown"
        }
        return result
    }

    /// `2.0.0 (commit 1a2b3c4d5e6f)`, `+ changes` when the tree was dirty.
    package var versionLine: String {
        let state =
            diffBench.dirty == "true"
            ? " with uncommitted changes"
            : diffBench.dirty == "unknown" && diffBench.commit != "unknown" ? " (checkout newer than this build)" : ""
        return "DiffBench \(RunMetadata.harnessVersion) (commit \(diffBench.commit)\(state))"
    }
}

extension Array where Element == String {
    /// The words as a shell would read them back: each quoted only where it needs it.
    package var shellQuoted: String {
        map { word in
            let safe = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,%@+".contains($0) }
            return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

/// Splits a command line written by ``Swift/Array/shellQuoted`` back into its words.
package enum ShellWords {
    /// The words of `line`: spaces separate words, single quotes group, `'\''` is a quote.
    package static func split(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, started = false, escaped = false
        for c in line {
            if escaped {
                word.append(c)
                escaped = false
            } else if quoted {
                if c == "'" { quoted = false } else { word.append(c) }
            } else if c == "'" {
                quoted = true
                started = true
            } else if c == "\\" {
                escaped = true
            } else if c == " " {
                if started || !word.isEmpty { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(c)
            }
        }
        if started || !word.isEmpty { words.append(word) }
        return words
    }
}
