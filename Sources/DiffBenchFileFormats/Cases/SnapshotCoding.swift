// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchConformance

/// The snapshot form shared by case files and changeset files:
/// `[ {"id": ..., "rev": ..., "items": [ {"id": ..., "rev": ...} ]} ]`.
enum SnapshotCoding {
    /// Decodes a snapshot. Walks the parsed values directly and spells a JSON path only when
    /// something is wrong: building one per element cost more than the parse itself.
    ///
    /// - Complexity: O(*n*) in the number of items.
    static func decode(_ node: JSONNode, unique: Bool) throws(InputError) -> CaseSnapshot {
        if case .snapshot(let snapshot) = node.value {
            if unique { try checkUnique(snapshot, node) }
            return snapshot
        }
        guard case .array(let sectionValues) = node.value else {
            throw node.fault("expected an array, found \(node.value.typeName)")
        }
        var sections: [Section<CaseElement, CaseElement>] = []
        sections.reserveCapacity(sectionValues.count)
        var sectionIDs = Set<CaseID>(), itemIDs = Set<CaseID>()
        if unique {
            // Sized up front: growing a set of a million identities rehashes it about twenty times.
            sectionIDs.reserveCapacity(sectionValues.count)
            var itemCount = 0
            for case .object(let members) in sectionValues {
                for (key, member) in members where key == "items" {
                    if case .array(let list) = member { itemCount += list.count }
                }
            }
            itemIDs.reserveCapacity(itemCount)
        }
        for (s, sectionValue) in sectionValues.enumerated() {
            func sectionFault(_ suffix: String, _ message: String) -> InputError {
                InputError(file: node.file, location: "\(node.path)[\(s)]\(suffix)", message: message)
            }
            let (model, list) = try fastElement(sectionValue, sectionFault, section: true)
            if unique && !sectionIDs.insert(model.id).inserted {
                throw sectionFault(
                    ".id",
                    "duplicate section id \(model.id) (mark the case \"duplicates\": true to allow it)"
                )
            }
            let itemValues = list ?? []
            var items: [CaseElement] = []
            items.reserveCapacity(itemValues.count)
            for (k, itemValue) in itemValues.enumerated() {
                func fault(_ suffix: String, _ message: String) -> InputError {
                    InputError(file: node.file, location: "\(node.path)[\(s)].items[\(k)]\(suffix)", message: message)
                }
                let item = try fastElement(itemValue, fault, section: false).element
                if unique && !itemIDs.insert(item.id).inserted {
                    throw fault(
                        "",
                        "duplicate item id \(item.id) (item ids must be unique across the snapshot unless the case is "
                            + "marked \"duplicates\": true)"
                    )
                }
                items.append(item)
            }
            sections.append(Section(model, items: items))
        }
        return Snapshot(sections)
    }

    /// The uniqueness check of ``decode(_:unique:)`` on a snapshot the parser read directly:
    /// the same order (a section, then its items) and the same messages.
    private static func checkUnique(_ snapshot: CaseSnapshot, _ node: JSONNode) throws(InputError) {
        var sectionIDs = Set<CaseID>()
        sectionIDs.reserveCapacity(snapshot.sections.count)
        var repeats = RepeatedIdentities(snapshot)
        for (s, section) in snapshot.sections.enumerated() {
            guard sectionIDs.insert(section.model.id).inserted else {
                throw InputError(
                    file: node.file,
                    location: "\(node.path)[\(s)].id",
                    message: "duplicate section id \(section.model.id) (mark the case \"duplicates\": true to allow it)"
                )
            }
            for (k, item) in section.items.enumerated() where repeats.next() {
                throw InputError(
                    file: node.file, location: "\(node.path)[\(s)].items[\(k)]",
                    message: "duplicate item id \(item.id) (item ids must be unique across the snapshot "
                        + "unless the case is marked \"duplicates\": true)")
            }
        }
    }

    /// An item object `{"id": ..., "rev": ...}`, or with `section` a section object that also
    /// has `"items": [...]`, read without building JSON nodes (a path string per element cost
    /// more than the parse); the messages are those of ``JSONNode/members(allowed:required:)``.
    private static func fastElement(_ value: JSONValue, _ fault: (String, String) -> InputError, section: Bool)
        throws(InputError) -> (element: CaseElement, items: [JSONValue]?)
    {
        guard case .object(let members) = value else { throw fault("", "expected an object, found \(value.typeName)") }
        var id: CaseID?, rev: Int?, items: [JSONValue]?
        for (key, member) in members {
            switch key {
            case "id":
                guard id == nil else { throw fault("", "member \"id\" appears twice") }
                switch member {
                case .int(let number): id = .int(number)
                case .string(let text): id = .string(text)
                default: throw fault(".id", "an id must be a string or an integer, found \(member.typeName)")
                }
            case "rev":
                guard rev == nil else { throw fault("", "member \"rev\" appears twice") }
                guard case .int(let number) = member else {
                    throw fault(".rev", "expected an integer, found \(member.typeName)")
                }
                rev = number
            case "items" where section:
                guard items == nil else { throw fault("", "member \"items\" appears twice") }
                guard case .array(let list) = member else {
                    throw fault(".items", "expected an array, found \(member.typeName)")
                }
                items = list
            default:
                throw fault(
                    "",
                    "unknown member \"\(key)\" (expected one of: \(section ? "id, items, rev" : "id, rev"))"
                )
            }
        }
        guard let id else { throw fault("", "missing member \"id\"") }
        if section && items == nil { throw fault("", "missing member \"items\"") }
        return (CaseElement(id, rev: rev ?? 0), items)
    }
}
