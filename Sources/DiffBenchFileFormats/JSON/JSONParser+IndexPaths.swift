// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Index paths read without a tree of values (see ``JSONParser/parse(_:file:snapshots:)``): a
/// changeset of ten million index paths would otherwise take one small array per path.
extension JSONParser {
    /// The member names whose arrays of `[section, item]` are read by ``directPaths()``.
    static let pathKeys: Set<String> = ["deleteItems", "insertItems", "reloadItems", "reconfigureItems"]

    /// Reads `[[s, i], ...]` of plain integers of 0 or more straight into index paths. Returns
    /// `nil`, with the position back at the array, at the first thing outside that shape (a
    /// negative or fractional number, a third element, anything else), so that the general
    /// parser and ``ChangesetFile`` report it exactly as before.
    ///
    /// - Complexity: O(*n*) in the bytes read.
    mutating func directPaths() -> [ItemPath]? {
        let start = position
        guard take(UInt8(ascii: "[")) else { return nil }
        var paths: [ItemPath] = []
        if take(UInt8(ascii: "]")) { return paths }
        repeat {
            guard let path = directPath() else { position = start; return nil }
            paths.append(path)
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { position = start; return nil }
        return paths
    }

    /// Reads `[[[s, i], [s, i]], ...]` straight into moves of index paths; `nil` as for
    /// ``directPaths()``.
    ///
    /// - Complexity: O(*n*) in the bytes read.
    mutating func directMoves() -> [Move<ItemPath>]? {
        let start = position
        guard take(UInt8(ascii: "[")) else { return nil }
        var moves: [Move<ItemPath>] = []
        if take(UInt8(ascii: "]")) { return moves }
        repeat {
            guard take(UInt8(ascii: "[")), let from = directPath(), take(UInt8(ascii: ",")), let to = directPath(),
                take(UInt8(ascii: "]"))
            else { position = start; return nil }
            moves.append(Move(from, to))
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { position = start; return nil }
        return moves
    }

    /// `[s, i]` with two plain integers of 0 or more, or `nil`.
    private mutating func directPath() -> ItemPath? {
        guard take(UInt8(ascii: "[")) else { return nil }
        skipSpace()
        guard let section = directIndex(), take(UInt8(ascii: ",")) else { return nil }
        skipSpace()
        guard let item = directIndex(), take(UInt8(ascii: "]")) else { return nil }
        return ItemPath(section, item)
    }

    /// A plain integer of 0 or more that ends where a number ends, or `nil`.
    private mutating func directIndex() -> Int? {
        guard position < bytes.count, bytes[position] != UInt8(ascii: "-"), let value = directInteger() else {
            return nil
        }
        // A fraction or exponent is not an index: leave it to the general parser.
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            return nil
        }
        return value
    }
}
