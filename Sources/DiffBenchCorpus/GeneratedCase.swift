// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchModel
import DiffBenchFileFormats

/// One generated case and the parameters that made it.
package struct GeneratedCase: Sendable {
    package var scenario: Scenario
    package var size: Int
    package var sections: Int
    package var seed: UInt64
    /// The snapshots with integer identities.
    package var old: IntSnapshot
    package var new: IntSnapshot

    /// A label such as `mixed n=1000 sections=10 seed=1`.
    package var label: String { "\(scenario.rawValue) n=\(size) sections=\(sections) seed=\(seed)" }

    /// The same case with UUID-like string identities (a fixed function of the integer ids).
    ///
    /// - Complexity: O(*n*).
    package func stringIdentities() -> (old: StringSnapshot, new: StringSnapshot) { withIdentities(GeneratedCase.uuid) }

    /// The same case with sparse 63-bit integer identities (a bijection of the dense ids).
    ///
    /// - Complexity: O(*n*).
    package func sparseIdentities() -> (old: IntSnapshot, new: IntSnapshot) { withIdentities(GeneratedCase.sparse) }

    /// The same case with short string keys (a fixed function of the dense ids).
    ///
    /// - Complexity: O(*n*).
    package func keyIdentities() -> (old: StringSnapshot, new: StringSnapshot) { withIdentities(GeneratedCase.key) }

    /// The same case with Foundation `UUID` identities (the bytes of `uuid(_:salt:)`).
    ///
    /// - Complexity: O(*n*).
    package func uuidIdentities() -> (old: UUIDSnapshot, new: UUIDSnapshot) { withIdentities(GeneratedCase.uuidValue) }

    /// Both snapshots with every integer id replaced by `make(id, salt)` (one salt for section
    /// ids, another for item ids, so that a section and an item never share an identity).
    func withIdentities<ID: Hashable & Sendable>(
        _ make: (Int, UInt64) -> ID
    ) -> (old: Snapshot<Element<ID>, Element<ID>>, new: Snapshot<Element<ID>, Element<ID>>) {
        func convert(_ snapshot: IntSnapshot) -> Snapshot<Element<ID>, Element<ID>> {
            Snapshot(
                snapshot.sections.map { section in
                    Section(
                        Element(make(section.model.id, 0x5EC7), rev: section.model.rev),
                        items: section.items.map { Element(make($0.id, 0x17E4), rev: $0.rev) })
                })
        }
        return (convert(old), convert(new))
    }

    /// The 16 bytes `uuid(_:salt:)` spells, as a `UUID`.
    static func uuidValue(_ id: Int, salt: UInt64) -> UUID {
        var x = UInt64(bitPattern: Int64(id)) &+ salt &* 0x9E37_79B9_7F4A_7C15
        let high = SeededGenerator.splitMix64(&x), low = SeededGenerator.splitMix64(&x)
        func byte(_ word: UInt64, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * k)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }

    /// The case in case-file form.
    package func caseFile(ids: IdentityKind) -> CaseFile {
        CaseFile(
            name: "\(label) ids=\(ids.rawValue)", old: GeneratedCase.caseSnapshot(old, ids: ids),
            new: GeneratedCase.caseSnapshot(new, ids: ids), duplicates: scenario == .duplicates)
    }

    /// A generated snapshot in case-file form: `int` and `sparse` identities are integers; `string`
    /// and `uuid` identities are written as the strings they spell (the same text for both), `key`
    /// identities as their keys.
    ///
    /// - Complexity: O(*n*) in the number of items.
    package static func caseSnapshot(_ snapshot: IntSnapshot, ids: IdentityKind) -> CaseSnapshot {
        func identity(_ id: Int, salt: UInt64) -> CaseID {
            switch ids {
            // `mixed` names files only: the flags and suite files never ask the generator for it.
            case .int, .mixed: return .int(id)
            case .sparse: return .int(sparse(id, salt: salt))
            case .string, .uuid: return .string(uuid(id, salt: salt))
            case .key: return .string(key(id, salt: salt))
            }
        }
        return CaseSnapshot(
            snapshot.sections.map { section in
                Section(
                    CaseElement(identity(section.model.id, salt: 0x5EC7), rev: section.model.rev),
                    items: section.items.map { CaseElement(identity($0.id, salt: 0x17E4), rev: $0.rev) })
            })
    }

    /// A non-negative 63-bit integer derived from `id`: a bijection of `0..<2^63` (each step, an
    /// xorshift or a multiplication by an odd constant modulo 2^63, is one), so distinct ids stay
    /// distinct, and the values look like random database keys.
    static func sparse(_ id: Int, salt: UInt64) -> Int {
        let mask: UInt64 = (1 << 63) - 1
        var x = (UInt64(bitPattern: Int64(id)) &+ salt &* 0x9E37_79B9_7F4A_7C15) & mask
        x = ((x ^ (x >> 31)) &* 0xBF58_476D_1CE4_E5B9) & mask
        x = ((x ^ (x >> 29)) &* 0x94D0_49BB_1331_11EB) & mask
        return Int(x ^ (x >> 32))
    }

    /// `k` and 8 base-36 digits of a bijection of `id + salt` modulo 2^41 (a multiplication by an odd
    /// constant; 36^8 > 2^41), so ids below 2^41 keep distinct keys: short keys such as apps use
    /// (`k0a9x2mqz`).
    static func key(_ id: Int, salt: UInt64) -> String {
        let mask: UInt64 = (1 << 41) - 1
        var x = ((UInt64(bitPattern: Int64(id)) &+ salt) &* 0x5851_F42D_4C95_7F2D) & mask
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: 9)
        bytes[0] = UInt8(ascii: "k")
        for n in stride(from: 8, through: 1, by: -1) {
            bytes[n] = digits[Int(x % 36)]
            x /= 36
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A FNV-1a checksum of both snapshots (ids, revisions, shape): pinned in tests.
    package var checksum: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: Int) { hash = (hash ^ UInt64(bitPattern: Int64(value))) &* 0x100_0000_01B3 }
        for snapshot in [old, new] {
            mix(snapshot.sections.count)
            for section in snapshot.sections {
                mix(section.model.id); mix(section.model.rev); mix(section.items.count)
                for item in section.items { mix(item.id); mix(item.rev) }
            }
        }
        return hash
    }

    /// `8-4-4-4-12` lowercase hex derived from `id` with SplitMix64.
    static func uuid(_ id: Int, salt: UInt64) -> String {
        var x = UInt64(bitPattern: Int64(id)) &+ salt &* 0x9E37_79B9_7F4A_7C15
        let high = SeededGenerator.splitMix64(&x), low = SeededGenerator.splitMix64(&x)
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(36)
        for n in 0..<32 {
            if n == 8 || n == 12 || n == 16 || n == 20 { bytes.append(UInt8(ascii: "-")) }
            let word = n < 16 ? high : low
            bytes.append(digits[Int((word >> UInt64(60 - 4 * (n % 16))) & 15)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The corpus generator's version: part of every CSV's `corpus_id`. Bump it whenever generated
/// cases change (the pinned checksums in ScenarioTests then change too).
package enum CorpusVersion {
    package static let id = "diffbench-corpus-1"
}
