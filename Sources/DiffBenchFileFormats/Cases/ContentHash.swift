// SPDX-License-Identifier: Apache-2.0
/// FNV-1a (64 bits) of bytes: stable across runs and machines, unlike `hashValue`. Names a
/// case or trace file's content (`case_hash`) and seeds the scenarios' generators.
package struct ContentHash: Sendable, Equatable {
    /// The hash of the bytes added so far.
    package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of no bytes.
    package init() {}

    /// The hash of `bytes`.
    ///
    /// - Complexity: O(*n*).
    package init(_ bytes: some Sequence<UInt8>) { add(bytes) }

    /// Adds `bytes`, in order.
    ///
    /// - Complexity: O(*n*).
    package mutating func add(_ bytes: some Sequence<UInt8>) {
        // Contiguous bytes (arrays, data, native strings' UTF-8) are hashed by the concrete loop:
        // called from another module this generic is not specialized, and iterating it byte by
        // byte through the protocol took a tenth of `bench run FILE` on a 3 MB case.
        if bytes.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) != nil { return }
        var h = value
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        value = h
    }

    /// Adds `bytes`, in order.
    ///
    /// - Complexity: O(*n*).
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var h = value
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        value = h
    }

    /// 16 hexadecimal digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
