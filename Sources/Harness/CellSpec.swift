import Corpus

/// One benchmark cell: an algorithm on one generated case, with its measurement settings.
public struct CellSpec: Codable, Sendable, Equatable {
    public var algorithm: String
    public var scenario: String
    public var size: Int
    public var sections: Int
    public var seed: UInt64
    public var ids: String
    public var samples: Int
    /// Seconds the cell may take before it is stopped and reported `timeout`.
    public var budget: Double

    public init(algorithm: String, cell: SuiteCell, samples: Int, budget: Double) {
        self.algorithm = algorithm
        scenario = cell.scenario.rawValue
        size = cell.size
        sections = cell.sections
        seed = cell.seed
        ids = cell.ids.rawValue
        self.samples = samples
        self.budget = budget
    }

    /// `heckel mixed n=1000 sections=10 seed=1 ids=int`.
    public var label: String { "\(algorithm) \(scenario) n=\(size) sections=\(sections) seed=\(seed)\(ids == "int" ? "" : " ids=\(ids)")" }
}

/// What measuring one cell produced. Values are per diff.
public struct CellResult: Codable, Sendable {
    /// `ok`, `wrong`, `error`, `timeout` or `skipped`.
    public var status: String
    public var note = ""
    /// Diffs per timed batch, and untimed warm-up diffs.
    public var batch = 0, warmup = 0
    public var wallNs: [Double] = [], cpuNs: [Double] = []
    /// Per-batch instructions per diff; `nil` when the kernel refuses perf counters.
    public var instructions: [Double]?
    public var allocations: Double?, allocatedBytes: Double?
    public var peakRSSBytes: Double = 0
    public var correct = false
    public var stages = 0, itemDeletes = 0, itemInserts = 0, itemMoves = 0, itemReloads = 0, sectionOps = 0
    public var excessMoves = 0, minimumMoves = 0
    public var identityPreserved = 0.0

    public init(status: String, note: String = "") {
        self.status = status
        self.note = note
    }
}
