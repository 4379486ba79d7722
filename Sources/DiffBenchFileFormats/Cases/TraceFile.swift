// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchCaseWriting

/// A recorded sequence of updates on disk: format `diffbench-trace/1`.
///
/// ```
/// {"format": "diffbench-trace/1", "name": "chat", "duplicates": false,
///  "snapshots": [SNAPSHOT, SNAPSHOT, ...]}
/// ```
///
/// Each SNAPSHOT has the snapshot form of case files; every consecutive pair is one step (an
/// update an app applies). Large traces are read one snapshot at a time by ``TraceReader``.
package struct TraceFile: Sendable, Equatable {
    /// The format string every trace file carries.
    package static let format = "diffbench-trace/1"
    /// A human-readable name; `bench run` names the trace's cells after it.
    package var name: String
    /// Whether identities may repeat within a snapshot.
    package var duplicates: Bool
    /// The snapshots in the order the app showed them.
    package var snapshots: [CaseSnapshot]

    /// Creates a trace.
    package init(name: String, snapshots: [CaseSnapshot], duplicates: Bool = false) {
        self.name = name
        self.snapshots = snapshots
        self.duplicates = duplicates
    }

    /// The whole file, in the layout ``TraceWriter`` streams.
    ///
    /// - Complexity: O(*n*) in the number of items over all snapshots.
    package func encoded() -> [UInt8] {
        var bytes = TraceWriter.header(name: name, duplicates: duplicates)
        for (k, snapshot) in snapshots.enumerated() { bytes += TraceWriter.snapshot(snapshot, first: k == 0) }
        return bytes + TraceWriter.footer
    }

    /// Reads a whole trace into memory (small traces, tests; `bench run` streams with
    /// ``TraceReader``). Faults name the file, the snapshot and the JSON path.
    ///
    /// - Complexity: O(*n*) in the file size.
    package static func read(path: String) throws(InputError) -> TraceFile {
        let reader = try TraceReader(path: path)
        var snapshots: [CaseSnapshot] = []
        while let snapshot = try reader.next() { snapshots.append(snapshot) }
        try reader.requireSteps()
        return TraceFile(name: reader.name, snapshots: snapshots, duplicates: reader.duplicates)
    }
}

/// The pieces of a trace file, so that a long trace is written one snapshot at a time.
package enum TraceWriter {
    /// The opening: format, name and the duplicates flag, up to the snapshots array.
    package static func header(name: String, duplicates: Bool) -> [UInt8] {
        var out = JSONWriter()
        out.raw("{ \"format\": \"\(TraceFile.format)\",\n  \"name\": ")
        out.string(name)
        if duplicates { out.raw(",\n  \"duplicates\": true") }
        out.raw(",\n  \"snapshots\": [")
        return out.bytes
    }

    /// One snapshot of the array, with the comma before it unless it is the first.
    ///
    /// - Complexity: O(*n*) in the snapshot's items.
    package static func snapshot(_ snapshot: CaseSnapshot, first: Bool) -> [UInt8] {
        var out = JSONWriter()
        out.raw(first ? "\n    " : ",\n    ")
        CaseWriting.snapshot(snapshot, into: &out, indent: "      ")
        return out.bytes
    }

    /// The closing of the array and the object.
    package static let footer = Array("\n  ] }\n".utf8)
}

/// Reads a trace file one snapshot at a time, in memory of about two snapshots (the one being
/// parsed and its text) plus a 1 MiB chunk, however long the trace.
///
/// Opening walks the file once (checking the members, skipping the snapshots' text, and hashing
/// every byte), then returns to the snapshots; each ``next()`` parses one and checks it against
/// the identity rules of case files. Members may come in any order.
package final class TraceReader {
    /// The file, as given.
    package let file: String
    /// The trace's `name` member ("" when absent).
    package private(set) var name = ""
    /// The trace's `duplicates` member.
    package private(set) var duplicates = false
    /// FNV-1a (64 bits) of the file's bytes, as 16 hexadecimal digits.
    package let contentHash: String
    /// How many snapshots ``next()`` has returned.
    package private(set) var count = 0
    private let stream: ByteStream
    private var finished = false

    /// Opens `path` and checks everything but the snapshots' contents.
    ///
    /// - Complexity: O(*n*) in the file size (one pass that does not parse the snapshots).
    package init(path: String) throws(InputError) {
        file = path
        stream = try ByteStream(path: path)
        let (members, snapshotsOffset) = try TraceReader.walkMembers(stream, skipping: ["snapshots"])
        contentHash = stream.hash.hex
        let root = JSONNode(value: .object(members), path: "$", file: path)
        let checked = try root.members(
            allowed: ["format", "name", "description", "duplicates", "snapshots"],
            required: ["format", "snapshots"])
        let format = try checked["format"]!.string()
        guard format == TraceFile.format else {
            let hint = format == CaseFile.format ? " (a case file: bench run reads it as a case)" : ""
            throw checked["format"]!.fault("unknown format \"\(format)\" (expected \"\(TraceFile.format)\")\(hint)")
        }
        name = try checked["name"]?.string() ?? ""
        duplicates = try checked["duplicates"]?.bool() ?? false
        guard let start = snapshotsOffset["snapshots"] else { throw root.fault("missing member \"snapshots\"") }
        try stream.seek(to: start)
        guard try stream.take(UInt8(ascii: "[")) else {
            let found = try stream.peek().map { "'\(Character(Unicode.Scalar($0)))'" } ?? "the end of the file"
            throw InputError(file: path, location: "$.snapshots", message: "expected an array, found \(found)")
        }
    }

    /// The next snapshot, or `nil` after the last. A fault names the file, the JSON path
    /// (`$.snapshots[3][0].items[2].id`) or, for a syntax error, the file's line and column.
    ///
    /// - Complexity: O(*k*) for a snapshot of *k* items.
    package func next() throws(InputError) -> CaseSnapshot? {
        guard !finished else { return nil }
        if try stream.take(UInt8(ascii: "]")) {
            finished = true
            return nil
        }
        if count > 0 {
            guard try stream.take(UInt8(ascii: ",")) else { throw stream.fault("expected ',' or ']' after a snapshot") }
            try stream.skipSpace()
        }
        stream.mark = stream.index
        try stream.skipValue()
        let (bytes, origin) = stream.cut()
        stream.mark = nil
        let value = try JSONParser.parseSnapshot(bytes, file: file, origin: origin)
        let node = JSONNode(value: value, path: "$.snapshots[\(count)]", file: file)
        let snapshot = try SnapshotCoding.decode(node, unique: !duplicates)
        count += 1
        return snapshot
    }

    /// Fails unless the trace had at least two snapshots (one step); call after the last.
    package func requireSteps() throws(InputError) {
        guard count >= 2 else {
            throw InputError(
                file: file, location: "$.snapshots",
                message: "a trace needs at least 2 snapshots (one step), found \(count)")
        }
    }

    /// The `format` member of the JSON object in `path` (a case or a trace file), read by the
    /// same walk, so that `bench run` knows which reader a file needs.
    ///
    /// - Complexity: O(*n*) in the file size, without parsing large members.
    package static func format(of path: String) throws(InputError) -> String {
        let stream = try ByteStream(path: path)
        let (members, _) = try walkMembers(stream, skipping: ["snapshots", "old", "new"])
        guard let format = members.first(where: { $0.key == "format" })?.value else {
            throw InputError(file: path, location: "$", message: "missing member \"format\"")
        }
        guard case .string(let text) = format else {
            throw InputError(file: path, location: "$.format", message: "expected a string, found \(format.typeName)")
        }
        return text
    }

    /// Walks the top-level object: members named in `skipping` are passed over (their offsets
    /// returned), the others parsed; the file must hold nothing else.
    static func walkMembers(_ stream: ByteStream, skipping: Set<String>)
        throws(InputError) -> ([(key: String, value: JSONValue)], [String: Int])
    {
        // A UTF-8 byte-order mark is not JSON, but editors write it: it is skipped.
        if try stream.peek() == 0xEF {
            for byte: UInt8 in [0xEF, 0xBB, 0xBF] {
                guard try stream.peek() == byte else { throw stream.fault("unexpected character") }
                stream.index += 1
            }
        }
        guard try stream.take(UInt8(ascii: "{")) else {
            throw stream.fault(try stream.peek() == nil ? "truncated JSON: expected a value" : "expected a JSON object")
        }
        var members: [(key: String, value: JSONValue)] = [], offsets: [String: Int] = [:]
        if try !stream.take(UInt8(ascii: "}")) {
            repeat {
                try stream.skipSpace()
                guard try stream.peek() == UInt8(ascii: "\"") else {
                    throw stream.fault("expected a member name in double quotes")
                }
                stream.mark = stream.index
                try stream.skipString()
                let (keyBytes, keyOrigin) = stream.cut()
                stream.mark = nil
                let parsedKey = try JSONParser.parseSnapshot(keyBytes, file: stream.file, origin: keyOrigin)
                guard case .string(let key) = parsedKey else { throw stream.fault("expected a member name") }
                guard try stream.take(UInt8(ascii: ":")) else { throw stream.fault("expected ':' after a member name") }
                try stream.skipSpace()
                if skipping.contains(key) {
                    stream.rememberPosition()
                    offsets[key] = stream.offset
                    try stream.skipValue()
                    members.append((key, .array([])))
                } else {
                    stream.mark = stream.index
                    try stream.skipValue()
                    let (bytes, origin) = stream.cut()
                    stream.mark = nil
                    members.append((key, try JSONParser.parseSnapshot(bytes, file: stream.file, origin: origin)))
                }
            } while try stream.take(UInt8(ascii: ","))
            guard try stream.take(UInt8(ascii: "}")) else {
                let atEnd = try stream.peek() == nil
                throw stream.fault(atEnd ? "truncated JSON: unterminated object" : "expected ',' or '}'")
            }
        }
        try stream.skipSpace()
        guard try stream.peek() == nil else { throw stream.fault("unexpected text after the JSON value") }
        return (members, offsets)
    }
}
