// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A parsed JSON value. Integers stay integers, so `1` and `1.0` and `true` are told apart.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in file order.
    case object([(key: String, value: JSONValue)])
    /// An array in the snapshot form (`old`, `new`, `after`), read straight into a snapshot by
    /// ``JSONParser/parse(_:file:snapshots:)`` when it has exactly the expected shape; any other
    /// array under those keys stays an ``array(_:)``, so its faults are reported as before.
    case snapshot(CaseSnapshot)
    /// An array of `[section, item]` index paths under a changeset's item keys, read directly
    /// by the same parser mode (see ``JSONParser/directPaths()``).
    case indexPaths([ItemPath])
    /// An array of `[[s, i], [s, i]]` moves under `moveItems`, read directly likewise.
    case indexPathMoves([Move<ItemPath>])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy {
                    $0.key == $1.key && $0.value == $1.value
                }
        case (.snapshot(let x), .snapshot(let y)): return x == y
        case (.indexPaths(let x), .indexPaths(let y)): return x == y
        case (.indexPathMoves(let x), .indexPathMoves(let y)): return x == y
        default: return false
        }
    }

    /// A short name of the value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a fractional number"
        case .string: return "a string"
        case .array, .snapshot, .indexPaths, .indexPathMoves: return "an array"
        case .object: return "an object"
        }
    }
}

/// A fault in an input file: which file, where, and what. Printed as one line.
package struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or `-`), as given on the command line.
    package var file: String
    /// The JSON path (`$.old[0].items[2].id`) or `line L, column C` of the fault.
    package var location: String
    /// What is wrong.
    package var message: String

    /// Creates an error.
    package init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    package var description: String { "\(file): \(location): \(message)" }
}
