// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchCompare
@testable import DiffBenchFileFormats
import DiffBenchErrors

/// The thresholds file: round trip, faults with file and line, its use by compare, calibration.
@Suite struct ThresholdsTests {
    @Test func roundTrip() throws {
        let file = Thresholds(
            values: [
                "heckel|mixed|1000|10|1|int cpu_ns": 0.125,
                "lis|shuffle|1000|10|1|string cpu_ns": 0.1
            ],
            comments: ["machine: vm", "from 10 comparisons"])
        let text = file.encode()
        #expect(text.hasPrefix("# diffbench-thresholds/1\n# machine: vm\n"))
        #expect(text.contains("heckel|mixed|1000|10|1|int cpu_ns 12.5%\n"))
        #expect(try Thresholds.decode(text, file: "t.txt") == file)
    }

    @Test func faultsNameTheFileAndLine() {
        func message(_ text: String) -> String? {
            do { _ = try Thresholds.decode(text, file: "t.txt"); return nil } catch { return error.message }
        }
        #expect(message("heckel 10%")?.hasPrefix("t.txt: line 1: expected \"# diffbench-thresholds/1\"") == true)
        let header = Thresholds.header + "\n"
        #expect(message(header + "heckel|mixed cpu_ns 10%")?.hasPrefix("t.txt: line 2: expected") == true)
        #expect(message(header + "a|b|1|1|1|int cpu_ns ten")?.contains("line 2: threshold ten") == true)
        #expect(message(header + "a|b|1|1|1|int cpu_ns -5%")?.contains("line 2") == true)
        #expect(
            message(header + "a|b|1|1|1|int cpu_ns 5%\na|b|1|1|1|int cpu_ns 6%")?
                .contains("line 3: a|b|1|1|1|int cpu_ns is listed twice") == true)
    }

    /// Paired rows of `cells` cells; heckel's NEW side `factor` slower.
    static func paired(factor: Double) -> (base: [ResultRow], new: [ResultRow]) {
        let base = TimingGateTests.rows("base", pairedWith: "head", slowRounds: { _ in [] })
        let new = TimingGateTests.rows("head", pairedWith: "base", factor: ["heckel": factor], slowRounds: { _ in [] })
        return (base, new)
    }

    @Test func compareJudgesACellAtItsOwnThresholdNeverBelowTheGlobalOne() throws {
        let (base, new) = Self.paired(factor: 1.15)
        let flagged = try Comparison.compare(base: base, new: new, threshold: 0.1, scope: .timing)
        #expect(flagged.entries.filter { $0.verdict == .regression }.count == 3)
        var thresholds = Thresholds()
        for row in new where row.algorithm == "heckel" { thresholds.values["\(row.cell) cpu_ns"] = 0.2 }
        let calibrated = try Comparison.compare(
            base: base, new: new, threshold: 0.1, scope: .timing,
            thresholds: thresholds)
        #expect(calibrated.outcome == .pass)
        #expect(calibrated.entries.contains { $0.note.contains("threshold 20.0% (calibrated)") })
        // A file threshold under the global one does not lower it.
        for key in thresholds.values.keys { thresholds.values[key] = 0.01 }
        let floor = try Comparison.compare(base: base, new: new, threshold: 0.2, scope: .timing, thresholds: thresholds)
        #expect(floor.outcome == .pass)
    }

    @Test func calibrationRaisesTheThresholdsOfNoisyCellsOnly() throws {
        // Five same-binary comparisons; heckel's cells swing by +-12% from run to run.
        var pairs: [(base: [ResultRow], new: [ResultRow])] = []
        for k in 0..<5 {
            let swing = [1.12, 0.9, 1.05, 0.95, 1.1][k]
            pairs.append(Self.paired(factor: swing))
        }
        let c = try Calibration.calibrate(pairs, floor: 0.1, machine: "test")
        #expect(c.runs == 5 && c.cellComparisons == 60)
        #expect(c.currentAlarms > 0 && c.calibratedAlarms == 0)
        for (key, value) in c.thresholds.values {
            if key.hasPrefix("heckel|") { #expect(value > 0.2, "\(key)") } else { #expect(value == 0.1, "\(key)") }
        }
        let line = "false alarms of the global rule: \(c.currentAlarms) of 60"
        #expect(c.thresholds.comments.contains { $0.contains(line) })
        #expect(throws: DiffBenchError.self) {
            try Calibration.calibrate(Array(pairs.prefix(2)), floor: 0.1, machine: "")
        }
    }
}
