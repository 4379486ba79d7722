import DiffBenchCProbes
#if canImport(Glibc)
import Glibc
#endif

/// Standard output for results, standard error for progress and errors.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
    }

    static func err(_ text: String) {
        dbp_stderr(text + "\n")
    }

    /// Colour on standard output: only on a terminal, and only when `NO_COLOR` is unset
    /// (https://no-color.org).
    static var colour: Bool { isatty(1) == 1 && getenv("NO_COLOR") == nil }
}
