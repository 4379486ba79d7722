import Foundation

/// Which algorithm to pick for one scenario: the fastest correct one, the best-animated one, and
/// what to do when they differ. `reload` (no diff) is never ranked; a `wrong`, `error`, `timeout`
/// or `skipped` cell takes its algorithm out of the ranking and is listed, never dropped silently.
public struct ScenarioVerdict: Sendable {
    /// The scenario with its identity kind.
    public var scenario: String
    /// The algorithm with the lowest geometric mean of time over the fastest, across the
    /// scenario's cases; only algorithms correct and timed on every case take part.
    public var fastest: String?
    /// The algorithm correct on every case with the fewest relocations beyond the minimum in
    /// total (then the highest identity preserved, then speed).
    public var bestAnimated: String?
    /// One sentence.
    public var recommendation: String
    /// Cells that kept an algorithm out of the ranking: `myers: timeout at 100000`.
    public var problems: [String]

    /// One verdict per scenario (with identity kind), in order of first appearance.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    public static func verdicts(_ cells: [CellFigures]) -> [ScenarioVerdict] {
        var order: [String] = []
        var groups: [String: [CellFigures]] = [:]
        for cell in cells {
            if groups[cell.scenarioLabel] == nil { order.append(cell.scenarioLabel) }
            groups[cell.scenarioLabel, default: []].append(cell)
        }
        return order.map { verdict(scenario: $0, cells: groups[$0]!) }
    }

    static func verdict(scenario: String, cells: [CellFigures]) -> ScenarioVerdict {
        let ranked = cells.filter { !$0.isBaseline }
        var algorithms: [String] = []
        for cell in ranked where !algorithms.contains(cell.algorithm) { algorithms.append(cell.algorithm) }
        var problems: [String] = []
        for cell in ranked where !(cell.correct == true && cell.wall != nil) {
            let what = cell.correct == false ? "wrong" : cell.status.isEmpty || cell.status == "ok" ? "not timed" : cell.status
            problems.append("\(cell.algorithm): \(what) at \(cell.size)")
        }
        let byAlgorithm = Dictionary(grouping: ranked, by: \.algorithm)
        let allCorrect = algorithms.filter { byAlgorithm[$0]!.allSatisfy { $0.correct == true } }
        let allTimed = allCorrect.filter { byAlgorithm[$0]!.allSatisfy(\.rankable) }

        // Speed: per case, time over the fastest ranked algorithm of that case; then the geometric mean.
        var fastestOfCase: [String: Double] = [:]
        for cell in ranked where allTimed.contains(cell.algorithm) {
            let t = cell.wall!.median
            fastestOfCase[cell.caseKey] = min(fastestOfCase[cell.caseKey] ?? t, t)
        }
        func slowdown(_ algorithm: String) -> Double {
            let ratios = byAlgorithm[algorithm]!.compactMap { c in
                c.wall.flatMap { w in fastestOfCase[c.caseKey].map { w.median / max($0, 1e-9) } }
            }
            return ratios.isEmpty ? .infinity : exp(ratios.map { log(max($0, 1e-12)) }.reduce(0, +) / Double(ratios.count))
        }
        let speed = Dictionary(uniqueKeysWithValues: allTimed.map { ($0, slowdown($0)) })
        let fastest = allTimed.min { speed[$0]! < speed[$1]! }

        func excess(_ algorithm: String) -> Double { byAlgorithm[algorithm]!.reduce(0) { $0 + ($1.excess ?? .infinity) } }
        func identity(_ algorithm: String) -> Double {
            let values = byAlgorithm[algorithm]!.map { $0.identity ?? 0 }
            return values.reduce(0, +) / Double(values.count)
        }
        let best = allCorrect.min { a, b in
            if excess(a) != excess(b) { return excess(a) < excess(b) }
            if identity(a) != identity(b) { return identity(a) > identity(b) }
            return (speed[a] ?? .infinity) < (speed[b] ?? .infinity)
        }

        let recommendation: String
        switch (fastest, best) {
        case (nil, nil): recommendation = "no algorithm is correct on every case"
        case (nil, let b?): recommendation = "\(b): the only kind of result that is correct everywhere, but not timed on every case"
        case (let f?, nil): recommendation = "\(f)"
        case (let f?, let b?) where f == b:
            let tied = allCorrect.allSatisfy { excess($0) == excess(b) && identity($0) == identity(b) }
            recommendation = tied && allCorrect.count > 1
                ? "\(f): fastest; every correct algorithm animates it alike" : "\(f): fastest and best animated"
        case (let f?, let b?):
            let saved = excess(f) - excess(b)
            let cost = speed[b].map { " at \(Format.fixed($0 / speed[f]!, 2))x the time" } ?? " (not timed on every case)"
            recommendation = "\(f) for speed; \(b) when animation matters: \(Int(saved)) fewer excess moves\(cost)"
        }
        return ScenarioVerdict(scenario: scenario, fastest: fastest, bestAnimated: best,
                               recommendation: recommendation, problems: problems)
    }
}
