// SPDX-License-Identifier: Apache-2.0
/// What `bench` tells its janitor (``Janitor``), as bytes on a pipe, and what the janitor makes
/// of them: records of fields, each field ended by a NUL byte, the first field of a record its
/// verb. A path cannot hold a NUL, so no byte of a path (a newline, a space, bytes that are not
/// UTF-8) can end a field early or start a record of its own. Before, one folder per line: with
/// `TMPDIR` set to `DIR` + newline + `x`, the janitor read `DIR` as a folder and removed it.
///
/// Records: `hello TOKEN PID` (first: the token bench writes in each folder's marker, and bench's
/// process id, which its folders' names hold), `folder PARENT
/// NAME` (before it is created), `made PARENT NAME DEVICE INODE` (once created and marked), `gone
/// PARENT NAME`, `group PID` and `done PID`.
package struct JanitorLedger: Sendable {
    /// The token this bench writes in its folders' markers, and bench's process id (in the
    /// names of its folders).
    package private(set) var token = "", bench: Int32 = 0
    /// The folders still to clean up, in the order they were announced.
    package private(set) var folders: [JanitorFolder] = []
    /// The process groups still to kill.
    package private(set) var groups: Set<Int32> = []
    /// The fields of the record being read, and the bytes of the field being read.
    private var fields: [String] = [], field: [UInt8] = []

    /// The fields each verb takes after it.
    static let arity = ["hello": 2, "folder": 2, "made": 4, "gone": 2, "group": 1, "done": 1]

    /// An empty ledger.
    package init() {}

    /// The bytes of one record, or `nil` when a field holds a NUL (no path does) or the verb is
    /// not one of the ledger's.
    ///
    /// - Complexity: O(*n*) in the fields' length.
    package static func record(_ verb: String, _ values: [String]) -> [UInt8]? {
        guard arity[verb] == values.count, !values.contains(where: { $0.utf8.contains(0) }) else { return nil }
        var bytes: [UInt8] = []
        for value in [verb] + values { bytes += Array(value.utf8) + [0] }
        return bytes
    }

    /// Reads `bytes` from the pipe: each whole record takes effect; a record cut short (bench
    /// killed while writing it) waits for the rest, and at the end of the pipe is ignored.
    ///
    /// - Complexity: O(*n*) in the bytes, plus O(*f*) per `made` or `gone` for *f* folders.
    package mutating func read(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            guard byte == 0 else {
                field.append(byte)
                continue
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
            // Invariant: `fields` is a prefix of one record: its verb is known, and it has at most
            // that verb's fields. An unknown verb (none is ever written) is dropped alone.
            guard let count = Self.arity[fields[0]] else {
                fields = []
                continue
            }
            if fields.count == count + 1 {
                apply(fields[0], Array(fields.dropFirst()))
                fields = []
            }
        }
    }

    /// Applies one whole record.
    private mutating func apply(_ verb: String, _ values: [String]) {
        let named = { (folder: JanitorFolder) in folder.parent == values[0] && folder.name == values[1] }
        switch verb {
        case "hello":
            token = values[0]
            bench = Int32(values[1]) ?? 0
        case "folder":
            if !folders.contains(where: named) { folders.append(JanitorFolder(parent: values[0], name: values[1])) }
        case "made":
            guard let device = UInt64(values[2]), let inode = UInt64(values[3]) else { return }
            if let k = folders.firstIndex(where: named) {
                folders[k].device = device
                folders[k].inode = inode
            } else {
                folders.append(JanitorFolder(parent: values[0], name: values[1], device: device, inode: inode))
            }
        case "gone": folders.removeAll(where: named)
        case "group": if let pid = Int32(values[0]), pid > 1 { groups.insert(pid) }
        case "done": if let pid = Int32(values[0]) { groups.remove(pid) }
        default: break
        }
    }
}
