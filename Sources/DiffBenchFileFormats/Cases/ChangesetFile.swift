// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchCaseWriting

/// A changeset on disk: format `diffbench-changeset/1`, so that a changeset made by any tool in
/// any language can be checked against a case.
package enum ChangesetFile {
    /// The format string every changeset file carries.
    package static let format = "diffbench-changeset/1"

    private static let stageKeys: Set<String> = [
        "deleteSections", "insertSections", "moveSections", "reloadSections",
        "deleteItems", "insertItems", "moveItems", "reloadItems", "reconfigureItems", "reconfigureSections",
        "after", "continuesUpdate"
    ]

    /// Decodes a changeset file; faults name `file` and the JSON path.
    ///
    /// - Complexity: O(*n*) in the file size.
    package static func decode(
        _ bytes: [UInt8],
        file: String
    ) throws(InputError) -> Changeset<CaseElement, CaseElement> {
        try decodeTimed(bytes, file: file).changeset
    }

    /// Decodes a changeset file together with its optional self-reported `elapsed_ns` (the time
    /// an external differ says its diff took; whole nanoseconds, never mixed with DiffBench's
    /// own timings).
    ///
    /// - Complexity: O(*n*) in the file size.
    package static func decodeTimed(_ bytes: [UInt8], file: String) throws(InputError)
        -> (changeset: Changeset<CaseElement, CaseElement>, elapsedNs: Int?)
    {
        try decodeTimed(bytes, file: file, direct: true)
    }

    /// `direct: false` reads snapshots through the tree of values only (tests compare the two).
    static func decodeTimed(_ bytes: [UInt8], file: String, direct: Bool) throws(InputError)
        -> (changeset: Changeset<CaseElement, CaseElement>, elapsedNs: Int?)
    {
        let root = JSONNode(value: try JSONParser.parse(bytes, file: file, snapshots: direct), path: "$", file: file)
        let members = try root.members(allowed: ["format", "reloadData", "stages", "elapsed_ns"], required: ["format"])
        let elapsed = try members["elapsed_ns"].map { node throws(InputError) -> Int in
            let value = try node.int()
            guard value > 0 else {
                throw node.fault(
                    "elapsed_ns \(value): a time the differ reports must be more than 0 ns (leave "
                        + "elapsed_ns out when the differ does not time itself)")
            }
            return value
        }
        let format = try members["format"]!.string()
        guard format == ChangesetFile.format else {
            throw members["format"]!.fault("unknown format \"\(format)\" (expected \"\(ChangesetFile.format)\")")
        }
        let reload = try members["reloadData"]?.bool() ?? false
        let stageNodes = try members["stages"]?.elements() ?? []
        if reload {
            guard stageNodes.isEmpty else { throw members["stages"]!.fault("a reloadData changeset has no stages") }
            return (.reloadData, elapsed)
        }
        var stages: [Stage<CaseElement, CaseElement>] = []
        for (k, node) in stageNodes.enumerated() {
            let m = try node.members(allowed: stageKeys)
            var u = BatchUpdate()
            u.deleteSections = try indices(m["deleteSections"])
            u.insertSections = try indices(m["insertSections"])
            u.reloadSections = try indices(m["reloadSections"])
            u.moveSections = try pairs(m["moveSections"], index)
            u.deleteItems = try paths(m["deleteItems"])
            u.insertItems = try paths(m["insertItems"])
            u.reloadItems = try paths(m["reloadItems"])
            u.reconfigureItems = try paths(m["reconfigureItems"])
            u.reconfigureSections = try indices(m["reconfigureSections"])
            if case .indexPathMoves(let moves)? = m["moveItems"]?.value {
                u.moveItems = moves
            } else {
                u.moveItems = try pairs(m["moveItems"], path)
            }
            let after = try m["after"].map { n throws(InputError) in try SnapshotCoding.decode(n, unique: false) }
            let continues = try m["continuesUpdate"]?.bool() ?? false
            guard !continues || k > 0 else {
                throw m["continuesUpdate"]!.fault("the first stage starts an update: it cannot continue one")
            }
            // The format requires it: without it the data source's state between stages is unknown.
            guard after != nil || k == stageNodes.count - 1 else {
                throw node.fault("stage \(k) is not the last one, so it needs an \"after\" snapshot")
            }
            stages.append(Stage(u, after: after, continuesUpdate: continues))
        }
        return (.staged(stages), elapsed)
    }

    // The readers below walk the parsed values directly and spell a JSON path only for an
    // error: a 1,000,000-item changeset has hundreds of thousands of index paths.

    private static func array(_ node: JSONNode) throws(InputError) -> [JSONValue] {
        guard case .array(let list) = node.value else {
            throw node.fault("expected an array, found \(node.value.typeName)")
        }
        return list
    }

    private static func index(_ value: JSONValue, _ at: () -> String, _ file: String) throws(InputError) -> Int {
        guard case .int(let number) = value else {
            throw InputError(file: file, location: at(), message: "expected an integer, found \(value.typeName)")
        }
        guard number >= 0 else {
            throw InputError(
                file: file,
                location: at(),
                message: "index \(number) is out of range: indices are 0 or more"
            )
        }
        return number
    }

    private static func path(_ value: JSONValue, _ at: () -> String, _ file: String) throws(InputError) -> ItemPath {
        guard case .array(let parts) = value else {
            throw InputError(file: file, location: at(), message: "expected an array, found \(value.typeName)")
        }
        guard parts.count == 2 else {
            throw InputError(
                file: file,
                location: at(),
                message: "an index path is [section, item], found \(parts.count) numbers"
            )
        }
        return ItemPath(try index(parts[0], { at() + "[0]" }, file), try index(parts[1], { at() + "[1]" }, file))
    }

    private static func indices(_ node: JSONNode?) throws(InputError) -> [Int] {
        guard let node else { return [] }
        var result: [Int] = []
        for (k, element) in try array(node).enumerated() {
            result.append(try index(element, { "\(node.path)[\(k)]" }, node.file))
        }
        return result
    }

    private static func paths(_ node: JSONNode?) throws(InputError) -> [ItemPath] {
        guard let node else { return [] }
        if case .indexPaths(let paths) = node.value { return paths }
        let list = try array(node)
        var result: [ItemPath] = []
        result.reserveCapacity(list.count)
        for (k, element) in list.enumerated() { result.append(try path(element, { "\(node.path)[\(k)]" }, node.file)) }
        return result
    }

    private static func pairs<T>(_ node: JSONNode?, _ read: (JSONValue, () -> String, String) throws(InputError) -> T)
        throws(InputError) -> [Move<T>]
    {
        guard let node else { return [] }
        let list = try array(node)
        var result: [Move<T>] = []
        result.reserveCapacity(list.count)
        for (k, element) in list.enumerated() {
            let at = { "\(node.path)[\(k)]" }
            guard case .array(let parts) = element else {
                throw InputError(
                    file: node.file,
                    location: at(),
                    message: "expected an array, found \(element.typeName)"
                )
            }
            guard parts.count == 2 else {
                throw InputError(
                    file: node.file,
                    location: at(),
                    message: "a move is [from, to], found \(parts.count) elements"
                )
            }
            result.append(
                Move(
                    try read(parts[0], { at() + "[0]" }, node.file),
                    try read(parts[1], { at() + "[1]" }, node.file)
                ))
        }
        return result
    }

    /// Encodes a changeset; empty keys are omitted, `after` is written on every stage that has one.
    ///
    /// - Complexity: O(*n* + *k*) for *n* elements in `after` snapshots and *k* operations.
    package static func encode(_ changeset: Changeset<CaseElement, CaseElement>) -> [UInt8] {
        CaseWriting.changeset(changeset)
    }
}
