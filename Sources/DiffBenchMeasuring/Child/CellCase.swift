// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchFileFormats

/// The case a cell measures, with the identity type its `ids` asks for.
package enum CellCase: Sendable {
    case int(IntSnapshot, IntSnapshot)
    case string(StringSnapshot, StringSnapshot)
    case uuid(UUIDSnapshot, UUIDSnapshot)
    /// A case file whose ids are integers and strings both.
    case mixed(CaseSnapshot, CaseSnapshot)

    /// Generates the case of `spec`, or reads it from the spec's case file (deterministic: the
    /// same spec gives the same case).
    ///
    /// - Complexity: O(*n*) for *n* items.
    package static func make(_ spec: CellSpec) throws(CorpusError) -> CellCase {
        if let path = spec.file { return try read(path, ids: spec.ids) }
        guard let scenario = Scenario(rawValue: spec.scenario) else {
            throw CorpusError("unknown scenario \(spec.scenario)")
        }
        let generated = try scenario.generate(size: spec.size, sections: spec.sections, seed: spec.seed)
        switch spec.ids {
        case .int: return .int(generated.old, generated.new)
        case .mixed: throw CorpusError("\(spec.scenario): a generated case has no mixed identities")
        case .string:
            let strings = generated.stringIdentities()
            return .string(strings.old, strings.new)
        case .uuid:
            let uuids = generated.uuidIdentities()
            return .uuid(uuids.old, uuids.new)
        case .sparse:
            let sparse = generated.sparseIdentities()
            return .int(sparse.old, sparse.new)
        case .key:
            let keys = generated.keyIdentities()
            return .string(keys.old, keys.new)
        }
    }

    /// The case file at `path`, with `Int` or `String` identities when `ids` says all are one.
    static func read(_ path: String, ids: IdentityKind) throws(CorpusError) -> CellCase {
        let file: CaseFile
        do { file = try CaseFile.decode(try FileAccess.read(path), file: path) } catch {
            throw CorpusError("\(error)")
        }
        switch ids {
        case .int:
            if let old = CaseIdentities.ints(file.old), let new = CaseIdentities.ints(file.new) {
                return .int(old, new)
            }
        case .string:
            if let old = CaseIdentities.strings(file.old), let new = CaseIdentities.strings(file.new) {
                return .string(old, new)
            }
        default:
            return .mixed(file.old, file.new)
        }
        throw CorpusError("\(path): its identities are no longer all of type \(ids) (the file changed during the run)")
    }
}
