import DiffModel
import Corpus

/// The case a cell measures, with the identity type its `ids` asks for.
public enum CellCase: Sendable {
    case int(IntSnapshot, IntSnapshot)
    case string(StringSnapshot, StringSnapshot)
    case uuid(UUIDSnapshot, UUIDSnapshot)

    /// Generates the case of `spec` (deterministic: the same spec gives the same case).
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func make(_ spec: CellSpec) throws(CorpusError) -> CellCase {
        guard let scenario = Scenario(rawValue: spec.scenario) else {
            throw CorpusError("unknown scenario \(spec.scenario)")
        }
        guard let ids = IdentityKind(rawValue: spec.ids) else {
            throw CorpusError("unknown identity kind \(spec.ids)")
        }
        let generated = try scenario.generate(size: spec.size, sections: spec.sections, seed: spec.seed)
        switch ids {
        case .int: return .int(generated.old, generated.new)
        case .string:
            let strings = generated.stringIdentities()
            return .string(strings.old, strings.new)
        case .uuid:
            let uuids = generated.uuidIdentities()
            return .uuid(uuids.old, uuids.new)
        }
    }
}
