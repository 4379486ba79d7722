// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

/// One `citations` entry of League/differs.json: a repository, the ref the league pins, a file, a
/// line or range, and the words its first or last line holds (the declaration or statement cited).
struct Citation: Decodable, CustomStringConvertible {
    var repo: String, ref: String, path: String, lines: String, names: String

    /// The first and last line cited.
    var range: ClosedRange<Int>? {
        let parts = lines.split(separator: "-").compactMap { Int($0) }
        guard let first = parts.first, parts.count <= 2, first >= 1, (parts.last ?? first) >= first else { return nil }
        return first...(parts.last ?? first)
    }

    var description: String { "\(repo) \(ref) \(path):\(lines)" }
}

/// The citations of League/differs.json, checked: each `file:line` its sentences cite is listed in
/// the entry's `citations`, and each listed one names lines that exist at the pinned ref and begin
/// or end on what it names, read from the fetched sources (`LEAGUE_PEER_SOURCES`, default
/// /work/.mirror: OWNER+NAME/repo, a git directory) when they are there.
@Suite struct CitationTests {
    /// One differ (or library not built) of differs.json: its name, every sentence, its citations.
    struct Entry {
        var name: String, sentences: [String], citations: [Citation]
    }

    static let entries: [Entry] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../differs.json")
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        func strings(_ value: Any) -> [String] {
            if let s = value as? String { return [s] }
            if let a = value as? [Any] { return a.flatMap(strings) }
            if let d = value as? [String: Any] { return d.filter { $0.key != "citations" }.values.flatMap(strings) }
            return []
        }
        let all = ((root["differs"] as? [[String: Any]]) ?? []) + ((root["not_built"] as? [[String: Any]]) ?? [])
        return all.map { entry in
            let cited =
                (try? JSONSerialization.data(withJSONObject: entry["citations"] ?? []))
                .flatMap { try? JSONDecoder().decode([Citation].self, from: $0) } ?? []
            return Entry(
                name: (entry["name"] ?? entry["library"]) as? String ?? "?", sentences: strings(entry), citations: cited
            )
        }
    }()

    /// `(file, lines)` for every `File.ext:N` or `File.ext:N-M` in `text`; a compiler's
    /// `File.ext:N:C: error` (a quoted message, with its column) is not a citation.
    static func cited(in text: String) -> [(file: String, lines: String)] {
        let pattern = #/([A-Za-z0-9_+./-]+\.(?:swift|mm|m|h|md)):(\d+(?:-\d+)?)(?![:\d])/#
        return text.matches(of: pattern).map { (String($0.output.1), String($0.output.2)) }
    }

    @Test func differsJSONIsReadAndCitesSomething() {
        #expect(Self.entries.count >= 8)
        #expect(Self.entries.flatMap(\.citations).count >= 30)
    }

    @Test func everyFileLineInASentenceIsAListedCitation() {
        for entry in Self.entries {
            for (file, lines) in entry.sentences.flatMap(Self.cited(in:)) {
                let listed = entry.citations.contains { $0.lines == lines && $0.path.hasSuffix(file) }
                #expect(listed, "\(entry.name): \(file):\(lines) is cited in a sentence but not in its citations")
            }
        }
    }

    @Test func theSentenceMatcherFindsPathsAndRanges() {
        let found = Self.cited(
            in: "see Sources/Diff+UIKit.swift:228-246 and README.md:39 at 1.4.5, not \"A.swift:4:8: error\"")
        #expect(found.map(\.file) == ["Sources/Diff+UIKit.swift", "README.md"])
        #expect(found.map(\.lines) == ["228-246", "39"])
    }

    @Test func everyCitationNamesLinesThatExistAndBeginOrEndOnWhatItNames() throws {
        let root = ProcessInfo.processInfo.environment["LEAGUE_PEER_SOURCES"] ?? "/work/.mirror"
        var checked = 0, absent: Set<String> = []
        for entry in Self.entries {
            for citation in entry.citations {
                guard let text = Self.source(citation, root: root) else {
                    absent.insert(citation.repo)
                    continue
                }
                checked += 1
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                guard let range = citation.range, range.upperBound <= lines.count else {
                    Issue.record("\(entry.name): \(citation) names lines the file (\(lines.count) lines) does not have")
                    continue
                }
                let first = lines[range.lowerBound - 1], last = lines[range.upperBound - 1]
                #expect(
                    first.contains(citation.names) || last.contains(citation.names),
                    """
                    \(entry.name): \(citation) begins with "\(first)" and ends with "\(last)", \
                    neither "\(citation.names)"
                    """
                )
            }
        }
        if checked == 0 {
            try Test.cancel("no fetched sources under \(root) (set LEAGUE_PEER_SOURCES): citations not read")
        }
        if !absent.isEmpty { print("CitationTests: not fetched, not read: \(absent.sorted().joined(separator: ", "))") }
    }

    /// The cited file at its ref, from `root/OWNER+NAME/repo` (a bare git directory or a clone's
    /// `.git`), or nil when it is not there.
    static func source(_ citation: Citation, root: String) -> String? {
        let name = citation.repo.replacingOccurrences(of: "/", with: "+")
        for dir in ["\(root)/\(name)/repo", "\(root)/\(name)/repo/.git"] {
            guard FileManager.default.fileExists(atPath: dir + "/HEAD") else { continue }
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "--git-dir=\(dir)", "show", "\(citation.ref):\(citation.path)"]
            let out = Pipe()
            git.standardOutput = out
            git.standardError = FileHandle.nullDevice
            guard (try? git.run()) != nil else { return nil }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            git.waitUntilExit()
            return git.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
        }
        return nil
    }
}
