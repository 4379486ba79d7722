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

    /// The ids are declared once (``RuleID``) and the catalog describes each of them, in order.
    @Test func theCatalogDescribesEveryIdInOrder() {
        #expect(RuleCatalog.all.map(\.id) == RuleID.catalogued)
        #expect(Set(RuleID.all.map(\.rawValue)).count == RuleID.all.count)
        #expect(RuleCatalog.rule(.r7)?.severity == .byView(table: .lint, collection: .hazard))
        #expect(RuleCatalog.rule(.final)?.targets == Target.allCases)
    }
}
