// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchCorpus
import DiffBenchModel
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors

/// A case file (`diffbench-case/1`) or trace file (`diffbench-trace/1`) that `bench run` times,
/// as inspected before the run: every snapshot is read and checked once here, so that a bad
/// file stops the run before any cell, with the file, snapshot and JSON path named.
package struct TimedFile: Sendable, Equatable {
    /// A single update, or a sequence of them.
    package enum Kind: String, Sendable { case `case`, trace }

    /// The file's absolute path.
    package var path: String
    package var kind: Kind
    /// Its `name` member, else the file name without `.json`: the cells' scenario.
    package var name: String
    /// Items and sections of its largest snapshot.
    package var size = 0, sections = 0
    /// `int`, `string` or `mixed`: the identity types its snapshots use.
    package var ids = IdentityKind.int
    /// Consecutive pairs of snapshots: 1 for a case.
    package var steps = 1
    /// FNV-1a (64 bits) of the file's bytes, in hexadecimal: results of different files under one
    /// name are not compared.
    package var contentHash = ""

    /// The longest name a timed file may have, in UTF-8 bytes.
    package static let longestName = 1_000

    /// Reads and checks `path`; `known` is its `format` when the caller has read it already.
    ///
    /// - Complexity: O(*n*) in the file size; a trace is read one snapshot at a time.
    package static func inspect(_ path: String, format known: String? = nil) throws(DiffBenchError) -> TimedFile {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        try FileAccess.checkReadable(path)
        var format = known ?? ""
        if known == nil {
            do { format = try TraceReader.format(of: path) } catch { throw .badInput(error.description) }
        }
        var seen = CaseIdentities.Seen()
        var file = TimedFile(path: absolute, kind: .case, name: "")
        func measure(_ snapshot: CaseSnapshot) {
            seen.add(snapshot)
            file.size = max(file.size, snapshot.itemCount)
            file.sections = max(file.sections, snapshot.sections.count)
        }
        switch format {
        case CaseFile.format:
            let bytes = try FileAccess.read(path)
            let loaded: CaseFile
            do { loaded = try CaseFile.decode(bytes, file: path) } catch { throw .badInput(error.description) }
            measure(loaded.old)
            measure(loaded.new)
            file.name = loaded.name
            file.contentHash = ContentHash(bytes).hex
        case TraceFile.format:
            file.kind = .trace
            do {
                let reader = try TraceReader(path: path)
                while let snapshot = try reader.next() { measure(snapshot) }
                try reader.requireSteps()
                file.steps = reader.count - 1
                file.name = reader.name
                file.contentHash = reader.contentHash
            } catch { throw .badInput(error.description) }
        default:
            throw .badInput("\(path): $.format: \"\(format)\" is neither \(CaseFile.format) nor \(TraceFile.format)")
        }
        if file.name.isEmpty {
            file.name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        // The name is the cells' scenario: it goes to every CSV row and to each measuring process.
        guard file.name.utf8.count <= TimedFile.longestName else {
            throw .badInput(
                "\(path): $.name: \(file.name.utf8.count) bytes long; a case or trace name is at most "
                    + "\(TimedFile.longestName) bytes (it names every row of the results)")
        }
        file.ids = IdentityKind(seen.kind)
        return file
    }

    /// The files named by `paths` (a directory: every case and trace file under it, other JSON
    /// skipped), inspected. Faults: a path that does not exist, a directory with no case or
    /// trace file, two files of one name.
    ///
    /// - Complexity: O(*n*) in the files' total size.
    package static func collect(_ paths: [String], progress: (String) -> Void = { _ in }) throws(DiffBenchError)
        -> [TimedFile]
    {
        var files: [TimedFile] = []
        for path in paths {
            guard Files.isFolder(path) == true else {
                progress(path)
                files.append(try inspect(path))
                continue
            }
            var found = 0
            for candidate in try FileAccess.caseFiles([path]) {
                let format: String
                do { format = try TraceReader.format(of: candidate) } catch { continue }
                guard format == CaseFile.format || format == TraceFile.format else { continue }
                progress(candidate)
                files.append(try inspect(candidate, format: format))
                found += 1
            }
            guard found > 0 else {
                throw .badInput("\(path): no case (\(CaseFile.format)) or trace (\(TraceFile.format)) files in it")
            }
        }
        // A file named like a scenario would share its cells' keys with the suite's cells of that
        // scenario: its cells are the file's.
        for k in files.indices where Scenario(rawValue: files[k].name) != nil { files[k].name += " (file)" }
        var byName: [String: String] = [:]
        for file in files {
            if let earlier = byName[file.name] {
                throw .badInput(
                    "\(file.path): its name \"\(file.name)\" is also the name of \(earlier); "
                        + "results would mix the two (give one a different \"name\")")
            }
            byName[file.name] = file.path
        }
        return files
    }
}
