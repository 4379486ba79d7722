// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform
import DiffBenchErrors

/// Reading inputs and writing outputs: clear one-line errors, never a half-written file, and never
/// an input that blocks: only regular files (and `-`, standard input) are read, so a FIFO or a
/// device given as a case, met in a folder or named by a suite, is refused before it is opened.
package enum FileAccess {
    /// The largest input file read: a 512 MiB case file needs about 4 GB to parse and check.
    package static let maximumFileSize = 512 * 1_048_576

    /// The bytes of `path` (`-`: standard input), or a one-line error naming it.
    package static func read(_ path: String) throws(DiffBenchError) -> [UInt8] {
        if path == "-" { return try readAll(0, name: "-", expected: 0) }
        try checkReadable(path)
        let size = Files.size(path) ?? 0
        guard size <= maximumFileSize else {
            throw .badInput(
                "\(path): \(size / 1_048_576) MiB; inputs are limited to "
                    + "\(maximumFileSize / 1_048_576) MiB "
                    + "(reading and checking take up to 8 times the file size in memory; README, Limits)")
        }
        let fd: Int32
        do { fd = try Files.openForReading(path) } catch {
            throw .badInput("\(path): cannot be read: \(reason(error))")
        }
        defer { try? Files.close(fd) }
        return try readAll(fd, name: path, expected: size)
    }

    /// Fails unless `path` is a regular file (or a link to one): the messages of ``read(_:)``.
    package static func checkReadable(_ path: String) throws(DiffBenchError) {
        guard let kind = Files.kind(path) else { throw .badInput("\(path): \(missing(path))") }
        switch kind {
        case .regular: return
        case .directory: throw .badInput("\(path): is a directory, expected a file")
        default:
            throw .badInput(
                "\(path): is \(kind.phrase), expected a regular file (to read a pipe, give - and pipe it "
                    + "to standard input)")
        }
    }

    /// Why nothing can be read at `path`: no such file, a loop of symbolic links, or a link to
    /// nothing.
    static func missing(_ path: String) -> String {
        guard Files.kind(path, followingLinks: false) == .symbolicLink else { return "no such file" }
        return Files.linksLoop(path)
            ? "a loop of symbolic links"
            : "a symbolic link to nothing (its target does not exist)"
    }

    /// The text of a system error, with what to do where there is something to do.
    package static func reason(_ error: SystemError) -> String {
        guard error.isTooManyOpenFiles else { return error.description }
        return "too many open files (raise the limit, for example `ulimit -n 1024`)"
    }

    /// Everything `fd` holds, read into one array (sized for `expected` bytes, grown past it),
    /// up to ``maximumFileSize``.
    static func readAll(_ fd: Int32, name: String, expected: Int) throws(DiffBenchError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n: Int
            do { n = try Files.read(fd, into: &chunk) } catch {
                throw .badInput("\(name): cannot be read: \(reason(error))")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > maximumFileSize {
                let what = name == "-" ? "standard input is" : "it is"
                throw .badInput(
                    "\(name): \(what) over \(maximumFileSize / 1_048_576) MiB; inputs are limited to "
                        + "\(maximumFileSize / 1_048_576) MiB (README, Limits)")
            }
        }
    }

    /// What is at `path` when it is not a regular file: `a directory`, `a FIFO`, `a device`,
    /// `a symbolic link`, `a socket`; `nil` for a regular file or nothing.
    package static func special(_ path: String) -> String? {
        guard let kind = Files.kind(path, followingLinks: false), kind != .regular else { return nil }
        return kind.phrase
    }

    /// The temporary file ``writeAtomically(_:to:replace:)`` writes before renaming it to `path`
    /// (what an interrupted command removes).
    package static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(Platform.processID).tmp").path
    }

    /// Writes `bytes` to a temporary file beside `path`, then moves it into place: replacing
    /// what is there when `replace` is true, else only if nothing is there by then (a file that
    /// appeared meanwhile is kept, and the error says so).
    /// `createFolder: false` (a measuring child writing into its parent's folder) fails when the
    /// folder is gone instead of creating it again: a child that outlives an interrupted bench for
    /// a moment must not leave a folder behind.
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, replace: Bool,
        createFolder: Bool = true
    ) throws(DiffBenchError) {
        try writeAtomically(to: path, replace: replace, createFolder: createFolder) { write in try write(bytes) }
    }

    /// As ``writeAtomically(_:to:replace:)``, for a file written piece by piece (a long trace):
    /// `produce` calls the function it is given with each piece, in order.
    ///
    /// The temporary file is created with `O_EXCL | O_NOFOLLOW`: a file or a symbolic link planted
    /// at its name is never written through.
    package static func writeAtomically(
        to path: String, replace: Bool, createFolder: Bool = true,
        produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    )
        throws(DiffBenchError)
    {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = temporaryPath(for: path)
        // Only a regular file is ever replaced: never a device, FIFO, directory or link.
        if let kind = special(path) {
            throw .badInput("\(path): is \(kind); only a regular file is written or replaced")
        }
        if createFolder {
            do { try Files.makeFolder(directory.path) } catch {
                throw .badInput("\(path): cannot write: cannot create its folder: \(error.localizedDescription)")
            }
        }
        let fd: Int32
        do { fd = try Files.create(temporary, exclusive: true) } catch {
            let why =
                Files.exists(error)
                ? "\(temporary) is in the way (left by another run? remove it)"
                : reason(error)
            throw .badInput("\(path): cannot write: \(why)")
        }
        var created = true
        defer { if created { Files.remove(temporary) } }
        do {
            try produce { piece in try Files.write(fd, piece) }
            try Files.close(fd)
        } catch let error as SystemError {
            try? Files.close(fd)
            throw .badInput("\(path): cannot write: \(reason(error))")
        } catch {
            try? Files.close(fd)
            throw .badInput("\(path): cannot write: \(error)")
        }
        do throws(SystemError) {
            if replace {
                // rename(2) replaces the target atomically: readers see the old file or the new one.
                try Files.rename(temporary, url.path)
                created = false
            } else {
                // link(2) fails when the target exists: two runs can never overwrite each other.
                try Files.link(temporary, url.path)
            }
        } catch {
            let why = !replace && Files.exists(error) ? "it appeared while this command ran and is kept" : reason(error)
            throw .badInput("\(path): not written: \(why)")
        }
    }

    /// Checks, before a long run, that `path` can be written later: its folder exists or can
    /// be made and takes a file, and (unless `replace`) nothing is at `path` yet. The probe file
    /// it creates is made with `O_EXCL | O_NOFOLLOW` and removed at once.
    package static func checkWritable(_ path: String, replace: Bool) throws(DiffBenchError) {
        if let kind = special(path) {
            throw .badInput("\(path): is \(kind); only a regular file is written or replaced")
        }
        if Files.exists(path) && !replace {
            throw .badInput("\(path) exists; pass --force to overwrite it")
        }
        let url = URL(fileURLWithPath: path)
        let probe = url.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(url.lastPathComponent).\(Platform.processID)."
                    + "\(UUID().uuidString.prefix(8)).probe")
        do {
            try Files.makeFolder(url.deletingLastPathComponent().path)
        } catch {
            throw .badInput("\(path): cannot be written: cannot create its folder: \(error.localizedDescription)")
        }
        do {
            let fd = try Files.create(probe.path, exclusive: true)
            try? Files.close(fd)
            Files.remove(probe.path)
        } catch {
            throw .badInput("\(path): cannot be written: \(reason(error))")
        }
    }

    /// Reads and decodes a case file.
    package static func readCase(_ path: String) throws(DiffBenchError) -> CaseFile {
        let bytes = try read(path)
        do { return try CaseFile.decode(bytes, file: path) } catch { throw .badInput(error.description) }
    }

    /// The `*.json` files named by `paths`: files as given, directories searched recursively, sorted.
    /// An entry of a folder that is not a regular file (a FIFO, a device, a socket) is refused
    /// with its path, before anything opens it.
    package static func caseFiles(_ paths: [String]) throws(DiffBenchError) -> [String] {
        var result: [String] = []
        for path in paths {
            guard let isDirectory = Files.isFolder(path) else {
                throw .badInput("\(path): no such file or directory")
            }
            if isDirectory {
                var found: [String] = []
                for name in Files.pathsBelow(path) {
                    guard name.hasSuffix(".json") else { continue }
                    let full = (path as NSString).appendingPathComponent(name)
                    if let kind = Files.kind(full), kind != .regular, kind != .directory {
                        throw .badInput("\(full): is \(kind.phrase), expected a regular file")
                    }
                    if Files.kind(full) == .regular { found.append(full) }
                }
                result.append(contentsOf: found.sorted())
            } else {
                result.append(path)
            }
        }
        return result
    }
}
