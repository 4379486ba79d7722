// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Snapshots read without a tree of values (see ``JSONParser/parse(_:file:snapshots:)``).
extension JSONParser {
    /// Reads `[{"id": ID, "rev": N, "items": [{"id": ID, "rev": N}, ...]}, ...]` straight into a
    /// snapshot. Returns `nil`, with the position back at the array, at the first thing outside
    /// that shape (another member, a fraction, a repeated member, a missing `id` or `items`), so
    /// that the general parser and ``SnapshotCoding`` report it exactly as before. Syntax errors
    /// inside strings are thrown as the general parser would throw them.
    mutating func directSnapshot() throws(InputError) -> CaseSnapshot? {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
        position += 1
        var sections: [Section<CaseElement, CaseElement>] = []
        func rewind() -> CaseSnapshot? { position = start; return nil }
        if take(UInt8(ascii: "]")) { return CaseSnapshot(sections) }
        repeat {
            guard let (model, items) = try directElement(section: true), let items else { return rewind() }
            sections.append(Section(model, items: items))
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? CaseSnapshot(sections) : rewind()
    }

    /// One `{"id": ..., "rev": ..., "items": [...]}` (`items` only with `section`); `nil` when
    /// the object is not of that shape (the caller rewinds).
    mutating func directElement(section: Bool) throws(InputError) -> (CaseElement, [CaseElement]?)? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var id: CaseID?, rev: Int?, items: [CaseElement]?
        if take(UInt8(ascii: "}")) { return nil }
        repeat {
            skipSpace()
            // The three keys as plain bytes (a key with an escape goes the general way).
            let key = takeKey("id") ? "id" : takeKey("rev") ? "rev" : takeKey("items") ? "items" : ""
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard position < bytes.count else { return nil }
            switch key {
            case "id" where id == nil:
                if bytes[position] == UInt8(ascii: "\"") {
                    id = .string(try string())
                } else {
                    guard let number = directInteger() else { return nil }
                    id = .int(number)
                }
            case "rev" where rev == nil:
                guard let number = directInteger() else { return nil }
                rev = number
            case "items" where section && items == nil:
                guard take(UInt8(ascii: "[")) else { return nil }
                var list: [CaseElement] = []
                if !take(UInt8(ascii: "]")) {
                    repeat {
                        guard let (item, _) = try directElement(section: false) else { return nil }
                        list.append(item)
                    } while take(UInt8(ascii: ","))
                    guard take(UInt8(ascii: "]")) else { return nil }
                }
                items = list
            default:
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let id, !section || items != nil else { return nil }
        return (CaseElement(id, rev: rev ?? 0), items)
    }

    /// Skips white space and takes `"word"` (quotes included) if it is next, byte for byte.
    mutating func takeKey(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard position + count + 1 < bytes.count, bytes[position] == UInt8(ascii: "\""),
            bytes[position + count + 1] == UInt8(ascii: "\"")
        else { return false }
        for k in 0..<count where bytes[position + 1 + k] != word.utf8Start[k] { return false }
        position += count + 2
        return true
    }

    /// A plain integer without a leading zero, or `nil`.
    mutating func directInteger() -> Int? {
        var k = position
        if k < bytes.count, bytes[k] == UInt8(ascii: "-") { k += 1 }
        if k + 1 < bytes.count, bytes[k] == UInt8(ascii: "0"),
            bytes[k + 1] >= UInt8(ascii: "0")
                && bytes[
                    k
                        + 1] <= UInt8(ascii: "9")
        {
            return nil
        }
        return position < bytes.count ? plainInteger(from: position) : nil
    }

    /// Skips white space and takes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }
}
