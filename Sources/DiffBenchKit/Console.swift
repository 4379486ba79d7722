import CSystemProbes

/// Standard output for results, standard error for progress and errors.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
    }

    static func err(_ text: String) {
        dbp_stderr(text + "\n")
    }
}
