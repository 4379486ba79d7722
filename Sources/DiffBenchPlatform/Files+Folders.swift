// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Folders and whole files, through Foundation's file manager: what the rest of DiffBench asks
/// of the file system besides the descriptors of ``Files`` (the README lists the calls that do
/// not come here, and why).
extension Files {
    /// Whether something exists at `path` (a link is followed).
    ///
    /// - Complexity: one `stat`.
    package static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether `path` is a folder; `nil` when nothing is there.
    ///
    /// - Complexity: one `stat`.
    package static func isFolder(_ path: String) -> Bool? {
        var folder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { return nil }
        return folder.boolValue
    }

    /// Whether `path` is a file this process may execute.
    ///
    /// - Complexity: one `access`.
    package static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The names in the folder at `path`, in no particular order.
    ///
    /// - Throws: Foundation's error when the folder cannot be read.
    /// - Complexity: O(*n*) for *n* entries.
    package static func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }

    /// Every path below the folder at `path`, relative to it, depth first; empty when it cannot
    /// be read.
    ///
    /// - Complexity: O(*n*) for *n* entries below it.
    package static func pathsBelow(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
    }

    /// Makes the folder at `path` and any missing parent.
    ///
    /// - Throws: Foundation's error when it cannot be made.
    /// - Complexity: one `mkdir` per missing folder.
    package static func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Removes the file or the folder (with everything in it) at `path`.
    ///
    /// - Throws: Foundation's error when it cannot be removed (nothing there is an error too).
    /// - Complexity: O(*n*) for *n* entries removed.
    package static func removeTree(_ path: String) throws { try FileManager.default.removeItem(atPath: path) }

    /// The folder for temporary files (`TMPDIR`, else `/tmp`).
    package static var temporaryFolder: URL { FileManager.default.temporaryDirectory }

    /// The size in bytes of the file at `path`; `nil` when it cannot be read.
    ///
    /// - Complexity: one `stat`.
    package static func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// When the file at `path` was last modified; `nil` when it cannot be read.
    ///
    /// - Complexity: one `stat`.
    package static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The bytes of the file at `path`; `nil` when it cannot be read.
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    package static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Writes `bytes` as the file at `path` (replacing one); whether it could.
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    package static func createFile(_ path: String, _ bytes: Data) -> Bool {
        FileManager.default.createFile(atPath: path, contents: bytes)
    }
}
