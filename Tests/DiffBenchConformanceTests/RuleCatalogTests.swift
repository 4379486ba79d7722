// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import DiffBenchConformance

/// The rules' catalog: the checker's every id is in it, and docs/conformance-rules.md is its text.
@Suite struct RuleCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func docsMatchTheCode() throws {
        let file = Self.root.appendingPathComponent("docs/conformance-rules.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        let fix = "swift run -c release bench rules --format markdown > docs/conformance-rules.md"
        #expect(text == RuleCatalog.markdown(), "docs/conformance-rules.md is stale: \(fix)")
    }

    @Test func everyIdTheCheckerReportsIsCatalogued() throws {
        let folder = Self.root.appendingPathComponent("Sources/DiffBenchConformance")
        var reported: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            // `report("R4", ...)`, also with the id on a line of its own.
            for part in text.components(separatedBy: "report(").dropFirst() {
                let rest = part.drop { $0 == " " || $0 == "\n" }
                guard rest.first == "\"" else { continue }
                reported.insert(String(rest.dropFirst().prefix { $0 != "\"" }))
            }
        }
        #expect(reported.count >= 30)
        let missing = reported.subtracting(RuleCatalog.ids)
        #expect(missing.isEmpty, "not catalogued: \(missing)")
        #expect(Set(RuleCatalog.all.map(\.id)).count == RuleCatalog.all.count)
    }
}
