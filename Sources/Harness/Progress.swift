import CSystemProbes

/// Progress with rate and ETA on standard error, at most twice a second; silent when quiet.
public final class Progress: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let quiet: Bool
    private let start = dbp_monotonic_ns()
    private var lastPrint: UInt64 = 0

    /// Creates a progress line for `total` steps.
    public init(total: Int, label: String, quiet: Bool) {
        self.total = total
        self.label = label
        self.quiet = quiet
    }

    /// Reports that `done` steps are complete; `detail` names the current step.
    public func advance(to done: Int, detail: String = "") {
        guard !quiet else { return }
        let now = dbp_monotonic_ns()
        guard now - lastPrint > 500_000_000 || done == total else { return }
        lastPrint = now
        let elapsed = Double(now - start) / 1e9
        let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        dbp_stderr("\r\(label): \(done)/\(total) \(Format.duration(elapsed)) elapsed, ETA \(Format.duration(eta)) \(detail)\u{1B}[K")
    }

    /// Ends the progress line.
    public func finish() {
        guard !quiet else { return }
        let elapsed = Double(dbp_monotonic_ns() - start) / 1e9
        dbp_stderr("\r\(label): \(total)/\(total) done in \(Format.duration(elapsed))\u{1B}[K\n")
    }
}
