// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchReports
import DiffBenchFileFormats
import DiffBenchErrors

/// A subcommand's parsed command line: positional words, `--name value` options and flags.
/// Unknown flags and missing values are usage errors that name the flag.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    /// Every value of an option given more than once, in order.
    private var repeated: [String: [String]] = [:]
    private var flags: Set<String> = []
    let wantsHelp: Bool

    /// `options` take a value; `switches` do not.
    init(_ tokens: [String], options: Set<String>, switches: Set<String> = []) throws(DiffBenchError) {
        var help = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--help" || token == "-h" { help = true; continue }
            guard token.hasPrefix("--"), token.count > 2 else { positional.append(token); continue }
            var name = String(token.dropFirst(2)), inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if switches.contains(name) {
                guard inline == nil else { throw .usage("--\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < tokens.count else { throw .usage("--\(name) needs a value") }
                    value = tokens[index]
                    index += 1
                }
                // Output goes to a named file; what a command prints goes to standard output already.
                if ["out", "report", "save-minimal", "save-failures"].contains(name) && value == "-" {
                    throw .usage(
                        "--\(name) -: name a file or folder (standard output already gets what this "
                            + "command prints; a file named - is not written)")
                }
                repeated[name, default: values[name].map { [$0] } ?? []].append(value)
                values[name] = value
            } else {
                let names = (options.union(switches)).sorted()
                let guess = Suggestion.didYouMean(name, among: names + ["help"])
                let known = names.map { "--\($0)" }.joined(separator: " ")
                throw .usage(
                    "unknown option --\(name)"
                        + (guess.isEmpty
                            ? known.isEmpty ? "" : " (known: \(known))"
                            : guess.replacingOccurrences(of: "mean \"", with: "mean \"--")))
            }
        }
        wantsHelp = help
    }

    func value(_ name: String) -> String? { values[name] }
    /// Every value given for `name`, in order (an option that may be repeated).
    func values(_ name: String) -> [String] { repeated[name] ?? values[name].map { [$0] } ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int> = 0...Int.max)
        throws(DiffBenchError) -> Int
    {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text.replacingUnderscores()), range.contains(number) else {
            throw .usage(
                "--\(name) \(text): expected a whole number in "
                    + "\(range.lowerBound)...\(range.upperBound == Int.max ? "" : String(range.upperBound))")
        }
        return number
    }

    /// `--NAME S`: seconds, more than 0 and at most a day; `nil` when absent.
    func seconds(_ name: String) throws(DiffBenchError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw .usage("--\(name) \(text): expected seconds, more than 0 and at most 86400")
        }
        return value
    }

    /// A seed: any whole number from 0 to 18446744073709551615 (a `UInt64`), `fallback` when absent.
    func seed(_ name: String = "seed", default fallback: UInt64) throws(DiffBenchError) -> UInt64 {
        guard let text = values[name] else { return fallback }
        guard let number = UInt64(text.replacingUnderscores()) else {
            throw .usage("--\(name) \(text): expected a whole number from 0 to \(UInt64.max)")
        }
        return number
    }

    /// A comma-separated list, or `nil` when absent.
    func list(_ name: String) throws(DiffBenchError) -> [String]? {
        guard let text = values[name] else { return nil }
        let items = text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw .usage("--\(name) needs at least one value") }
        return items
    }
}

extension String {
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

extension Arguments {
    /// `--time cpu|wall` and `--reference NAME`: what the table, verdicts and report compare.
    func rankingOptions() throws(DiffBenchError) -> RankingOptions {
        let time = try choice("time", default: TimeMetric.cpu)
        if let name = value("reference"), name.isEmpty { throw .usage("--reference needs an algorithm name") }
        return RankingOptions(time: time, reference: value("reference"))
    }
}

extension RankingOptions {
    /// Refuses a `--reference` that names none of `algorithms`.
    func check(in algorithms: [String]) throws(DiffBenchError) {
        guard let name = reference, !algorithms.contains(name) else { return }
        var known: [String] = []
        for a in algorithms where !known.contains(a) { known.append(a) }
        throw .usage("--reference \(name): not among the algorithms (\(known.joined(separator: ", ")))")
    }
}
