// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffers
import DiffBenchFileFormats

/// A differ in any language, run as a command on each case of `bench verify` and judged like
/// the built-in ones.
package struct ExternalVerifier: Sendable {
    /// Its name in the lines and the summary.
    package let name: String
    /// The command, and how it is driven.
    package let driver: ExternalDiffer

    /// A verifier of `driver`'s answers under `name`.
    ///
    /// - Complexity: O(1).
    package init(name: String, driver: ExternalDiffer) {
        self.name = name
        self.driver = driver
    }

    /// The external differ's verdict on one case.
    ///
    /// - Complexity: the command's run, then the check of its changeset.
    package func result(for file: CaseFile, label: String, verification: Verification) -> VerificationResult {
        switch driver.run(caseJSON: file.encoded()) {
        case .failed(let why):
            return VerificationResult(label: label, algorithm: name, verdict: .error, detail: why)
        case .output(let bytes):
            let decoded: (changeset: Changeset<CaseElement, CaseElement>, elapsedNs: Int?)
            do { decoded = try ChangesetFile.decodeTimed(bytes, file: "its output") } catch {
                let shown = String(decoding: bytes.prefix(60), as: UTF8.self).split(separator: "\n").first ?? ""
                return VerificationResult(
                    label: label, algorithm: name, verdict: .error,
                    detail: "not a changeset (\(error.description)); it printed \"\(shown)\"")
            }
            var result = verification.judge(
                label: label, name: name, old: file.old, new: file.new,
                changeset: decoded.changeset)
            result.elapsedNs = decoded.elapsedNs
            return result
        }
    }
}
