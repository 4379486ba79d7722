// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import Foundation
import DiffBenchDiffing
import DifferenceKit

/// A feed's row as an app keeps it: an identity (a `UUID` in League/app.suite), two strings and a
/// count, the kind of row an app decodes from its server. Its strings are longer than 15 bytes,
/// so they live on the heap, as most titles and bodies do.
public struct Post<ID: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    /// The identity.
    public var id: ID
    /// The title (past 15 bytes, so stored on the heap, as most titles are).
    public var title: String
    /// The body.
    public var body: String
    /// The like count.
    public var likes: Int

    /// The post of a corpus element: its content follows the element's revision.
    ///
    /// - Complexity: O(1).
    public init(_ element: Element<ID>) {
        id = element.id
        title = "A post about \(element.id), take \(element.rev)"
        body = "What happened to \(element.id) today, as its author tells it, in the words of revision \(element.rev)."
        likes = element.rev &* 7 &+ 3
    }

    /// Whether the posts show the same content: title, body and likes (what both libraries'
    /// protocols ask, declared once for both).
    ///
    /// - Complexity: O(*k*) for strings of *k* bytes.
    public func isContentEqual(to other: Post<ID>) -> Bool {
        likes == other.likes && title == other.title && body == other.body
    }

    /// The corpus element again (the revision read back from the like count).
    ///
    /// - Complexity: O(1).
    public var element: Element<ID> { Element(id, rev: (likes &- 3) / 7) }
}

/// A feed's section as an app keeps it: an identity, a title and its posts.
public struct Day<ID: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    /// The identity.
    public var id: ID
    /// The header's title.
    public var title: String
    /// The posts.
    public var rows: [Post<ID>]

    /// The day of a corpus section.
    ///
    /// - Complexity: O(*k*) for its *k* items.
    public init(_ section: DiffBenchModel.Section<Element<ID>, Element<ID>>) {
        id = section.model.id
        title = "Posts of day \(section.model.id), edition \(section.model.rev)"
        rows = section.items.map(Post.init)
    }

    /// The header as a corpus element (its revision read from the title).
    ///
    /// - Complexity: O(1).
    var header: Element<ID> { Element(id, rev: Int(title.split(separator: " ").last!)!) }
}

// Conformances an app writes: an empty extension for DiffBenchDiffing, DifferenceKit's protocol
// with its content comparison.
extension Post: DiffRow {}
extension Day: DiffSection {}
extension Post: Differentiable {
    /// DifferenceKit matches posts by their identity.
    public var differenceIdentifier: ID { id }
}

/// The league's app family: the same differs on League/app.suite's feed of ``Post`` rows in
/// ``Day`` sections, and a floor to measure them against.
public enum AppFeed {
    /// The app family's entries.
    public static let differs: [Differ] = [
        Differ(adapting: AppFeedDifferenceKit()),
        Differ(adapting: AppFeedDiffBench(.heckel)),
        Differ(adapting: AppFeedDiffBench(.lis)),
        Differ(adapting: AppFeedFloor())
    ]

    /// The old and the new list of a case as an app's days. The new list is the old one updated
    /// in place, as an app applies a feed's changes to the model it shows: a post or a day whose
    /// content is unchanged is the old value (its strings share their storage), a changed or new
    /// one is built afresh.
    ///
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
    static func days<ID: Hashable & Sendable>(
        _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>
    ) -> (old: [Day<ID>], new: [Day<ID>]) {
        let before = old.sections.map(Day.init)
        var posts: [ID: Post<ID>] = [:], days: [ID: Day<ID>] = [:]
        for day in before {
            days[day.id] = day
            for post in day.rows { posts[post.id] = post }
        }
        let after = new.sections.map { section in
            var day = days[section.model.id].flatMap { $0.header == section.model ? $0 : nil } ?? Day(section)
            day.rows = section.items.map { item in
                posts[item.id].flatMap { $0.element == item ? $0 : nil } ?? Post(item)
            }
            return day
        }
        return (before, after)
    }
}

/// DifferenceKit 1.3.0 on app rows: `StagedChangeset` over `[ArraySection<Day, Post>]`, sent as
/// its `reload(using:)` sends it (``DifferenceKitAdapter``).
public struct AppFeedDifferenceKit: GenericDifferAdapter {
    public let name = "differencekit-app"
    public let summary = "DifferenceKit 1.3.0 on app rows (UUID, two strings, a count): StagedChangeset"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        func sections(_ days: [Day<ID>]) -> [ArraySection<DayHeader<ID>, Post<ID>>] {
            days.map { ArraySection(model: DayHeader(id: $0.id, title: $0.title), elements: $0.rows) }
        }
        let lists = AppFeed.days(old, new)
        let source = sections(lists.old), target = sections(lists.new)
        return PreparedCall(
            diff: { StagedChangeset(source: source, target: target) },
            changeset: { staged in
                DifferenceKitAdapter.convert(staged, model: { $0.element }, element: { $0.element })
            })
    }
}

/// A day's header for DifferenceKit's `ArraySection`: its identity and title.
public struct DayHeader<ID: Hashable & Sendable>: Hashable, Sendable, Differentiable {
    /// The identity.
    public var id: ID
    /// The title.
    public var title: String
    /// DifferenceKit matches sections by their identity.
    public var differenceIdentifier: ID { id }
    /// The corpus element again.
    var element: Element<ID> { Element(id, rev: Int(title.split(separator: " ").last!)!) }
}

/// DiffBenchDiffing on app rows: `DiffUpdate(from:to:method:)` over `[Day]`.
public struct AppFeedDiffBench: GenericDifferAdapter {
    public let name: String
    public let summary: String
    let method: DiffMethod

    /// The adapter of `method`, named `diffbench-<method>-app`.
    public init(_ method: DiffMethod) {
        self.method = method
        name = "diffbench-\(method)-app"
        summary = "DiffBenchDiffing on app rows (UUID, two strings, a count): DiffUpdate(method: .\(method))"
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let (source, target) = AppFeed.days(old, new)
        let method = self.method
        return PreparedCall(
            diff: { DiffUpdate(from: source, to: target, method: method) },
            changeset: { update in
                DiffBenchDiffingAdapter.convert(update, model: { $0.header }, row: { $0.element })
            })
    }
}

/// Not a differ: the least any differ of these rows must do, timed beside them. It hashes each
/// identity once (the old ones into a table, the new ones looked up) and compares each kept
/// pair's content once, and builds nothing. Its table is as lean as a differ's can be: a
/// power-of-two array of words (the hash's high half, the old post's section and row), at most
/// half full, probed linearly, with a `UUID` hashed as its two words mixed (other identities by
/// `hashValue`); no post is copied. Sections of up to 65,535 posts, up to 65,536 sections. Its changeset is `lis`'s,
/// computed untimed from the case, so that it passes the checker and stands in the tables as a
/// yardstick; it is never ranked.
public struct AppFeedFloor: GenericDifferAdapter {
    public let name = "floor-app"
    public let summary = "a floor, not a differ: hashes each identity once, compares each kept pair once (untimed: lis)"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let (source, target) = AppFeed.days(old, new)
        let lis = try? Lis().diff(from: old, to: new)
        return PreparedCall(
            diff: { Self.floor(source, target) },
            changeset: { _ in lis ?? .reloadData })
    }

    /// Hashes every identity once and compares every kept pair's content once; returns the number
    /// of pairs whose content changed.
    ///
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new rows, expected.
    @inline(never)
    static func floor<ID: Hashable>(_ old: [Day<ID>], _ new: [Day<ID>]) -> Int {
        var count = 0
        for day in old { count += day.rows.count }
        var size = 16
        while size < 2 * count { size <<= 1 }
        let mask = size - 1
        // A slot: the hash's high half, the old post's section (low 32 bits' high half) and row
        // plus one, so that nothing is copied to find it again (0: empty).
        var slots = [UInt64](repeating: 0, count: size)
        var changed = 0
        slots.withUnsafeMutableBufferPointer { slots in
            old.withUnsafeBufferPointer { old in
                for s in old.indices {
                    old[s].rows.withUnsafeBufferPointer { rows in
                        for r in rows.indices {
                            let h = hash(rows[r].id)
                            var p = Int(truncatingIfNeeded: h) & mask
                            while slots[p] != 0 { p = (p + 1) & mask }
                            slots[p] = (h & 0xFFFF_FFFF_0000_0000) | UInt64(s) << 16 | UInt64(r + 1)
                        }
                    }
                }
                for day in new {
                    day.rows.withUnsafeBufferPointer { rows in
                        for row in rows.indices {
                            let h = hash(rows[row].id), tag = h & 0xFFFF_FFFF_0000_0000
                            var p = Int(truncatingIfNeeded: h) & mask
                            // Invariant: the slots probed so far hold no old post of this identity.
                            while slots[p] != 0 {
                                let s = Int(truncatingIfNeeded: (slots[p] >> 16) & 0xFFFF)
                                let r = Int(truncatingIfNeeded: slots[p] & 0xFFFF) - 1
                                if slots[p] & 0xFFFF_FFFF_0000_0000 == tag && old[s].rows[r].id == rows[row].id {
                                    if !old[s].rows[r].isContentEqual(to: rows[row]) { changed += 1 }
                                    break
                                }
                                p = (p + 1) & mask
                            }
                        }
                    }
                }
            }
        }
        return changed
    }

    /// A 64-bit hash of `id`: a `UUID`'s two words mixed, else the standard library's.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func hash<ID: Hashable>(_ id: ID) -> UInt64 {
        var x: UInt64
        if let uuid = id as? UUID {
            x = withUnsafeBytes(of: uuid.uuid) {
                $0.loadUnaligned(as: UInt64.self)
                    ^ ($0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15)
            }
        } else {
            x = UInt64(bitPattern: Int64(id.hashValue))
        }
        x = (x ^ (x >> 31)) &* 0x7FB5_D329_728E_A185
        return x ^ (x >> 33)
    }
}
