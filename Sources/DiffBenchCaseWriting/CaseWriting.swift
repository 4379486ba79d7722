// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Writes case files (`diffbench-case/1`) and changeset files (`diffbench-changeset/1`) in their
/// canonical layout. Below the file formats module so that an app's guard (`DiffBenchDiffing`)
/// writes the same files `bench` reads, without the rest of it.
package enum CaseWriting {
    /// A case file's bytes.
    ///
    /// - Complexity: O(*n*) in the number of items.
    package static func caseFile(name: String, old: CaseSnapshot, new: CaseSnapshot, duplicates: Bool) -> [UInt8] {
        var out = JSONWriter()
        out.raw("{ \"format\": \"diffbench-case/1\",\n  \"name\": ")
        out.string(name)
        if duplicates { out.raw(",\n  \"duplicates\": true") }
        out.raw(",\n  \"old\": ")
        snapshot(old, into: &out, indent: "    ")
        out.raw(",\n  \"new\": ")
        snapshot(new, into: &out, indent: "    ")
        out.raw(" }\n")
        return out.bytes
    }

    /// Appends `snapshot` in the canonical layout: one section per line, items packed.
    ///
    /// - Complexity: O(*n*) in the number of items.
    package static func snapshot(_ snapshot: CaseSnapshot, into out: inout JSONWriter, indent: String) {
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

    /// Encodes a changeset; empty keys are omitted, `after` is written on every stage that has one.
    package static func changeset(_ changeset: Changeset<CaseElement, CaseElement>) -> [UInt8] {
        var out = JSONWriter()
        out.raw("{ \"format\": \"diffbench-changeset/1\",\n")
        guard case .staged(let stages) = changeset else {
            out.raw("  \"reloadData\": true }\n")
            return out.bytes
        }
        out.raw("  \"reloadData\": false,\n  \"stages\": [")
        for (k, stage) in stages.enumerated() {
            out.raw(k == 0 ? "\n    {" : ",\n    {")
            let u = stage.update
            var first = true
            func key(_ name: String, _ out: inout JSONWriter) {
                out.raw(first ? " \"\(name)\": " : ",\n      \"\(name)\": ")
                first = false
            }
            if stage.continuesUpdate {
                key("continuesUpdate", &out); out.raw("true")
            }
            for (name, list) in [
                ("deleteSections", u.deleteSections), ("insertSections", u.insertSections),
                ("reloadSections", u.reloadSections), ("reconfigureSections", u.reconfigureSections)
            ]
            where !list.isEmpty {
                key(name, &out); out.ints(list)
            }
            if !u.moveSections.isEmpty {
                key("moveSections", &out)
                writeList(u.moveSections, into: &out) { m, o in o.ints([m.from, m.to]) }
            }
            let itemLists = [
                ("deleteItems", u.deleteItems), ("insertItems", u.insertItems), ("reloadItems", u.reloadItems),
                ("reconfigureItems", u.reconfigureItems)
            ]
            for (name, list) in itemLists where !list.isEmpty {
                key(name, &out)
                writeList(list, into: &out) { p, o in o.ints([p.section, p.item]) }
            }
            if !u.moveItems.isEmpty {
                key("moveItems", &out)
                writeList(u.moveItems, into: &out) { m, o in
                    o.raw("[");
                    o.ints([
                        m.from.section,
                        m.from.item
                    ]); o.raw(", "); o.ints([m.to.section, m.to.item]); o.raw("]")
                }
            }
            if let after = stage.after {
                key("after", &out)
                snapshot(after, into: &out, indent: "        ")
            }
            out.raw(" }")
        }
        out.raw(stages.isEmpty ? "] }\n" : "\n  ] }\n")
        return out.bytes
    }

    private static func writeList<T>(_ list: [T], into out: inout JSONWriter, _ write: (T, inout JSONWriter) -> Void) {
        out.raw("[")
        for (n, element) in list.enumerated() {
            if n > 0 { out.raw(", ") }
            write(element, &out)
        }
        out.raw("]")
    }
}
