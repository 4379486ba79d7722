// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchErrors

/// Nearest-match suggestions for mistyped names.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("rnu", ["run", "report", "verify"], " (did you mean \"run\"?)"),
        ("algoritms", ["algorithms", "scenarios"], " (did you mean \"algorithms\"?)"),
        ("verison", ["version", "verify"], " (did you mean \"version\"?)"),
        ("hekcel", ["heckel", "lis", "myers"], " (did you mean \"heckel\"?)"),
        ("zzz", ["run", "report"], "")
    ])
    func theNearestNameIsSuggested(name: String, known: [String], expected: String) {
        #expect(Suggestion.didYouMean(name, among: known) == expected)
    }
}
