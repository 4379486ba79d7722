// SPDX-License-Identifier: Apache-2.0
import DiffBenchCaseWriting

/// Writes an `Encodable` value as the JSON DiffBench prints (`--format json`, report.json): keys
/// in the order the type encodes them (a shape's `CodingKeys` state them once), numbers as the
/// results CSV writes them (``ResultsCSV/number(_:)``: `3`, `2.5`), `null` for a missing or
/// non-finite number and for every `nil` optional (a key is never left out), strings escaped
/// by `JSONWriter`. Compact, except that an array of objects puts each object on a line of its
/// own (`[` newline, objects joined by a comma and a newline, `]`), so that a shape of thousands
/// of rows reads line by line.
package enum JSONTextEncoder {
    /// `value` as JSON text, without a final newline.
    ///
    /// - Complexity: O(*n*) in the size of the text.
    package static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = TreeEncoder()
        do {
            try value.encode(to: encoder)
        } catch {
            // DiffBench's shapes throw nothing: their values are plain data, and this encoder
            // never refuses one.
            preconditionFailure("\(T.self) did not encode: \(error)")
        }
        var out = JSONWriter()
        write(encoder.root ?? .scalar("null"), to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func write(_ node: Node, to out: inout JSONWriter) {
        switch node {
        case .scalar(let text): out.raw(text)
        case .string(let text): out.string(text)
        case .object(let storage):
            out.raw("{")
            for (k, (key, value)) in storage.pairs.enumerated() {
                if k > 0 { out.raw(",") }
                out.string(key)
                out.raw(":")
                write(value, to: &out)
            }
            out.raw("}")
        case .array(let storage):
            let lines = storage.items.contains { if case .object = $0 { true } else { false } }
            out.raw(lines ? "[\n" : "[")
            for (k, item) in storage.items.enumerated() {
                if k > 0 { out.raw(lines ? ",\n" : ",") }
                write(item, to: &out)
            }
            out.raw("]")
        }
    }

    /// The text of a number: `null` when not finite.
    static func number(_ value: Double) -> String { value.isFinite ? ResultsCSV.number(value) : "null" }

    /// A value being built: objects and arrays are shared storage that containers append to.
    enum Node {
        case scalar(String)
        case string(String)
        case object(ObjectStorage)
        case array(ArrayStorage)
    }

    final class ObjectStorage {
        var pairs: [(String, Node)] = []
    }

    final class ArrayStorage {
        var items: [Node] = []
    }

    /// The encoder one value encodes itself into; its ``root`` is what it wrote.
    final class TreeEncoder: Encoder {
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var root: Node?

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object(let storage)? = root { return KeyedEncodingContainer(Keyed(storage: storage)) }
            let storage = ObjectStorage()
            root = .object(storage)
            return KeyedEncodingContainer(Keyed(storage: storage))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array(let storage)? = root { return Unkeyed(storage: storage) }
            let storage = ArrayStorage()
            root = .array(storage)
            return Unkeyed(storage: storage)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }
    }

    /// The node of one value: a scalar written directly, anything else through its own encoding.
    static func node<T: Encodable>(_ value: T) throws -> Node {
        switch value {
        case let text as String: return .string(text)
        case let value as Double: return .scalar(number(value))
        case let flag as Bool: return .scalar(flag ? "true" : "false")
        default:
            let encoder = TreeEncoder()
            try value.encode(to: encoder)
            return encoder.root ?? .scalar("null")
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let storage: ObjectStorage
        var codingPath: [any CodingKey] { [] }

        func put(_ node: Node, _ key: Key) { storage.pairs.append((key.stringValue, node)) }
        mutating func encodeNil(forKey key: Key) throws { put(.scalar("null"), key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(.scalar(value ? "true" : "false"), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { put(.scalar(number(value)), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(.scalar(String(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.scalar(String(value)), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(try node(value), key) }
        // Every optional is written, `null` when absent: a shape's keys are always all there.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            put(value.map { .scalar($0 ? "true" : "false") } ?? .scalar("null"), key)
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            put(value.map { .string($0) } ?? .scalar("null"), key)
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            put(.scalar(value.map(number) ?? "null"), key)
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            put(.scalar(value.map { String($0) } ?? "null"), key)
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            put(try value.map { try node($0) } ?? .scalar("null"), key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectStorage()
            put(.object(nested), key)
            return KeyedEncodingContainer(Keyed<NestedKey>(storage: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = ArrayStorage()
            put(.array(nested), key)
            return Unkeyed(storage: nested)
        }

        mutating func superEncoder() -> any Encoder { TreeEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder() }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let storage: ArrayStorage
        var codingPath: [any CodingKey] { [] }
        var count: Int { storage.items.count }

        mutating func encodeNil() throws { storage.items.append(.scalar("null")) }
        mutating func encode(_ value: String) throws { storage.items.append(.string(value)) }
        mutating func encode(_ value: Double) throws { storage.items.append(.scalar(number(value))) }
        mutating func encode(_ value: Int) throws { storage.items.append(.scalar(String(value))) }
        mutating func encode(_ value: Bool) throws { storage.items.append(.scalar(value ? "true" : "false")) }
        mutating func encode<T: Encodable>(_ value: T) throws { storage.items.append(try node(value)) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectStorage()
            storage.items.append(.object(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(storage: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = ArrayStorage()
            storage.items.append(.array(nested))
            return Unkeyed(storage: nested)
        }

        mutating func superEncoder() -> any Encoder { TreeEncoder() }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.root = .scalar("null") }
        mutating func encode(_ value: String) throws { encoder.root = .string(value) }
        mutating func encode(_ value: Double) throws { encoder.root = .scalar(number(value)) }
        mutating func encode(_ value: Int) throws { encoder.root = .scalar(String(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.root = .scalar(String(value)) }
        mutating func encode(_ value: Bool) throws { encoder.root = .scalar(value ? "true" : "false") }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.root = try node(value) }
    }
}

/// An object whose keys are data (cell names, percentiles), written in the order given.
package struct OrderedJSONObject<Value: Encodable>: Encodable {
    /// The members, in order.
    package var members: [(key: String, value: Value)]

    /// An object of `members`, in their order.
    ///
    /// - Complexity: O(1).
    package init(_ members: [(key: String, value: Value)]) { self.members = members }

    /// Each member under its key, in order.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DataKey.self)
        for (key, value) in members { try container.encode(value, forKey: DataKey(key)) }
    }

    /// A key that is data.
    package struct DataKey: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(_ text: String) { stringValue = text }
        package init?(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }
}
