// SPDX-License-Identifier: Apache-2.0
import DiffBenchDiffers
import DiffBenchVerification
import DiffBenchErrors

/// `--external`, `--external-name`, `--external-mode` and `--timeout` of `bench verify` (which
/// also limits the built-in differs): the flags into an ``ExternalVerifier``.
enum ExternalOption {
    /// `nil` without `--external`; the other three flags are then usage errors.
    static func parse(_ args: Arguments) throws(DiffBenchError) -> ExternalVerifier? {
        guard let command = args.value("external") else {
            for flag in ["external-name", "external-mode"] where args.value(flag) != nil {
                throw .usage("--\(flag) needs --external \"COMMAND\"")
            }
            return nil
        }
        guard !command.trimmingSpaces().isEmpty else { throw .usage("--external needs a command") }
        guard args.values("external").count == 1 else {
            throw .usage("--external is given \(args.values("external").count) times: verify takes one external differ")
        }
        let mode = try args.choice("external-mode", default: ExternalDiffer.Mode.perCase)
        let timeout = try args.seconds("timeout") ?? 10
        let name = args.value("external-name") ?? "external"
        return ExternalVerifier(name: name, driver: try ExternalDiffer(command: command, mode: mode, timeout: timeout))
    }
}
