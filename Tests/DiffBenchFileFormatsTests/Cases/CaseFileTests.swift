// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchCorpus
@testable import DiffBenchFileFormats

@Suite struct CaseFileTests {
    func decode(_ text: String) throws(InputError) -> CaseFile { try CaseFile.decode(Array(text.utf8), file: "t.json") }

    @Test func roundTrip() throws {
        let text = """
            { "format": "diffbench-case/1", "name": "a \\"quoted\\" name\\n",
              "old": [ {"id": "S0", "items": [ {"id": "a1"}, {"id": "a2", "rev": 1} ]},
                       {"id": 7, "rev": 3, "items": [] } ],
              "new": [ {"id": 7, "items": [ {"id": "a2", "rev": 2}, {"id": -4} ]} ] }
            """
        let parsed = try decode(text)
        #expect(parsed.name == "a \"quoted\" name\n")
        #expect(parsed.old.sections[1].model == CaseElement(.int(7), rev: 3))
        #expect(parsed.new.sections[0].items[1].id == .int(-4))
        let again = try CaseFile.decode(parsed.encoded(), file: "again.json")
        #expect(again.old == parsed.old && again.new == parsed.new && again.name == parsed.name)
        #expect(again.encoded() == parsed.encoded())
    }

    @Test func changesetRoundTrip() throws {
        var u = BatchUpdate()
        u.deleteSections = [0]; u.insertSections = [1]; u.moveSections = [Move(2, 0)]; u.reloadSections = [3]
        u.deleteItems = [ItemPath(1, 0)]; u.insertItems = [ItemPath(0, 1)];
        u.moveItems = [
            Move(
                ItemPath(1, 1),
                ItemPath(0, 0)
            )
        ]
        u.reloadItems = [ItemPath(4, 4)]; u.reconfigureItems = [ItemPath(5, 5)]; u.reconfigureSections = [6]
        let after = CaseSnapshot([Section(CaseElement(.string("S2")), items: [CaseElement(.string("c1"), rev: 2)])])
        let changeset: Changeset<CaseElement, CaseElement> = .staged([
            Stage(u, after: after),
            Stage(BatchUpdate(), after: after, continuesUpdate: true),
            Stage(BatchUpdate(), after: nil)
        ])
        let text = ChangesetFile.encode(changeset)
        let decoded = try ChangesetFile.decode(text, file: "c.json")
        #expect(decoded.stages.count == 3)
        #expect(decoded.stages[0].update == u)
        #expect(decoded.stages[0].after == after)
        #expect(decoded.stages.map(\.continuesUpdate) == [false, true, false])
        #expect(decoded.stages[2].after == nil)
        // A file that says nothing of updates keeps its meaning: every stage its own update.
        #expect(String(decoding: text, as: UTF8.self).components(separatedBy: "continuesUpdate").count == 2)
        guard case .reloadData = try ChangesetFile.decode(ChangesetFile.encode(.reloadData), file: "r.json") else {
            Issue.record("reloadData did not round-trip"); return
        }
    }

    @Test(arguments: [
        (
            "{ \"format\": \"diffbench-case/1\", \"old\": [",
            "t.json: line 1, column 41: truncated JSON: expected a value"
        ),
        (
            "{ \"format\": \"diffbench-case/2\", \"old\": [], \"new\": [] }",
            "t.json: $.format: unknown format \"diffbench-case/2\" (expected \"diffbench-case/1\")"
        ),
        (
            "{ \"format\": \"diffbench-case/1\", \"old\": [{\"id\": true, \"items\": []}], \"new\": [] }",
            "t.json: $.old[0].id: an id must be a string or an integer, found a boolean"
        ),
        (
            "{ \"format\": \"diffbench-case/1\", \"old\": [{\"id\": 1, \"items\": [{\"id\": \"a\", \"rev\": \"x\"}]}], "
                + "\"new\": [] }",
            "t.json: $.old[0].items[0].rev: expected an integer, found a string"
        ),
        (
            "{ \"format\": \"diffbench-case/1\", \"old\": [{\"id\": 1, \"items\": [{\"id\": \"a\"}, "
                + "{\"id\": \"a\"}]}], \"new\": [] }",
            "t.json: $.old[0].items[1]: duplicate item id a (item ids must be unique across the snapshot unless "
                + "the case is marked \"duplicates\": true)"
        ),
        (
            "{ \"format\": \"diffbench-case/1\", \"old\": [{\"id\": 1, \"items\": [{\"id\": 4}, {\"id\": 5}, "
                + "{\"id\": 6}, {\"id\": 5}]}], \"new\": [] }",
            "t.json: $.old[0].items[3]: duplicate item id 5 (item ids must be unique across the snapshot unless "
                + "the case is marked \"duplicates\": true)"
        ),
        (
            "{ \"format\": \"diffbench-case/1\", \"old\": [], \"neww\": [] }",
            "t.json: $: unknown member \"neww\" (expected one of: description, duplicates, format, name, new, old)"
        ),
        ("[1, 2]", "t.json: $: expected an object, found an array")
    ])
    func malformedCases(text: String, expected: String) {
        #expect(throws: InputError.self) { try decode(text) }
        do { _ = try decode(text) } catch { #expect(error.description == expected) }
    }

    @Test func brokenSurrogatePairsAreInputErrors() {
        // A high surrogate followed by anything but a low one once trapped with an overflow.
        for text in ["{\"name\": \"\\ud800\\uadDa\"}", "{\"name\": \"\\ud800\\uffff\"}"] {
            do { _ = try decode(text); Issue.record("accepted \(text)") } catch {
                #expect(error.description.contains("a high surrogate \\u escape must be followed by a low one"))
            }
        }
    }

    @Test func invalidUTF8AndLeadingZerosAreInputErrors() {
        var bytes = Array("{\"format\": \"diffbench-case/1\", \"name\": \"a".utf8)
        bytes += [0xFF, 0xFE] + Array("\", \"old\": [], \"new\": []}".utf8)
        do { _ = try CaseFile.decode(bytes, file: "t.json"); Issue.record("invalid UTF-8 accepted") } catch {
            #expect(error.description.contains("invalid UTF-8 in a string"))
        }
        let zero = "{\"format\": \"diffbench-case/1\", \"old\": [{\"id\": 007, \"items\": []}], \"new\": []}"
        do { _ = try decode(zero); Issue.record("leading zero accepted") } catch {
            #expect(error.description.contains("a number has a leading zero"))
        }
        // A plain 0 and 0.5 are still numbers.
        #expect(
            (try? decode(
                "{\"format\": \"diffbench-case/1\", \"old\": [{\"id\": 0, \"rev\": 0, \"items\": []}], "
                    + "\"new\": []}")) != nil)
    }

    @Test func duplicatesAllowedWhenMarked() throws {
        let parsed = try decode(
            "{ \"format\": \"diffbench-case/1\", \"duplicates\": true, \"old\": [{\"id\": 1, "
                + "\"items\": [{\"id\": \"a\"}, {\"id\": \"a\"}]}], \"new\": [] }")
        #expect(parsed.duplicates && parsed.old.itemCount == 2)
    }

    @Test(arguments: [
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"deleteItems\": [[0, -1]]}]}",
            "c.json: $.stages[0].deleteItems[0][1]: index -1 is out of range: indices are 0 or more"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"deleteItems\": [[0, 1, 2]]}]}",
            "c.json: $.stages[0].deleteItems[0]: an index path is [section, item], found 3 numbers"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"moveItems\": [[[0, 1]]]}]}",
            "c.json: $.stages[0].moveItems[0]: a move is [from, to], found 1 elements"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"deleteItems\": []}, {}]}",
            "c.json: $.stages[0]: stage 0 is not the last one, so it needs an \"after\" snapshot"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"deleteRows\": []}]}",
            "c.json: $.stages[0]: unknown member \"deleteRows\" (expected one of: after, continuesUpdate, deleteItems, "
                + "deleteSections, insertItems, insertSections, moveItems, moveSections, reconfigureItems, "
                + "reconfigureSections, reloadItems, reloadSections)"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"continuesUpdate\": true}]}",
            "c.json: $.stages[0].continuesUpdate: the first stage starts an update: it cannot continue one"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"reloadData\": 1}",
            "c.json: $.reloadData: expected true or false, found an integer"
        ),
        (
            "{\"format\": \"diffbench-changeset/1\", \"stages\": [{\"deleteItems\": [[0, 99999999999999999999]]}]}",
            "c.json: line 1, column 69: integer 99999999999999999999 does not fit in 64 bits"
        )
    ])
    func malformedChangesets(text: String, expected: String) {
        do {
            _ = try ChangesetFile.decode(Array(text.utf8), file: "c.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func parserHandlesEscapesAndNumbers() throws {
        let value = try JSONParser.parse(
            Array("[\"\\u00e9\\ud83d\\ude00\\t\", -0, 1.5e3, null, false]".utf8),
            file: "x"
        )
        #expect(value == .array([.string("é😀\t"), .int(0), .double(1500), .null, .bool(false)]))
    }
}
