// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchFormat
/// One benchmark cell of a suite: a scenario at a size, section count, seed and identity kind.
public struct SuiteCell: Sendable, Hashable {
    public var scenario: Scenario
    public var size: Int
    public var sections: Int
    public var seed: UInt64
    public var ids: IdentityKind

    public init(scenario: Scenario, size: Int, sections: Int? = nil, seed: UInt64 = 1, ids: IdentityKind = .int) {
        self.scenario = scenario
        self.size = size
        self.sections = sections ?? scenario.defaultSections(size: size)
        self.seed = seed
        self.ids = ids
    }
}

/// A list of cells plus the algorithms to run, read from a small text file in Corpus/suites/:
///
/// ```
/// # comments and blank lines are ignored
/// algorithms: reload, heckel, myers, stdlib   (optional; default: all)
/// samples: 6                                  (optional; default 20, never under 6)
/// max-time-per-cell: 10                       (optional; seconds)
/// rounds: 3                                   (optional; visits per cell, samples pooled)
/// mixed 1000                                  SCENARIO SIZE [sections=K] [seed=S] [ids=int|sparse|string|key|uuid]
/// differencekit 10000 seed=2
/// file ../my-data/chat-trace.json                 a case or trace file, relative to the suite
/// ```
public struct Suite: Sendable {
    public var name: String
    package var cells: [SuiteCell] = []
    /// Case and trace files the suite names (`file PATH`), resolved against the suite's folder.
    public var files: [String] = []
    public var algorithms: [String]?
    public var samples: Int?
    public var maxTimePerCell: Double?
    /// How many times every cell is visited (samples pooled), if the suite says.
    public var rounds: Int?
    /// Algorithms whose timeouts the suite expects (`expect-timeouts: stdlib`): reported, not
    /// failed (the default suite's `stdlib`, quadratic by design, runs into its budget at 100k).
    public var expectedTimeouts: [String] = []
    /// Where `algorithms:` was read (`default.suite: line 3`), for messages about its names.
    public var algorithmsSource: String?

    package init(name: String, cells: [SuiteCell] = []) {
        self.name = name
        self.cells = cells
    }

    /// Parses suite text; errors read `FILE:LINE: message`.
    ///
    /// - Complexity: O(*n*) in the text size.
    package static func parse(_ text: String, name: String, file: String) throws(InputError) -> Suite {
        var suite = Suite(name: name)
        // CRLF and CR line endings are lines too; a byte-order mark is not part of the text.
        var body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        body = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var seen: [String: Int] = [:]
        for (number, raw) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line =
                raw.split(
                    separator: "#",
                    maxSplits: 1,
                    omittingEmptySubsequences: false
                ).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let first = words.first else { continue }
            func fault(_ message: String) -> InputError {
                InputError(file: file, location: "line \(number + 1)", message: message)
            }
            if first.hasSuffix(":") {
                let value = words.dropFirst().joined(separator: " ")
                switch first {
                case "algorithms:":
                    suite.algorithms = value.split(separator: ",").map { String($0).filter { $0 != " " } }.filter {
                        !$0.isEmpty
                    }
                    if suite.algorithms!.isEmpty { throw fault("algorithms: needs at least one name") }
                    suite.algorithmsSource = "\(file): line \(number + 1): algorithms"
                case "rounds:":
                    guard let n = Int(value), (1...100).contains(n) else {
                        throw fault("rounds: expected a whole number from 1 to 100, found \"\(value)\"")
                    }
                    suite.rounds = n
                case "samples:":
                    guard let n = Int(value), n >= 6 else {
                        throw fault("samples: expected a whole number of at least 6, found \"\(value)\"")
                    }
                    suite.samples = n
                case "expect-timeouts:":
                    suite.expectedTimeouts = value.split(separator: ",").map { String($0).filter { $0 != " " } }
                        .filter { !$0.isEmpty }
                case "max-time-per-cell:":
                    guard let s = Double(value), s.isFinite, s > 0, s <= 86_400 else {
                        throw fault(
                            "max-time-per-cell: expected seconds, more than 0 and at most 86400, found "
                                + "\"\(value)\"")
                    }
                    suite.maxTimePerCell = s
                default:
                    throw fault(
                        "unknown directive \"\(first)\" (expected algorithms:, samples:, rounds:, "
                            + "max-time-per-cell: or expect-timeouts:)")
                }
                continue
            }
            if first == "file" {
                let path = line.drop { $0 == " " || $0 == "\t" }.dropFirst(4).trimmingCharacters(in: [" ", "\t"])
                guard !path.isEmpty else { throw fault("file: expected a path to a case or trace file") }
                let resolved =
                    path.hasPrefix("/")
                    ? path
                    : (file.contains("/") ? String(file[...file.lastIndex(of: "/")!]) : "") + path
                if let earlier = seen[
                    "file "
                        + resolved]
                {
                    throw fault("repeats the file of line \(earlier) (\(path))")
                }
                seen["file " + resolved] = number + 1
                suite.files.append(resolved)
                continue
            }
            guard let scenario = Scenario(rawValue: first) else {
                throw fault(
                    "unknown scenario \"\(first)\""
                        + Suggestion.didYouMean(
                            String(first),
                            among: Scenario.allCases.map(\.rawValue)) + " (a case or trace file is named as: file PATH)"
                )
            }
            guard words.count >= 2, let size = Format.size(String(words[1])) else {
                throw fault("expected SCENARIO SIZE [sections=K] [seed=S] [ids=int|sparse|string|key|uuid]")
            }
            var sections: Int?, seed: UInt64 = 1, ids = IdentityKind.int
            for option in words.dropFirst(2) {
                let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw fault("expected key=value, found \"\(option)\"") }
                switch parts[0] {
                case "sections":
                    guard let k = Int(parts[1]) else { throw fault("sections=\(parts[1]): not a number") }
                    sections = k
                case "seed":
                    guard let s = UInt64(parts[1]) else { throw fault("seed=\(parts[1]): not a number") }
                    seed = s
                case "ids":
                    guard let kind = IdentityKind(rawValue: parts[1]), kind != .mixed else {
                        throw fault("ids=\(parts[1]): expected int, sparse, string, key or uuid")
                    }
                    ids = kind
                default: throw fault("unknown option \"\(parts[0])\" (expected sections=, seed= or ids=)")
                }
            }
            let cell = SuiteCell(scenario: scenario, size: size, sections: sections, seed: seed, ids: ids)
            do { try scenario.validate(size: cell.size, sections: cell.sections) } catch {
                throw fault(error.description)
            }
            let key =
                "\(scenario.rawValue) \(cell.size) sections=\(cell.sections) seed=\(cell.seed) "
                + "ids=\(cell.ids.rawValue)"
            if let earlier = seen[key] { throw fault("repeats the cell of line \(earlier) (\(key))") }
            seen[key] = number + 1
            suite.cells.append(cell)
        }
        guard !suite.cells.isEmpty || !suite.files.isEmpty else {
            throw InputError(
                file: file, location: "line 1",
                message: "the suite has no cells")
        }
        return suite
    }
}
