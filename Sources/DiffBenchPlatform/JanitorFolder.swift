// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A temporary folder bench made, as its janitor knows it: the folder it was told (`parent`, the
/// temporary directory or an output's folder, and `name`), and once made, the device and inode
/// it got. Bench writes a marker file in it at creation, holding a token only this bench and its
/// janitor know.
///
/// The janitor removes a folder only when everything says bench made it (``sweep(token:benchPID:)``):
/// its name is one bench gives (``isBenchName(_:pid:)``, with bench's process id), it is a folder
/// and not a symbolic link, owned by this user, the same folder bench made (device and inode), and
/// it holds the marker with the token. Anything else is left, and said. Its contents are removed
/// through descriptors, never following a symbolic link: a link inside is removed, not what it
/// points to.
package struct JanitorFolder: Sendable, Equatable {
    /// The folder it lies in, as bench was told it, and its name there (one path component).
    package var parent: String, name: String
    /// The device and inode bench made it with; `nil` until bench said it made it.
    package var device: UInt64? = nil, inode: UInt64? = nil

    /// The name of the marker file bench writes in each folder it makes.
    package static let markerName = ".diffbench-janitor"

    /// How deep a folder's contents are removed (bench writes files in them, not trees).
    static let depth = 64

    /// The folder's path.
    package var path: String { parent.hasSuffix("/") ? parent + name : parent + "/" + name }

    /// What a sweep did.
    package enum Sweep: Sendable, Equatable {
        /// The folder was bench's, and is gone.
        case removed
        /// Nothing was there (bench removed it itself).
        case absent
        /// Something was there that bench did not make, or cannot be shown to: left as it was.
        case left(String)
        /// It was bench's, but could not be removed whole.
        case failed(String)
    }

    /// Whether `name` is a name bench gives the folders it makes, in the process `pid`:
    /// `diffbench-...-PID-...` (cell and external-differ folders) or `.NAME.PID.tmp` (a report's
    /// staging folder). Never `.`, `..` or anything with a `/`.
    ///
    /// - Complexity: O(*n*) in the name's length.
    package static func isBenchName(_ name: String, pid: Int32) -> Bool {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return false }
        if name.hasPrefix("diffbench-") { return name.contains("-\(pid)-") }
        return name.hasPrefix(".") && name.hasSuffix(".\(pid).tmp") && name.count > ".\(pid).tmp".count + 1
    }

    /// Creates this folder (with `mode`, less the umask; its parent folders as needed) and its
    /// marker holding `token`; the folder with the device and inode it got.
    ///
    /// - Complexity: a few system calls.
    package func make(token: String, mode: mode_t = 0o700) throws(SystemError) -> JanitorFolder {
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw SystemError(
                code: (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : EIO)
        }
        guard mkdir(path, mode) == 0 else { throw SystemError.last }
        let marker = open(path + "/" + Self.markerName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard marker >= 0 else { throw SystemError.last }
        defer { _ = close(marker) }
        try Files.write(marker, Array(token.utf8))
        var info = stat()
        guard lstat(path, &info) == 0 else { throw SystemError.last }
        var made = self
        (made.device, made.inode) = (UInt64(info.st_dev), UInt64(info.st_ino))
        return made
    }

    /// Removes the folder if bench made it (see the type's description), else leaves it and says
    /// why. `token` is the marker's content, `benchPID` bench's process id.
    ///
    /// - Complexity: O(*f*) for *f* files in the folder.
    package func sweep(token: String, benchPID: Int32) -> Sweep {
        guard Self.isBenchName(name, pid: benchPID) else {
            return .left("its name is not one bench \(benchPID) gives its folders")
        }
        let parentFD = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentFD >= 0 else {
            return errno == ENOENT ? .absent : .left("its folder cannot be opened (\(SystemError.last))")
        }
        defer { _ = close(parentFD) }
        var info = stat()
        guard fstatat(parentFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            return errno == ENOENT ? .absent : .left("cannot be examined (\(SystemError.last))")
        }
        switch UInt32(info.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFDIR): break
        case UInt32(S_IFLNK): return .left("it is a symbolic link, not the folder bench made")
        default: return .left("it is not a folder")
        }
        guard info.st_uid == geteuid() else { return .left("another user owns it") }
        if let device, let inode, UInt64(info.st_dev) != device || UInt64(info.st_ino) != inode {
            return .left("it is not the folder bench made there (replaced since)")
        }
        let fd = openat(parentFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return .left("cannot be opened (\(SystemError.last))") }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
            _ = close(fd)
            return .left("it changed while it was examined")
        }
        guard Self.marked(fd, token: token) == .whole else {
            // Announced, and bench killed before it said it made it: the folder goes only if it
            // holds nothing but the start of its marker (bench writes nothing else before).
            let unfinished = device == nil && Self.marked(fd, token: token) == .started && Self.onlyMarker(fd)
            if unfinished { _ = unlinkat(fd, Self.markerName, 0) }
            _ = close(fd)
            if device == nil && unlinkat(parentFD, name, AT_REMOVEDIR) == 0 { return .removed }
            return .left("it holds no marker of this bench (\(Self.markerName))")
        }
        let emptied = Self.removeContents(of: fd, depth: Self.depth)
        _ = close(fd)
        guard emptied, unlinkat(parentFD, name, AT_REMOVEDIR) == 0 else {
            return .failed("not removed whole (\(SystemError.last))")
        }
        return .removed
    }

    /// How far the folder open at `fd` holds the marker with `token`.
    enum Mark: Equatable {
        /// No marker (or not a regular file), or another token.
        case none
        /// The start of the token, as a marker bench was killed while writing holds.
        case started
        /// The whole token.
        case whole
    }

    /// Whether the folder open at `fd` holds the marker with `token` (a regular file, not a link).
    static func marked(_ fd: Int32, token: String) -> Mark {
        let marker = openat(fd, markerName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard marker >= 0, !token.isEmpty else { return .none }
        defer { _ = close(marker) }
        var buffer = [UInt8](repeating: 0, count: 256)
        guard let n = try? Files.read(marker, into: &buffer) else { return .none }
        let expected = Array(token.utf8), found = Array(buffer[..<n])
        return found == expected ? .whole : expected.starts(with: found) ? .started : .none
    }

    /// Whether the folder open at `fd` holds nothing but the marker.
    static func onlyMarker(_ fd: Int32) -> Bool {
        let listing = dup(fd)
        guard listing >= 0, let directory = fdopendir(listing) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." && name != markerName { return false }
        }
        return true
    }

    /// Removes everything in the folder open at `fd`, through descriptors, following no link;
    /// whether it is empty after.
    static func removeContents(of fd: Int32, depth: Int) -> Bool {
        guard depth > 0 else { return false }
        let listing = dup(fd)
        guard listing >= 0, let directory = fdopendir(listing) else { return false }
        defer { closedir(directory) }
        var names: [[CChar]] = []
        while let entry = readdir(directory) {
            // The name's bytes as they are (not decoded): a file bench's children named in bytes
            // that are not UTF-8 is still the file removed.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.bindMemory(to: CChar.self).prefix { $0 != 0 }) + [0]
            }
            if name != [46, 0] && name != [46, 46, 0] { names.append(name) }
        }
        var whole = true
        for name in names {
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
                if unlinkat(fd, name, 0) != 0 && errno != ENOENT { whole = false }
                continue
            }
            let inner = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard inner >= 0 else {
                whole = false
                continue
            }
            let emptied = removeContents(of: inner, depth: depth - 1)
            _ = close(inner)
            if !emptied || (unlinkat(fd, name, AT_REMOVEDIR) != 0 && errno != ENOENT) { whole = false }
        }
        return whole
    }
}
