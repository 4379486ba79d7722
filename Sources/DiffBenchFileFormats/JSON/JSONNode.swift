// SPDX-License-Identifier: Apache-2.0
/// A JSON value plus where it sits, so that every type error names its JSON path.
struct JSONNode {
    let value: JSONValue
    let path: String
    let file: String

    func fault(_ message: String) -> InputError { InputError(file: file, location: path, message: message) }

    /// The members of an object; rejects any member not in `allowed` and any missing from `required`.
    func members(allowed: Set<String>, required: Set<String> = []) throws(InputError) -> [String: JSONNode] {
        guard case .object(let list) = value else { throw fault("expected an object, found \(value.typeName)") }
        var result: [String: JSONNode] = [:]
        for (key, member) in list {
            guard allowed.contains(key) else {
                throw fault("unknown member \"\(key)\" (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
            guard result[key] == nil else { throw fault("member \"\(key)\" appears twice") }
            result[key] = JSONNode(value: member, path: "\(path).\(key)", file: file)
        }
        for key in required.sorted() where result[key] == nil { throw fault("missing member \"\(key)\"") }
        return result
    }

    func elements() throws(InputError) -> [JSONNode] {
        guard case .array(let list) = value else { throw fault("expected an array, found \(value.typeName)") }
        var result: [JSONNode] = []
        result.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            result.append(JSONNode(value: element, path: "\(path)[\(index)]", file: file))
        }
        return result
    }

    func int() throws(InputError) -> Int {
        guard case .int(let number) = value else { throw fault("expected an integer, found \(value.typeName)") }
        return number
    }

    func index() throws(InputError) -> Int {
        let number = try int()
        guard number >= 0 else { throw fault("index \(number) is out of range: indices are 0 or more") }
        return number
    }

    func bool() throws(InputError) -> Bool {
        guard case .bool(let flag) = value else { throw fault("expected true or false, found \(value.typeName)") }
        return flag
    }

    func string() throws(InputError) -> String {
        guard case .string(let text) = value else { throw fault("expected a string, found \(value.typeName)") }
        return text
    }
}
