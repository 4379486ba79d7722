import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading inputs and writing outputs: clear one-line errors, and never a half-written file.
public enum FileAccess {
    /// The largest input file read: a 512 MiB case file needs about 4 GB to parse and check.
    public static let maximumFileSize = 512 * 1_048_576

    /// The bytes of `path` (`-`: standard input), or a one-line error naming it.
    public static func read(_ path: String) throws(CommandError) -> [UInt8] {
        if path == "-" { return try readStandardInput() }
        try checkReadable(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumFileSize else {
            throw .usage("\(path): \(size / 1_048_576) MiB; inputs are limited to \(maximumFileSize / 1_048_576) MiB "
                         + "(reading and checking take up to 8 times the file size in memory; README, Limits)")
        }
        // Read straight into the array (a 512 MiB input is held once, not twice), until the end:
        // a pipe such as `<(cat case.json)` reports no size.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .usage("\(path): cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        return try readAll(fd, name: path, expected: size)
    }

    /// Fails unless `path` is a file (or a link to one): the messages of ``read(_:)``.
    public static func checkReadable(_ path: String) throws(CommandError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .usage("\(path): \(missing(path))")
        }
        guard !isDirectory.boolValue else { throw .usage("\(path): is a directory, expected a file") }
    }

    /// Why nothing can be read at `path`: no such file, a loop of symbolic links, or a link to
    /// nothing.
    static func missing(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & 0o170000 == 0o120000 else { return "no such file" }
        return stat(path, &info) != 0 && errno == ELOOP ? "a loop of symbolic links"
            : "a symbolic link to nothing (its target does not exist)"
    }

    /// Standard input, read up to the same limit as files.
    static func readStandardInput() throws(CommandError) -> [UInt8] { try readAll(0, name: "-", expected: 0) }

    /// Everything `fd` holds, read into one array (sized for `expected` bytes, grown past it),
    /// up to ``maximumFileSize``.
    static func readAll(_ fd: Int32, name: String, expected: Int) throws(CommandError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .usage("\(name): cannot be read: \(String(cString: strerror(errno)))") }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > maximumFileSize {
                let what = name == "-" ? "standard input is" : "it is"
                throw .usage("\(name): \(what) over \(maximumFileSize / 1_048_576) MiB; inputs are limited to "
                             + "\(maximumFileSize / 1_048_576) MiB (README, Limits)")
            }
        }
    }

    /// What is at `path` when it is not a regular file: `a directory`, `a FIFO`, `a device`,
    /// `a symbolic link`, `a socket`; `nil` for a regular file or nothing.
    public static func special(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & 0o170000 {
        case 0o100000: return nil
        case 0o040000: return "a directory"
        case 0o010000: return "a FIFO"
        case 0o020000, 0o060000: return "a device"
        case 0o120000: return "a symbolic link"
        default: return "a socket"
        }
    }

    /// The temporary file ``writeAtomically(_:to:replace:)`` writes before renaming it to `path`
    /// (what an interrupted command removes).
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
    }

    /// Writes `bytes` to a temporary file beside `path`, then moves it into place: replacing
    /// what is there when `replace` is true, else only if nothing is there by then (a file that
    /// appeared meanwhile is kept, and the error says so).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, replace: Bool) throws(CommandError) {
        try writeAtomically(to: path, replace: replace) { write in try write(bytes) }
    }

    /// As ``writeAtomically(_:to:replace:)``, for a file written piece by piece (a long trace):
    /// `produce` calls the function it is given with each piece, in order.
    public static func writeAtomically(to path: String, replace: Bool,
                                       produce: (_ write: ([UInt8]) throws -> Void) throws -> Void)
        throws(CommandError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = URL(fileURLWithPath: temporaryPath(for: path))
        // Only a regular file is ever replaced: never a device, FIFO, directory or link.
        if let kind = special(path) { throw .usage("\(path): is \(kind); only a regular file is written or replaced") }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CommandError.usage("\(path): cannot write: cannot create \(temporary.path)")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try produce { piece in try handle.write(contentsOf: piece) }
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if replace {
                // rename(2) replaces the target atomically: readers see the old file or the new one.
                guard rename(temporary.path, url.path) == 0 else {
                    throw CommandError.usage("\(path): cannot write: \(String(cString: strerror(errno)))")
                }
            } else {
                // link(2) fails when the target exists: two runs can never overwrite each other.
                guard link(temporary.path, url.path) == 0 else {
                    let reason = errno == EEXIST ? "it appeared while this command ran and is "
                        + "kept" : String(cString: strerror(errno))
                    throw CommandError.usage("\(path): not written: \(reason)")
                }
                unlink(temporary.path)
            }
        } catch let error as CommandError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .usage("\(path): cannot write: \(error.localizedDescription)")
        }
    }

    /// Checks, before a long run, that `path` can be written later: its folder exists or can
    /// be made and takes a file, and (unless `replace`) nothing is at `path` yet.
    public static func checkWritable(_ path: String, replace: Bool) throws(CommandError) {
        if let kind = special(path) { throw .usage("\(path): is \(kind); only a regular file is written or replaced") }
        if FileManager.default.fileExists(atPath: path) && !replace {
            throw .usage("\(path) exists; pass --force to overwrite it")
        }
        let url = URL(fileURLWithPath: path)
        let probe = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).probe")
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data().write(to: probe)
            try FileManager.default.removeItem(at: probe)
        } catch {
            throw .usage("\(path): cannot be written: \(error.localizedDescription)")
        }
    }

    /// Reads and decodes a case file.
    public static func readCase(_ path: String) throws(CommandError) -> CaseFile {
        let bytes = try read(path)
        do { return try CaseFile.decode(bytes, file: path) } catch { throw .usage(error.description) }
    }

    /// The `*.json` files named by `paths`: files as given, directories searched recursively, sorted.
    public static func caseFiles(_ paths: [String]) throws(CommandError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .usage("\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                let enumerator = FileManager.default.enumerator(atPath: path)
                var found: [String] = []
                while let name = enumerator?.nextObject() as? String {
                    if name.hasSuffix(".json") { found.append((path as NSString).appendingPathComponent(name)) }
                }
                result.append(contentsOf: found.sorted())
            } else {
                result.append(path)
            }
        }
        return result
    }
}
