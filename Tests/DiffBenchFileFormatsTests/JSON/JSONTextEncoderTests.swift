// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchFileFormats

/// The encoder every `diffbench-*/1` shape goes through: keys in the order a shape's
/// `CodingKeys` state them, every optional written (`null` when absent), numbers as the results
/// CSV writes them, and what it writes read back by the strict reader.
@Suite struct JSONTextEncoderTests {
    struct Shape: Encodable {
        var name = "a \"quoted\"\nname", count = 3, ratio: Double? = 2.5, missing: Double? = nil
        var infinite = Double.infinity, flag = true, note: String? = nil, seed: UInt64 = 1 << 62 + 1
        var values: [Double] = [1, 0.5], rows: [Row] = [Row(k: 1), Row(k: 2)], empty: [Row] = []
        var ordered = OrderedJSONObject([(key: "z", value: 1), (key: "a", value: 2)])

        /// Written in this order, whatever the properties' order.
        enum CodingKeys: String, CodingKey {
            case seed, name, count, ratio, missing, infinite, flag, note, values, rows, empty, ordered
        }
    }

    struct Row: Encodable {
        var k: Int
    }

    @Test func aShapeIsWrittenAsItsKeysSayAndReadBack() throws {
        let text = JSONTextEncoder.encode(Shape())
        #expect(
            text == #"{"seed":4611686018427387905,"name":"a \"quoted\"\nname","count":3,"ratio":2.5,"#
                + #""missing":null,"infinite":null,"flag":true,"note":null,"values":[1,0.5],"#
                + "\"rows\":[\n{\"k\":1},\n{\"k\":2}],\"empty\":[],\"ordered\":{\"z\":1,\"a\":2}}")
        let value = try JSONParser.parse(Array(text.utf8), file: "t.json")
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.key) == Shape.CodingKeys.allKeys)
        #expect(members.first { $0.key == "name" }?.value == .string("a \"quoted\"\nname"))
    }
}

extension JSONTextEncoderTests.Shape.CodingKeys {
    /// Every key, in declaration order.
    static var allKeys: [String] {
        let keys: [Self] = [.seed, .name, .count, .ratio, .missing, .infinite, .flag, .note, .values, .rows, .empty]
        return (keys + [.ordered]).map(\.stringValue)
    }
}
