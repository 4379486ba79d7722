// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
@testable import DiffBenchPlatform

/// Folders and whole files through DiffBenchPlatform.
@Suite struct FilesFoldersTests {
    @Test func aFolderIsMadeListedReadAndRemoved() throws {
        let root = Files.temporaryFolder.appendingPathComponent("files-\(UUID().uuidString)").path
        defer { try? Files.removeTree(root) }
        #expect(Files.isFolder(root) == nil && !Files.exists(root))
        try Files.makeFolder(root + "/a/b")
        #expect(Files.isFolder(root) == true && Files.isFolder(root + "/a/b") == true)
        #expect(Files.createFile(root + "/a/b/c.json", Data("{}".utf8)))
        #expect(Files.isFolder(root + "/a/b/c.json") == false && Files.size(root + "/a/b/c.json") == 2)
        #expect(Files.contents(root + "/a/b/c.json") == Data("{}".utf8) && Files.modified(root + "/a/b/c.json") != nil)
        #expect(try Files.names(in: root) == ["a"])
        #expect(Set(Files.pathsBelow(root)) == ["a", "a/b", "a/b/c.json"])
        #expect(!Files.isExecutable(root + "/a/b/c.json") && Files.isExecutable("/bin/sh"))
        try Files.removeTree(root + "/a")
        #expect(try Files.names(in: root).isEmpty && Files.contents(root + "/a/b/c.json") == nil)
        #expect(throws: (any Error).self) { try Files.names(in: root + "/a") }
    }
}
