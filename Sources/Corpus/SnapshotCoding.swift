import DiffModel

/// The snapshot form shared by case files and changeset files:
/// `[ {"id": ..., "rev": ..., "items": [ {"id": ..., "rev": ...} ]} ]`.
enum SnapshotCoding {
    static func decode(_ node: JSONNode, unique: Bool) throws(InputError) -> CaseSnapshot {
        var sections: [Section<CaseElement, CaseElement>] = []
        var sectionIDs = Set<CaseID>(), itemIDs = Set<CaseID>()
        for sectionNode in try node.elements() {
            let members = try sectionNode.members(allowed: ["id", "rev", "items"], required: ["id", "items"])
            let model = try element(members, sectionNode)
            if unique && !sectionIDs.insert(model.id).inserted {
                throw members["id"]!.fault("duplicate section id \(model.id) (mark the case \"duplicates\": true to allow it)")
            }
            var items: [CaseElement] = []
            for itemNode in try members["items"]!.elements() {
                let item = try element(try itemNode.members(allowed: ["id", "rev"], required: ["id"]), itemNode)
                if unique && !itemIDs.insert(item.id).inserted {
                    throw itemNode.fault("duplicate item id \(item.id) (item ids must be unique across the snapshot unless the case is marked \"duplicates\": true)")
                }
                items.append(item)
            }
            sections.append(Section(model, items: items))
        }
        return Snapshot(sections)
    }

    private static func element(_ members: [String: JSONNode], _ node: JSONNode) throws(InputError) -> CaseElement {
        let idNode = members["id"]!
        let id: CaseID
        switch idNode.value {
        case .int(let number): id = .int(number)
        case .string(let text): id = .string(text)
        default: throw idNode.fault("an id must be a string or an integer, found \(idNode.value.typeName)")
        }
        return CaseElement(id, rev: try members["rev"]?.int() ?? 0)
    }

    static func encode(_ snapshot: CaseSnapshot, into out: inout JSONWriter, indent: String) {
        out.raw("[")
        for (s, section) in snapshot.sections.enumerated() {
            out.raw(s == 0 ? "\n\(indent)" : ",\n\(indent)")
            out.raw("{\"id\": ")
            encodeID(section.model.id, into: &out)
            if section.model.rev != 0 { out.raw(", \"rev\": "); out.int(section.model.rev) }
            out.raw(", \"items\": [")
            for (k, item) in section.items.enumerated() {
                out.raw(k == 0 ? "{\"id\": " : ", {\"id\": ")
                encodeID(item.id, into: &out)
                if item.rev != 0 { out.raw(", \"rev\": "); out.int(item.rev) }
                out.raw("}")
            }
            out.raw("]}")
        }
        out.raw(snapshot.sections.isEmpty ? "]" : "\n\(indent.dropLast(2))]")
    }

    private static func encodeID(_ id: CaseID, into out: inout JSONWriter) {
        switch id {
        case .int(let number): out.int(number)
        case .string(let text): out.string(text)
        }
    }
}
