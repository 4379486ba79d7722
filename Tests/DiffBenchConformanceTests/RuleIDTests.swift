// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import DiffBenchConformance

/// Rule ids: declared once, read back from text or refused, never written as a string elsewhere.
@Suite struct RuleIDTests {
    /// Text read from a file names a rule or nothing; the literal check is the same lookup.
    @Test func anIdIsReadBackOrRefused() {
        #expect(RuleID.all.allSatisfy { RuleID(rawValue: $0.rawValue) == $0 })
        #expect(RuleID(rawValue: "R14g") == nil && RuleID(rawValue: "r7") == nil)
        #expect(RuleID(rawValue: "Q1") == nil && RuleID(rawValue: "") == nil)
        #expect(RuleID.r7 < .r13 && RuleID.r23 < .final && RuleID.d8 < .bound)
    }

    /// No rule id is written as a string outside `RuleID.swift`: a finding, a rule or a test names
    /// it as `.r7`, so a typo does not compile.
    @Test func noRuleIdIsAStringLiteralOutsideItsDeclaration() throws {
        let pattern = #/"(R\d+[a-f]?|D\d|FINAL|STAGE|NOTE|BOUND)"/#
        let allowed: Set<String> = ["Sources/DiffBenchConformance/RuleID.swift"]
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = RuleCatalogTests.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !allowed.contains("\(folder)/\(file)") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                {
                    if line.contains(pattern) { found.append("\(folder)/\(file): \(line)") }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
