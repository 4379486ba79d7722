// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
@testable import DiffBenchPlatform

/// The janitor removes a folder only when bench made it: its name, its marker and token, the same
/// folder (device and inode), a folder and not a link; its contents go without following a link.
/// Whatever else is there is left, and the sweep says why.
@Suite struct JanitorFolderTests {
    let pid = getpid()
    let token = "test-token-\(UUID().uuidString)"

    /// A fresh folder for one test, with `DIR/keep.txt` in it: what must survive.
    func root() throws -> (root: URL, keep: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("janitor-\(UUID().uuidString)")
        let dir = root.appendingPathComponent("dir")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let keep = dir.appendingPathComponent("keep.txt").path
        try "keep".write(toFile: keep, atomically: true, encoding: .utf8)
        return (root, keep)
    }

    /// The attack: `TMPDIR` = `DIR` + newline + `x`. The folder bench made under it goes, with a
    /// link inside pointing at `DIR`; `DIR` and what it holds stay.
    @Test func onlyTheFolderBenchMadeGoesUnderAnOddTemporaryDirectory() throws {
        let (root, keep) = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("dir").path
        for odd in ["\nx", " x", "\t'x'\\\r", "\u{1B}[2J x", " é ∂"] {
            let parent = dir + odd
            let folder = try JanitorFolder(parent: parent, name: "diffbench-\(pid)-0000abcd").make(token: token)
            try "cell".write(toFile: folder.path + "/cell.json", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder.path + "/inner", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/inner/link", withDestinationPath: dir)
            #expect(folder.sweep(token: token, benchPID: pid) == .removed, "\(parent.debugDescription)")
            #expect(!FileManager.default.fileExists(atPath: folder.path))
            #expect(FileManager.default.fileExists(atPath: parent) && FileManager.default.fileExists(atPath: keep))
            #expect(folder.sweep(token: token, benchPID: pid) == .absent)
        }
    }

    /// The folder replaced by a symbolic link to `DIR` (a marker with the token planted there too):
    /// left, and `DIR` intact.
    @Test func aSymbolicLinkInTheFolderPlaceIsLeft() throws {
        let (root, keep) = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("dir").path
        let folder = try JanitorFolder(parent: root.path, name: "diffbench-\(pid)-00000001").make(token: token)
        try FileManager.default.removeItem(atPath: folder.path)
        try token.write(toFile: dir + "/" + JanitorFolder.markerName, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: dir)
        guard case .left(let why) = folder.sweep(token: token, benchPID: pid) else {
            Issue.record("a symbolic link was swept")
            return
        }
        #expect(why.contains("symbolic link"))
        #expect(FileManager.default.fileExists(atPath: keep))
    }

    /// The folder renamed away after bench made it and another put in its place, the marker copied
    /// in: left (another inode), the other folder intact; the same for a pending folder that holds
    /// files but no marker.
    @Test func aFolderSwappedAfterCreationIsLeft() throws {
        let (root, _) = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try JanitorFolder(parent: root.path, name: "diffbench-\(pid)-00000002").make(token: token)
        try FileManager.default.moveItem(atPath: folder.path, toPath: root.path + "/moved")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: false)
        try token.write(toFile: folder.path + "/" + JanitorFolder.markerName, atomically: true, encoding: .utf8)
        try "theirs".write(toFile: folder.path + "/theirs.txt", atomically: true, encoding: .utf8)
        guard case .left(let why) = folder.sweep(token: token, benchPID: pid) else {
            Issue.record("a swapped folder was swept")
            return
        }
        #expect(why.contains("replaced"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/theirs.txt"))
        // Announced, never said made, and holding files without the marker: left.
        let pending = JanitorFolder(parent: root.path, name: "diffbench-\(pid)-00000003")
        try FileManager.default.createDirectory(atPath: pending.path, withIntermediateDirectories: false)
        try "theirs".write(toFile: pending.path + "/theirs.txt", atomically: true, encoding: .utf8)
        #expect(pending.sweep(token: token, benchPID: pid) != .removed)
        #expect(FileManager.default.fileExists(atPath: pending.path + "/theirs.txt"))
        // Another token in the marker: left.
        let other = try JanitorFolder(parent: root.path, name: "diffbench-\(pid)-00000004").make(token: "other")
        #expect(other.sweep(token: token, benchPID: pid) != .removed)
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    /// Bench killed while it made a folder: announced, empty or holding the start of its marker,
    /// it goes.
    @Test func aFolderBenchWasKilledMakingGoes() throws {
        let (root, _) = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let empty = JanitorFolder(parent: root.path, name: "diffbench-\(pid)-00000005")
        try FileManager.default.createDirectory(atPath: empty.path, withIntermediateDirectories: false)
        #expect(empty.sweep(token: token, benchPID: pid) == .removed)
        let half = JanitorFolder(parent: root.path, name: ".report.\(pid).tmp")
        try FileManager.default.createDirectory(atPath: half.path, withIntermediateDirectories: false)
        try String(token.prefix(5)).write(
            toFile: half.path + "/" + JanitorFolder.markerName, atomically: false, encoding: .utf8)
        #expect(half.sweep(token: token, benchPID: pid) == .removed)
    }

    /// Only the names bench gives, with its own process id.
    @Test func aNameBenchDoesNotGiveIsLeft() throws {
        #expect(JanitorFolder.isBenchName("diffbench-\(pid)-00abcdef", pid: pid))
        #expect(JanitorFolder.isBenchName("diffbench-external-\(pid)-00abcdef", pid: pid))
        #expect(JanitorFolder.isBenchName(".report.\(pid).tmp", pid: pid))
        for name in ["", ".", "..", "dir", "diffbench-1-0", ".\(pid).tmp", "a/diffbench-\(pid)-1", ".x.\(pid + 1).tmp"]
        {
            #expect(!JanitorFolder.isBenchName(name, pid: pid), "\(name)")
        }
        let (root, keep) = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = JanitorFolder(parent: root.path, name: "dir", device: 1, inode: 1)
        #expect(dir.sweep(token: token, benchPID: pid) != .removed)
        #expect(FileManager.default.fileExists(atPath: keep))
    }
}
