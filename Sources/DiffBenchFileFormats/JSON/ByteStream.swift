// SPDX-License-Identifier: Apache-2.0
import DiffBenchPlatform

/// A file read forward in chunks, with a mark that keeps the bytes of the value being cut out,
/// so that a file far larger than memory is walked in memory of one value plus one chunk.
///
/// Tracks lines as bytes are dropped, so that a fault anywhere names the file's line and column.
final class ByteStream {
    let file: String
    private let descriptor: Int32
    /// The bytes held: `buffer[0]` is the file's byte `base`.
    private(set) var buffer: [UInt8] = []
    private var base = 0
    /// The next byte to read, an index into `buffer`.
    var index = 0
    /// Bytes from this index on are kept on refill (the start of the value being cut).
    var mark: Int?
    private var atEnd = false
    /// Lines before `buffer[0]`, and the file offset where the line holding `buffer[0]` begins.
    private var linesBefore = 0, lineStartOffset = 0
    /// FNV-1a (64 bits) of every byte read before the first `seek`: the file's content hash
    /// once a first walk has read it to the end.
    private(set) var hash = ContentHash()
    private var hashing = true
    /// How many bytes a refill reads.
    static let chunk = 1 << 20

    /// Opens `path`; the message of a failure names it.
    init(path: String) throws(InputError) {
        file = path
        if let kind = Files.kind(path), kind != .regular {
            throw InputError(file: path, location: "line 1", message: "is \(kind.phrase), expected a regular file")
        }
        do { descriptor = try Files.openForReading(path) } catch {
            throw InputError(file: path, location: "line 1", message: "cannot be read: \(FileAccess.reason(error))")
        }
    }

    deinit { try? Files.close(descriptor) }

    /// The file offset of `buffer[index]`.
    var offset: Int { base + index }

    /// The byte at `index`, reading more of the file when needed; `nil` at the end of the file.
    func peek() throws(InputError) -> UInt8? {
        if index < buffer.count { return buffer[index] }
        try refill()
        return index < buffer.count ? buffer[index] : nil
    }

    /// Moves back to file offset `position` (dropping what is held): the second walk of a file.
    func seek(to position: Int) throws(InputError) {
        do { try Files.seek(descriptor, to: position) } catch {
            throw fault("cannot seek: \(error.description)")
        }
        hashing = false
        buffer = []
        base = position
        index = 0
        mark = nil
        atEnd = false
        // Line counting starts again from the walk that recorded `position` (see `lineAt`).
        linesBefore = seekLines[position]?.lines ?? 0
        lineStartOffset = seekLines[position]?.start ?? 0
    }

    /// Lines recorded at offsets a later `seek` returns to.
    private var seekLines: [Int: (lines: Int, start: Int)] = [:]

    /// Remembers the line count at the current offset, for a later `seek(to:)` there.
    func rememberPosition() {
        let (line, column) = lineAndColumn(at: index)
        seekLines[offset] = (line - 1, offset - column + 1)
    }

    /// Skips JSON white space.
    func skipSpace() throws(InputError) {
        while let byte = try peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Takes `byte` if it comes next (after white space).
    func take(_ byte: UInt8) throws(InputError) -> Bool {
        try skipSpace()
        guard try peek() == byte else { return false }
        index += 1
        return true
    }

    /// Moves past one JSON value without building it: strings with their escapes, nested arrays
    /// and objects (brackets matched), and scalars up to the next delimiter. Syntax inside is
    /// left to the parser that reads the value; only what the cut needs is checked here.
    func skipValue() throws(InputError) {
        guard let first = try peek() else { throw fault("truncated JSON: expected a value") }
        if first != UInt8(ascii: "[") && first != UInt8(ascii: "{") && first != UInt8(ascii: "\"") {
            // A number or a literal: up to the next delimiter.
            while let byte = try peek(), !ByteStream.delimiters.contains(byte) { index += 1 }
            return
        }
        var closers: [UInt8] = []
        repeat {
            guard let byte = try peek() else { throw fault("truncated JSON: expected a value") }
            switch byte {
            case UInt8(ascii: "\""):
                try skipString()
                continue
            case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
            case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard closers.last == byte else {
                    throw fault("unexpected '\(Character(Unicode.Scalar(byte)))'")
                }
                closers.removeLast()
            default:
                break
            }
            index += 1
            guard closers.count <= 512 else { throw fault("nesting deeper than 512 levels") }
        } while !closers.isEmpty
    }

    /// Bytes that end a number or a literal.
    static let delimiters: Set<UInt8> = [
        0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")
    ]

    /// Moves past a string literal that starts at `index`.
    func skipString() throws(InputError) {
        index += 1
        while true {
            guard let byte = try peek() else { throw fault("truncated JSON: unterminated string") }
            index += 1
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") {
                guard try peek() != nil else { throw fault("truncated JSON: unterminated string") }
                index += 1
            }
        }
    }

    /// The bytes from `mark` to `index` (the value just skipped), and where they begin.
    func cut() -> (bytes: [UInt8], origin: (line: Int, column: Int)) {
        let start = mark ?? index
        return (Array(buffer[start..<index]), lineAndColumn(at: start))
    }

    /// A fault at the current position.
    func fault(_ message: String) -> InputError {
        let (line, column) = lineAndColumn(at: index)
        return InputError(file: file, location: "line \(line), column \(column)", message: message)
    }

    /// The line and column of `buffer[position]`.
    func lineAndColumn(at position: Int) -> (line: Int, column: Int) {
        var line = linesBefore + 1, start = lineStartOffset
        for k in 0..<min(position, buffer.count) where buffer[k] == UInt8(ascii: "\n") {
            line += 1
            start = base + k + 1
        }
        return (line, base + position - start + 1)
    }

    /// Drops the bytes before `mark` (or `index`) and reads the next chunk.
    private func refill() throws(InputError) {
        guard !atEnd else { return }
        let keep = min(mark ?? index, index)
        if keep > 0 {
            for k in 0..<keep where buffer[k] == UInt8(ascii: "\n") {
                linesBefore += 1
                lineStartOffset = base + k + 1
            }
            buffer.removeSubrange(0..<keep)
            base += keep
            index -= keep
            if let held = mark { mark = held - keep }
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: ByteStream.chunk))
        let count: Int
        do { count = try Files.read(descriptor, into: &buffer, offset: old) } catch {
            buffer.removeSubrange(old...)
            throw fault("cannot be read: \(FileAccess.reason(error))")
        }
        buffer.removeSubrange((old + count)...)
        if count == 0 { atEnd = true }
        if hashing { hash.add(buffer[old...]) }
    }
}
