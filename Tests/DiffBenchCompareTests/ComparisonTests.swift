import Testing
@testable import DiffBenchCompare
import DiffBenchTestSupport
@testable import DiffBenchFileFormats
@testable import DiffBenchStatistics

@Suite struct ComparisonTests {
    let base = [
        sampleRow(),
        sampleRow(metric: "correct", kind: "exact", samples: [1]),
        sampleRow(metric: "allocations", kind: "exact", samples: [50])
    ]

    @Test func identicalPasses() throws {
        #expect(try Comparison.compare(base: base, new: base, threshold: 0.1).exitCode == .pass)
    }

    @Test func sixtyPercentSlowerRegresses() throws {
        var new = base
        new[0].samples = base[0].samples.map { $0 * 1.6 }
        new[0].summary = Summary(new[0].samples)
        let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(result.exitCode == .regression)
        #expect(result.entries.first { $0.verdict == .regression }?.p ?? 1 < 0.01)
        // Within the threshold: not a regression even if significant.
        new[0].samples = base[0].samples.map { $0 * 1.05 }
        new[0].summary = Summary(new[0].samples)
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).exitCode == .pass)
    }

    @Test func wrongWinsOverRegression() throws {
        var new = base
        new[0].samples = base[0].samples.map { $0 * 2 }
        new[0].summary = Summary(new[0].samples)
        new[1].samples = [0]; new[1].summary = Summary([0]); new[1].status = "wrong"
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).exitCode == .wrong)
    }

    @Test func exactMetricsCompareExactly() throws {
        var new = base
        new[2].samples = [51]; new[2].summary = Summary([51])
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).exitCode == .regression)
        new[2].samples = [49]; new[2].summary = Summary([49])
        let better = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(better.exitCode == .pass && better.entries.contains { $0.verdict == .improvement })
    }

    @Test func differentCorpusOrRowsAreNotComparable() throws {
        let other = base.map { row -> ResultRow in var r = row; r.meta.corpusID = "diffbench-corpus-2"; return r }
        #expect(throws: CommandError.self) { try Comparison.compare(base: base, new: other, threshold: 0.1) }
        do { _ = try Comparison.compare(base: base, new: other, threshold: 0.1) } catch {
            #expect(error.code == .notComparable)
        }
        do { _ = try Comparison.compare(base: base, new: Array(base.prefix(2)), threshold: 0.1) } catch {
            #expect(error.code == .notComparable)
        }
        #expect(try Comparison.compare(
            base: base,
            new: Array(base.prefix(2)),
            threshold: 0.1,
            allowMissing: true
        ).entries.contains { $0.verdict == .missing })
    }
}
