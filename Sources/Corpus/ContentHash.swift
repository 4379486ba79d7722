/// FNV-1a (64 bits) of bytes: stable across runs and machines, unlike `hashValue`. Names a
/// case or trace file's content (`case_hash`) and seeds the scenarios' generators.
public struct ContentHash: Sendable, Equatable {
    /// The hash of the bytes added so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of no bytes.
    public init() {}

    /// The hash of `bytes`.
    ///
    /// - Complexity: O(*n*).
    public init(_ bytes: some Sequence<UInt8>) { add(bytes) }

    /// Adds `bytes`, in order.
    ///
    /// - Complexity: O(*n*).
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        var h = value
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        value = h
    }

    /// 16 hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
