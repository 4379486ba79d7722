import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Corpus

/// Reading inputs and writing outputs: clear one-line errors, and never a half-written file.
public enum FileAccess {
    /// The bytes of `path` (`-` reads standard input).
    public static func read(_ path: String) throws(CommandError) -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .usage("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .usage("\(path): is a directory, expected a file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .usage("\(path): cannot be read") }
        return Array(data)
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it into place.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CommandError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
            // rename(2) replaces the target atomically: readers see the old file or the new one.
            guard rename(temporary.path, url.path) == 0 else {
                throw CommandError.usage("\(path): cannot write: \(String(cString: strerror(errno)))")
            }
        } catch let error as CommandError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .usage("\(path): cannot write: \(error.localizedDescription)")
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
