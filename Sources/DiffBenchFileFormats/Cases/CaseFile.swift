// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchCaseWriting

/// A test case on disk: format `diffbench-case/1` (docs/file-formats.md).
package struct CaseFile: Sendable {
    /// The format string every case file carries.
    package static let format = "diffbench-case/1"
    /// A human-readable name.
    package var name: String
    /// The snapshot before the update.
    package var old: CaseSnapshot
    /// The snapshot after the update.
    package var new: CaseSnapshot
    /// Whether identities may repeat.
    package var duplicates: Bool

    /// Creates a case.
    package init(name: String, old: CaseSnapshot, new: CaseSnapshot, duplicates: Bool = false) {
        self.name = name
        self.old = old
        self.new = new
        self.duplicates = duplicates
    }

    /// Decodes a case file; faults name `file` and the JSON path.
    ///
    /// - Complexity: O(*n*) in the file size.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> CaseFile {
        try decode(bytes, file: file, direct: true)
    }

    /// `direct: false` reads snapshots through the tree of values only (tests compare the two).
    static func decode(_ bytes: [UInt8], file: String, direct: Bool) throws(InputError) -> CaseFile {
        let root = JSONNode(value: try JSONParser.parse(bytes, file: file, snapshots: direct), path: "$", file: file)
        let members = try root.members(
            allowed: ["format", "name", "description", "old", "new", "duplicates"],
            required: ["format", "old", "new"])
        let format = try members["format"]!.string()
        guard format == CaseFile.format else {
            throw members["format"]!.fault("unknown format \"\(format)\" (expected \"\(CaseFile.format)\")")
        }
        let duplicates = try members["duplicates"]?.bool() ?? false
        let old = try SnapshotCoding.decode(members["old"]!, unique: !duplicates)
        let new = try SnapshotCoding.decode(members["new"]!, unique: !duplicates)
        return CaseFile(name: try members["name"]?.string() ?? "", old: old, new: new, duplicates: duplicates)
    }

    /// Encodes the case in the canonical layout: one section header per line, items packed.
    ///
    /// - Complexity: O(*n*) in the number of items.
    package func encoded() -> [UInt8] {
        CaseWriting.caseFile(name: name, old: old, new: new, duplicates: duplicates)
    }
}
