// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DiffBenchCProbes

/// What is at a path.
package enum FileKind: Sendable, Equatable {
    case regular, directory, fifo, device, symbolicLink, socket

    /// `a directory`, `a FIFO`, ... for messages; `a regular file` for a file.
    package var phrase: String {
        switch self {
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .fifo: return "a FIFO"
        case .device: return "a device"
        case .symbolicLink: return "a symbolic link"
        case .socket: return "a socket"
        }
    }
}

/// A failed system call: its error number and text.
package struct SystemError: Error, CustomStringConvertible, Sendable {
    /// The error number (`errno`).
    package var code: Int32
    /// The platform's text for it.
    package var description: String { Platform.errorText(code) }

    /// The error of the last failed call.
    package static var last: SystemError { SystemError(code: errno) }

    /// Whether it is "too many open files" (this process's or the system's limit).
    package var isTooManyOpenFiles: Bool { code == EMFILE || code == ENFILE }
}

/// Files by descriptor: open, read, write, seek and close, and what a path holds. Foundation does
/// the rest (folders, attributes); these are the calls that need a descriptor or an exact error.
package enum Files {
    /// What is at `path` (following symbolic links unless `followingLinks` is false), or `nil`
    /// when nothing is there (or a link points nowhere, or links loop).
    package static func kind(_ path: String, followingLinks: Bool = true) -> FileKind? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        switch UInt32(info.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): return .regular
        case UInt32(S_IFDIR): return .directory
        case UInt32(S_IFIFO): return .fifo
        case UInt32(S_IFCHR), UInt32(S_IFBLK): return .device
        case UInt32(S_IFLNK): return .symbolicLink
        default: return .socket
        }
    }

    /// The device and inode of the file at `path` (links followed): two paths name one file
    /// exactly when these are equal. `nil` when nothing is there.
    ///
    /// - Complexity: O(1): one system call.
    package static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// Whether `path` is a symbolic link whose links loop (`ELOOP`).
    package static func linksLoop(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 && errno == ELOOP
    }

    /// Opens `path` for reading (close-on-exec, and non-blocking so that a FIFO or device cannot
    /// hang the open; callers refuse such files first).
    package static func openForReading(_ path: String) throws(SystemError) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .last }
        // Regular files never block; reads go back to blocking mode for pipes given as `-`.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Creates `path` for writing; with `exclusive`, only if nothing is there, and never through a
    /// symbolic link (`O_EXCL | O_NOFOLLOW`); else truncating what is there.
    package static func create(_ path: String, exclusive: Bool, mode: Int = 0o644) throws(SystemError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL | O_NOFOLLOW : O_TRUNC)
        let fd = open(path, flags, mode_t(mode))
        guard fd >= 0 else { throw .last }
        return fd
    }

    /// Reads up to `buffer.count` bytes; 0 at the end; retries on an interrupted call.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        while true {
            #if os(Linux)
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 { return n }
            if errno != EINTR { throw .last }
        }
    }

    /// Reads up to `count` bytes (default: to the end of `buffer`) into `buffer` from `offset` on;
    /// 0 at the end of the file.
    package static func read(_ fd: Int32, into buffer: inout [UInt8], offset: Int = 0, count: Int? = nil)
        throws(SystemError) -> Int
    {
        let length = count ?? (buffer.count - offset)
        precondition(offset >= 0 && length >= 0 && offset + length <= buffer.count, "read past the buffer")
        var result: Result<Int, SystemError> = .success(0)
        buffer.withUnsafeMutableBytes { raw in
            let window = UnsafeMutableRawBufferPointer(rebasing: raw[offset..<(offset + length)])
            do throws(SystemError) { result = .success(try read(fd, into: window)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    /// Writes all of `bytes` (retrying short and interrupted writes).
    package static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            #if os(Linux)
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            #else
            let n = Darwin.write(fd, bytes.baseAddress! + done, bytes.count - done)
            #endif
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { throw .last }
        }
    }

    /// Writes `bytes` to `fd`, then checks that the descriptor took them (for standard output: a
    /// full disk or a closed reader is an error, not a silent loss).
    package static func write(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { raw in
            do throws(SystemError) { try Files.write(fd, raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Makes `bytes` the whole content of `fd` (written at offset 0, then truncated to their
    /// length), without moving its offset: a record that is always complete on disk.
    package static func replaceContents(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(fd, off_t(bytes.count))
    }

    /// Moves to byte `offset` from the start.
    package static func seek(_ fd: Int32, to offset: Int) throws(SystemError) {
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw .last }
    }

    /// Closes `fd`; an error the close reports (a write the file system could not finish) is
    /// thrown, an interrupted close is not.
    package static func close(_ fd: Int32) throws(SystemError) {
        #if os(Linux)
        let result = Glibc.close(fd)
        #else
        let result = Darwin.close(fd)
        #endif
        if result != 0 && errno != EINTR { throw .last }
    }

    /// Renames `from` to `to`, replacing what is there atomically.
    package static func rename(_ from: String, _ to: String) throws(SystemError) {
        #if os(Linux)
        guard Glibc.rename(from, to) == 0 else { throw .last }
        #else
        guard Darwin.rename(from, to) == 0 else { throw .last }
        #endif
    }

    /// Makes `to` a hard link to `from`; fails (`EEXIST`) when something is at `to`.
    package static func link(_ from: String, _ to: String) throws(SystemError) {
        #if os(Linux)
        guard Glibc.link(from, to) == 0 else { throw .last }
        #else
        guard Darwin.link(from, to) == 0 else { throw .last }
        #endif
    }

    /// Whether `error` says something is already there.
    package static func exists(_ error: SystemError) -> Bool { error.code == EEXIST }

    /// Removes the file at `path` (ignoring failure).
    package static func remove(_ path: String) { unlink(path) }

    /// The running executable's path (Linux `/proc/self/exe`, Darwin `_NSGetExecutablePath`), or
    /// `nil` when unknown.
    package static var executablePath: String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #endif
    }
}
