// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchDiffCore

/// The identity join every way it runs: the direct-address range join of dense Int identities,
/// the open-addressing table, and the partitioned join of large sparse Int-keyed lists, each
/// against a plain dictionary.
@Suite struct DenseIdentitiesTests {
    /// Symbols as the definition says: the shared ends (equal identities from the front, then
    /// from the back up to the front's end) in place, an old item there its own symbol and a new
    /// one its counterpart's; between them the flat index of the first old occurrence between the
    /// ends, or -1.
    static func expected<ID: Hashable>(_ old: [ID], _ new: [ID]) -> (old: [Int], new: [Int], duplicates: Bool) {
        let shorter = min(old.count, new.count)
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        let suffix = zip(old.reversed(), new.reversed()).prefix(shorter - prefix).prefix { $0 == $1 }.count
        let oldEnd = old.count - suffix, newEnd = new.count - suffix
        var first: [ID: Int] = [:]
        for i in prefix..<oldEnd where first[old[i]] == nil { first[old[i]] = i }
        let oldSymbols = old.indices.map { i in i < prefix || i >= oldEnd ? i : first[old[i]]! }
        let newSymbols = new.indices.map { j in
            j < prefix ? j : j >= newEnd ? j - newEnd + oldEnd : first[new[j]] ?? -1
        }
        return (oldSymbols, newSymbols, oldSymbols != Array(old.indices))
    }

    /// `count` items in sections of 1,000, ids drawn from `0..<range` (duplicates when the range
    /// is small), with a seeded generator.
    static func snapshot<ID: Hashable & Sendable>(_ count: Int, range: Int, seed: UInt64, _ make: (Int) -> ID)
        -> (ElementSnapshot<ID>, [ID])
    {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % range
        }
        let ids = (0..<count).map { _ in make(next() - range / 2) }
        let sections = stride(from: 0, to: count, by: 1000).map { start in
            Section(
                Element(make(start), rev: 0),
                items: ids[start..<min(start + 1000, count)].map { Element($0, rev: 0) }
            )
        }
        return (ElementSnapshot(sections), ids)
    }

    @Test(arguments: [(300, 1 << 40), (300, 200), (70_000, 50_000), (150_000, 100_000), (300_000, 1 << 62)])
    func itemSymbolsMatchTheDefinition(count: Int, range: Int) {
        for seed: UInt64 in 1...3 {
            let (old, oldIDs) = Self.snapshot(count, range: range, seed: seed) { $0 }
            let newIDs = Self.snapshot(count + 1_000, range: range, seed: seed &+ 100) { $0 }.1
            // Half the new list repeats old identities, so that the join finds matches.
            var mixed = newIDs
            for k in stride(from: 0, to: min(mixed.count, oldIDs.count), by: 2) { mixed[k] = oldIDs[k] }
            let newSnapshot = ElementSnapshot(
                stride(from: 0, to: mixed.count, by: 1000).map { start in
                    Section(
                        Element(start, rev: 0),
                        items: mixed[start..<min(start + 1000, mixed.count)].map { Element($0, rev: 0) }
                    )
                })
            let dense = DenseIdentities(itemsOf: old, newSnapshot)
            let want = Self.expected(oldIDs, mixed)
            #expect(dense.old == want.old && dense.new == want.new, "count \(count) range \(range) seed \(seed)")
            #expect(dense.oldHasDuplicates == want.duplicates)
            let sources = pairInOrder(oldSymbols: want.old, newSymbols: want.new, symbolCount: count)
            #expect(dense.pairInOrder() == sources && DenseIdentities.itemSources(old, newSnapshot) == sources)
        }
    }

    @Test func denseIntIdentitiesTakeTheRangeJoin() {
        // Old ids in a narrow range (with duplicates, gaps and negatives); new ids also outside it.
        let oldIDs = [-3, 5, 9, -3, 0, 7, 5]
        let old = ElementSnapshot([Section(Element(0, rev: 0), items: oldIDs.map { Element($0, rev: 0) })])
        let newIDs = [5, 10, -4, 9, Int.min, Int.max, -3, 6, 7]
        let new = ElementSnapshot([Section(Element(0, rev: 0), items: newIDs.map { Element($0, rev: 0) })])
        let join = RangeJoin(itemsOf: old, newCount: newIDs.count)
        let joined = join?.symbols(old: old, new: new)
        let want = Self.expected(oldIDs, newIDs)
        #expect(joined?.old == want.old && joined?.new == want.new && join?.duplicates == want.duplicates)
        #expect(
            DenseIdentities.itemSources(old, new)
                == pairInOrder(
                    oldSymbols: want.old, newSymbols: want.new,
                    symbolCount: 7))
    }

    /// With no old item every new item is new, and with no new item there is nothing to pair:
    /// no identity is looked up (old sections may be there, empty).
    @Test func anEmptySideHasNoSources() {
        let items = ElementSnapshot([
            Section(Element(0, rev: 0), items: (0..<50).map { Element($0, rev: 0) }),
            Section(Element(1, rev: 0), items: [Element(7, rev: 0)])
        ])
        let emptySections = ElementSnapshot<Int>([
            Section(Element(0, rev: 0), items: []),
            Section(Element(1, rev: 0), items: [])
        ])
        #expect(DenseIdentities.itemSources(emptySections, items) == [Int](repeating: -1, count: 51))
        #expect(DenseIdentities.itemSources(ElementSnapshot<Int>([]), items) == [Int](repeating: -1, count: 51))
        #expect(DenseIdentities.itemSources(items, emptySections).isEmpty)
        #expect(DenseIdentities.itemSources(items, items) == Array(0..<51))
    }

    /// The one-pass sources of old ids without duplicates: a new duplicate takes nothing the
    /// first occurrence took, and ids outside the old range take nothing.
    @Test(arguments: [1, 2, 3])
    func rangeSourcesPairInOrder(seed: UInt64) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        var oldIDs = Array(-2_000..<3_000)
        for k in oldIDs.indices.reversed() { oldIDs.swapAt(k, next(k + 1)) }
        let newIDs = (0..<6_000).map { _ in next(4) == 0 ? next(20_000) - 10_000 : oldIDs[next(oldIDs.count)] }
        func snapshot(_ ids: [Int]) -> ElementSnapshot<Int> {
            ElementSnapshot(
                stride(from: 0, to: ids.count, by: 700).map { start in
                    let slice = ids[start..<min(start + 700, ids.count)]
                    return Section(Element(start, rev: 0), items: slice.map { Element($0, rev: 0) })
                })
        }
        let old = snapshot(oldIDs), new = snapshot(newIDs)
        #expect(RangeJoin(itemsOf: old, newCount: newIDs.count)?.duplicates == false)
        let want = Self.expected(oldIDs, newIDs)
        #expect(
            DenseIdentities.itemSources(old, new)
                == pairInOrder(oldSymbols: want.old, newSymbols: want.new, symbolCount: oldIDs.count))
    }

    @Test(arguments: [[0, 1 << 20], [Int.min, Int.max], [Int.max, 0]])
    func sparseIntIdentitiesAreDeclined(ids: [Int]) {
        let old = ElementSnapshot([Section(Element(0, rev: 0), items: ids.map { Element($0, rev: 0) })])
        #expect(RangeJoin(itemsOf: old, newCount: 2) == nil)
        let dense = DenseIdentities(itemsOf: old, old)
        #expect(dense.old == [0, 1] && dense.new == [0, 1])
    }

    /// A non-ASCII identity sends the whole join to the standard hash, where U+212A KELVIN SIGN
    /// equals "K" as `String` equality says; in either position.
    @Test(arguments: [false, true])
    func nonASCIIStringsMatchTheirCanonicalEquals(kelvinIsOld: Bool) {
        let oldIDs = (0..<500).map { "id\($0)" } + [kelvinIsOld ? "\u{212A}" : "K"]
        let newIDs = ["x", kelvinIsOld ? "K" : "\u{212A}"] + (0..<500).reversed().map { "id\($0)" }
        let old = ElementSnapshot([Section(Element("s", rev: 0), items: oldIDs.map { Element($0, rev: 0) })])
        let new = ElementSnapshot([Section(Element("s", rev: 0), items: newIDs.map { Element($0, rev: 0) })])
        let dense = DenseIdentities(itemsOf: old, new)
        let want = Self.expected(oldIDs, newIDs)
        #expect(dense.new[1] == 500)
        #expect(dense.old == want.old && dense.new == want.new && dense.oldHasDuplicates == want.duplicates)
    }

    @Test func uuidIdentitiesTakeTheTable() {
        let (old, oldIDs) = Self.snapshot(20_000, range: 15_000, seed: 3) { UUID(uuid: Self.bytes($0)) }
        let (new, newIDs) = Self.snapshot(20_000, range: 15_000, seed: 4) { UUID(uuid: Self.bytes($0)) }
        let dense = DenseIdentities(itemsOf: old, new)
        let want = Self.expected(oldIDs, newIDs)
        #expect(dense.old == want.old && dense.new == want.new && dense.oldHasDuplicates == want.duplicates)
    }

    /// UUID bytes that differ only in their last byte pair, so that hashing must read all 16.
    static func bytes(_ n: Int) -> uuid_t {
        let b = UInt8(truncatingIfNeeded: n), c = UInt8(truncatingIfNeeded: n >> 8)
        return (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, c, b)
    }

    @Test func stringIdentitiesTakeTheTable() {
        let (old, oldIDs) = Self.snapshot(70_000, range: 60_000, seed: 7) { "id\($0)" }
        let (new, newIDs) = Self.snapshot(70_000, range: 60_000, seed: 8) { "id\($0)" }
        let dense = DenseIdentities(itemsOf: old, new)
        let want = Self.expected(oldIDs, newIDs)
        #expect(dense.old == want.old && dense.new == want.new && dense.oldHasDuplicates == want.duplicates)
    }

    /// String identities take the ASCII join (byte hashes, then every pair confirmed); a non-ASCII
    /// identity sends the whole join to the exact table. Both against the definition, below and
    /// above the partitioned join's threshold, with and without duplicates.
    @Test(arguments: [(300, 1 << 40), (300, 200), (70_000, 50_000), (150_000, 1 << 40), (150_000, 100_000)])
    func stringSymbolsMatchTheDefinition(count: Int, range: Int) {
        for (seed, suffix): (UInt64, String) in [(1, "-0123456789abcdef"), (2, ""), (3, "-\u{212A}elvin")] {
            let (old, oldIDs) = Self.snapshot(count, range: range, seed: seed) { "id\($0)\(suffix)" }
            let (new, newIDs) = Self.snapshot(count + 1_000, range: range, seed: seed &+ 100) { "id\($0)\(suffix)" }
            let dense = DenseIdentities(itemsOf: old, new)
            let want = Self.expected(oldIDs, newIDs)
            #expect(dense.old == want.old && dense.new == want.new, "count \(count) range \(range) seed \(seed)")
            #expect(dense.oldHasDuplicates == want.duplicates)
            #expect((ASCIIJoin.symbols(old, new) == nil) == !suffix.allSatisfy(\.isASCII))
        }
    }

    /// A new list made from the old by edits keeps long runs, which the ASCII join matches by
    /// comparison: against the definition, with sections that end in other places on each side,
    /// duplicates, and a shuffled stretch that sends the join to lookups and back to runs.
    @Test(arguments: [(2_000, 1 << 40), (2_000, 500), (60_000, 1 << 40), (60_000, 20_000)])
    func stringRunsMatchTheDefinition(count: Int, range: Int) throws {
        for seed: UInt64 in 1...3 {
            let (old, oldIDs) = Self.snapshot(count, range: range, seed: seed) { "id\($0)-0123456789abcdef" }
            var state = seed
            func draw(_ bound: Int) -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(truncatingIfNeeded: state >> 33) % bound
            }
            var ids = oldIDs
            var generator = Self.Generator(state: seed)
            ids[..<(count / 25)].shuffle(using: &generator)
            let cut = count / 3 + draw(count / 3)
            ids.removeSubrange(cut..<(cut + count / 10))
            for _ in 0..<(count / 100) { ids.remove(at: draw(ids.count)) }
            for k in 0..<(count / 100) { ids.insert("new\(k)", at: draw(ids.count + 1)) }
            let block = Array(ids[(count / 2)..<(count / 2 + 50)])
            ids.removeSubrange((count / 2)..<(count / 2 + 50))
            ids.insert(contentsOf: block, at: draw(ids.count))
            let sections = stride(from: 0, to: ids.count, by: 700).map { start in
                Section(Element("s\(start)"), items: ids[start..<min(start + 700, ids.count)].map { Element($0) })
            }
            let new = ElementSnapshot(sections)
            let dense = DenseIdentities(itemsOf: old, new)
            let want = Self.expected(oldIDs, ids)
            #expect(dense.old == want.old && dense.new == want.new, "count \(count) range \(range) seed \(seed)")
            #expect(dense.oldHasDuplicates == want.duplicates)
            // Without duplicates (a lookup of a duplicate restarts the run at its first occurrence).
            let run = try #require(RunJoin.symbols(old, new))
            if range > count {
                let listed = try #require(run.unconfirmed, "the list of pairs to confirm fits its quarter")
                #expect(listed.count < ids.count / 3, "most by comparison")
            }
            if let listed = run.unconfirmed {
                #expect(listed == listed.sorted() && Set(listed).count == listed.count)
                #expect(listed.allSatisfy { run.joined.new[Int($0)] >= 0 })
            }
        }
    }

    /// The shared ends of the run join: found across sections that end in other places on each
    /// side (some empty), and the join over them keeps the definition, with duplicates in the
    /// ends and between them. A new identity that is not ASCII but equals its old one extends an
    /// end, and identities in the ends need not be ASCII.
    @Test func sharedEndsPairInPlace() throws {
        var generator = Self.Generator(state: 7)
        func sections(_ ids: [String]) -> ElementSnapshot<String> {
            var sections: [Section<Element<String>, Element<String>>] = [], start = 0
            while start < ids.count || sections.isEmpty {
                let end = min(ids.count, start + Int.random(in: 0...40, using: &generator))
                sections.append(Section(Element("s\(sections.count)"), items: ids[start..<end].map { Element($0) }))
                start = end
            }
            return ElementSnapshot(sections)
        }
        var checked = (front: 0, back: 0)
        for _ in 0..<200 {
            let count = Int.random(in: 0...300, using: &generator)
            var oldIDs = (0..<count).map { "id\($0 % 250)-0123456789abcdef" }
            oldIDs.shuffle(using: &generator)
            let front = Int.random(in: 0...count, using: &generator)
            let back = Int.random(in: 0...(count - front), using: &generator)
            var middle = Array(oldIDs[front..<(count - back)]).filter { _ in Bool.random(using: &generator) }
            middle += (0..<Int.random(in: 0...20, using: &generator)).map { "new\($0)" }
            middle.shuffle(using: &generator)
            let newIDs = Array(oldIDs[..<front]) + middle + Array(oldIDs[(count - back)...])
            let (old, new) = (sections(oldIDs), sections(newIDs))
            let shorter = min(oldIDs.count, newIDs.count)
            let prefix = zip(oldIDs, newIDs).prefix { $0 == $1 }.count
            let suffix = zip(oldIDs.reversed(), newIDs.reversed()).prefix(shorter - prefix).prefix { $0 == $1 }.count
            #expect(RunJoin.sharedEnd(old, new, fromBack: false, limit: shorter) == prefix)
            #expect(RunJoin.sharedEnd(old, new, fromBack: true, limit: shorter - prefix) == suffix)
            let run = try #require(RunJoin.symbols(old, new))
            let want = Self.expected(oldIDs, newIDs)
            #expect(run.joined.old == want.old && run.joined.new == want.new)
            #expect(run.joined.duplicates == want.duplicates)
            checked.front += prefix > 0 ? 1 : 0
            checked.back += suffix > 0 ? 1 : 0
        }
        #expect(checked.front > 50 && checked.back > 50, "both ends must be exercised: \(checked)")
        let old = sections(["aK-0123456789", "b-0123456789"]), new = sections(["a\u{212A}-0123456789", "b-0123456789"])
        #expect(RunJoin.sharedEnd(old, new, fromBack: false, limit: 2) == 2)
        #expect(try #require(RunJoin.symbols(old, new)).joined.new == [0, 1])
        // Not ASCII in both ends, ASCII between them; a middle item repeating an end item pairs
        // with nothing.
        let ends = ["\u{E9}t\u{E9}-0123456789", "a-0123456789", "x-0123456789", "y-0123456789", "\u{212A}-0123"]
        let endsNew = [ends[0], ends[1], ends[3], ends[1], ends[2], ends[4]]
        let joined = try #require(RunJoin.symbols(sections(ends), sections(endsNew))).joined
        #expect(joined.old == [0, 1, 2, 3, 4] && joined.new == [0, 1, 3, -1, 2, 4])
        #expect(DenseIdentities(itemsOf: sections(ends), sections(endsNew)).new == joined.new)
    }

    /// Every join keeps the shared ends in place when identities in them repeat between them, in
    /// the old list (old duplicates) or only in the new one (a new repeat, which the one-pass
    /// range sources hand to the general path): dense `Int` ids (range join), sparse ones (table,
    /// and partitioned from ``PartitionedJoin/threshold``), ASCII strings (run join, and
    /// partitioned) and UUIDs (table).
    @Test(arguments: [2_000, 140_000], [false, true])
    func sharedEndsStayInPlaceOnEveryJoin(count: Int, oldRepeats: Bool) throws {
        var generator = Self.Generator(state: UInt64(count) &+ (oldRepeats ? 1 : 0))
        // Ends of a tenth each; the old middle repeats end identities when `oldRepeats`, the new
        // middle always does (some before the suffix item of the same identity).
        var oldIDs = Array(0..<count)
        let end = count / 10
        if oldRepeats { for k in stride(from: end, to: count - end, by: 7) { oldIDs[k] = oldIDs[k % end] } }
        var middle = Array(oldIDs[end..<(count - end)])
        middle.shuffle(using: &generator)
        for k in stride(from: 0, to: middle.count, by: 5) {
            middle[k] = Bool.random(using: &generator) ? oldIDs[k % end] : oldIDs[count - 1 - k % end]
        }
        let newIDs = Array(oldIDs[..<end]) + middle + Array(oldIDs[(count - end)...])
        let want = Self.expected(oldIDs, newIDs)
        #expect(want.new.filter { $0 < 0 }.count > count / 20, "the repeats between the ends pair with nothing")
        let sources = pairInOrder(oldSymbols: want.old, newSymbols: want.new, symbolCount: count)
        func check<ID: Hashable & Sendable>(_ id: (Int) -> ID, _ kind: String) {
            func snapshot(_ ids: [Int]) -> ElementSnapshot<ID> {
                ElementSnapshot(
                    stride(from: 0, to: ids.count, by: 900).map { start in
                        let slice = ids[start..<min(start + 900, ids.count)]
                        return Section(Element(id(-1 - start)), items: slice.map { Element(id($0)) })
                    })
            }
            let old = snapshot(oldIDs), new = snapshot(newIDs)
            let dense = DenseIdentities(itemsOf: old, new)
            let same = (dense.old == want.old, dense.new == want.new, DenseIdentities.itemSources(old, new) == sources)
            #expect(same == (true, true, true), "\(kind) \(count): old, new symbols and sources as defined")
            #expect(dense.oldHasDuplicates == want.duplicates, "\(kind) \(count)")
        }
        check({ $0 }, "dense Int")
        check({ $0 &* -0x61C8_8646_80B5_83EB }, "sparse Int")
        check({ "row-\($0)-0123456789abcdef" }, "String")
        check(
            { n in
                let b = (0..<4).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
                return UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, b[3], b[2], b[1], b[0]))
            }, "UUID")
    }

    /// A seeded generator for shuffles.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    /// The tables' slot count: the smallest power of two at least twice the count while that is
    /// 65,536 slots or fewer (512 KB), and at least four times it beyond, up to 1,048,576 slots.
    @Test(arguments: [
        0, 1, 9, 20_000, 32_768, 32_769, 40_000, 100_000, 131_071, 262_144, 262_145, 300_000,
        1_000_000
    ])
    func tablesGetSparserOnceTheyOutgrowTheCache(count: Int) {
        let size = IdentityTable<String>.slotCount(for: count)
        func powerOfTwo(atLeast x: Int) -> Int { 1 << (Int.bitWidth - max(x - 1, 0).leadingZeroBitCount) }
        let twice = max(16, powerOfTwo(atLeast: 2 * count))
        let want = twice <= 1 << 16 ? twice : max(twice, min(1 << 20, powerOfTwo(atLeast: 4 * count)))
        #expect(size == want && size.nonzeroBitCount == 1 && size >= 2 * count, "\(size) slots for \(count)")
    }

    /// Two ASCII ids whose byte hashes share the run join's tag (their top 15 bits) and their
    /// low four bits (the first slot probed in a table of 16) but not the rest: found by a birthday
    /// search, then joined as old and new in both orders and as two old ids. The table tells them
    /// apart by their full hashes, and the whole join matches the definition.
    @Test func identitiesThatShareATagAreStillTold() throws {
        var seen: [UInt64: String] = [:]
        var pair: (String, String)?
        for k in 0..<2_000_000 where pair == nil {
            let id = "id-\(k)"
            let h = try #require(ByteHash.ascii(id, seed: 0))
            let key = (h >> 49) << 4 | (h & 15)
            if let other = seen[key], ByteHash.ascii(other, seed: 0) != h { pair = (other, id) }
            seen[key] = id
        }
        let (a, b) = try #require(pair)
        func snapshot(_ ids: [String]) -> ElementSnapshot<String> {
            ElementSnapshot([Section(Element("s"), items: ids.map { Element($0) })])
        }
        for (oldIDs, newIDs) in [([a, "x"], [b, a]), ([b, "x"], [a, "y", b]), ([a, b, "x"], [b, a])] {
            let dense = DenseIdentities(itemsOf: snapshot(oldIDs), snapshot(newIDs))
            let want = Self.expected(oldIDs, newIDs)
            #expect(dense.old == want.old && dense.new == want.new && dense.oldHasDuplicates == want.duplicates)
        }
        let apart = try #require(RunJoin.symbols(snapshot([a]), snapshot([b])))
        #expect(apart.joined.new == [-1] && apart.unconfirmed == [])
        let together = try #require(RunJoin.symbols(snapshot([a, b]), snapshot(["x", b])))
        #expect(together.joined.old == [0, 1] && !together.joined.duplicates && together.joined.new == [-1, 1])
    }

    /// The confirmation refuses a join that paired distinct identities (what a hash collision
    /// would make), old with old and new with old, and accepts the true one.
    @Test func theASCIIJoinRefusesPairsOfDistinctIdentities() throws {
        let old = ElementSnapshot([Section(Element("s"), items: ["a", "b", "c"].map { Element($0) })])
        let new = ElementSnapshot([Section(Element("s"), items: ["c", "x", "a"].map { Element($0) })])
        let truth = try #require(ASCIIJoin.symbols(old, new))
        #expect(truth.old == [0, 1, 2] && truth.new == [2, -1, 0] && !truth.duplicates)
        #expect(ASCIIJoin.confirms(truth, old, new))
        #expect(!ASCIIJoin.confirms((old: [0, 1, 2], new: [2, 1, 0], duplicates: false), old, new))
        #expect(!ASCIIJoin.confirms((old: [0, 0, 2], new: [2, -1, 0], duplicates: true), old, new))
        // With a list, only the listed new items are confirmed (a run matched the others).
        let wrong = (old: [0, 1, 2], new: [2, 1, 0], duplicates: false)
        #expect(!ASCIIJoin.confirms(wrong, old, new, unconfirmed: [0, 1]))
        #expect(ASCIIJoin.confirms(wrong, old, new, unconfirmed: [0, 2]))
    }
}
