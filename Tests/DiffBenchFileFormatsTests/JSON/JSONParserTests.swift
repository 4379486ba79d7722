// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchFileFormats
import DiffBenchCaseWriting

/// The strict JSON reader on its own: values as RFC 8259 defines them, faults named by line and
/// column, and every string `JSONWriter` writes read back as it was.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws(InputError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), file: "t.json")
    }

    @Test func scalarsKeepTheirKinds() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
        #expect(try parse("-12") == .int(-12))
        #expect(try parse("1.0") == .double(1.0))
        #expect(try parse("2e3") == .double(2000))
        #expect(try parse(#""a\"b\\c\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c\né😀"))
    }

    @Test func objectsKeepTheirMembersInFileOrder() throws {
        let value = try parse(#"{"z": [1, 2.5, "x"], "a": {}, "m": []}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(members[0].value == .array([.int(1), .double(2.5), .string("x")]))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), file: "t.json") == .array([.int(1)]))
    }

    /// Each is refused, with the file and a line and column; none is read leniently (`1.`, `-.5`
    /// and `1.e3`, which Swift's `Double` takes, were read as numbers before).
    @Test func faultsAreRefusedWithTheirPlace() {
        let faults = [
            "[1, 2,]", "{\"a\": 1,}", "01", "1.", "-.5", "1.e3", "1e", ".5", "+1", "\"open", "[1] 2", "{\"a\" 1}",
            "'single'",
            "\"tab\there\"", "\"\\ud800\"", "\"\\x41\"", "NaN", "Infinity", "tru", "[", "", "{\"a\":1}}",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        ]
        for text in faults {
            do {
                _ = try parse(text)
                Issue.record("accepted: \(text.prefix(40))")
            } catch {
                #expect(error.file == "t.json" && error.location.hasPrefix("line "), "\(text.prefix(40)): \(error)")
            }
        }
    }

    @Test func theDepthLimitNamesItself() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: InputError.self) { try parse(deep) }
        do { _ = try parse(deep) } catch { #expect(error.message.contains("deeper than 512")) }
    }

    /// Strings with quotes, backslashes, every control character and non-ASCII text survive a
    /// write and a read.
    @Test func everyStringTheWriterWritesReadsBack() throws {
        var samples = ["", "plain", "quote \" and \\ backslash", "é 😀 \u{0600}<b>", "line\nbreak\r\ttab"]
        samples.append(String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }))
        samples.append(String(repeating: "long ", count: 2_000))
        for text in samples {
            var writer = JSONWriter()
            writer.string(text)
            #expect(try JSONParser.parse(writer.bytes, file: "w.json") == .string(text), "\(text.prefix(20))")
        }
        var writer = JSONWriter()
        writer.raw("{\"n\": ")
        writer.ints([3, -1, 0])
        writer.raw("}")
        #expect(
            try JSONParser.parse(writer.bytes, file: "w.json") == .object([("n", .array([.int(3), .int(-1), .int(0)]))])
        )
    }
}
