// SPDX-License-Identifier: Apache-2.0
// The documentation snippets' view controllers, driven through random feed updates on Linux by
// .ci/doc_snippets.py (which writes this file into each page's test target): each update goes
// through the page's own `show(_:)`, its calls are recorded, and the checker judges them by table
// and by collection rules. The page's types (`Post`, `Day`) are built here as the page declares
// them; the view controllers' data are read back by reflection, as they are private.
import Foundation
import Testing
import DiffBenchDiffing
import DiffBenchDiffingGuard
@testable import DOCMODULE

/// A seeded generator: the same updates on every run.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random feeds: days of posts, and the next feed of each.
struct Feeds {
    var rng = Seeded(state: 42)
    var next = 0

    mutating func post() -> Post {
        next += 1
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: next) { for (k, b) in $0.enumerated() { bytes[k] = b } }
        let id = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                1, 2, 3, 4, 5, 6, 7, 8
            ))
        return Post(id: id, title: "Post \(next)", body: "Body of post \(next)", likes: 0)
    }

    mutating func day() -> Day {
        next += 1
        return Day(
            id: "day \(next)", title: "Day \(next)", rows: (0..<Int.random(in: 0...8, using: &rng)).map { _ in post() })
    }

    /// The feed after a few random changes: days inserted, deleted, moved, retitled; posts
    /// inserted, deleted, moved within and across days, edited.
    mutating func changed(_ days: [Day]) -> [Day] {
        var days = days
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: days.insert(day(), at: Int.random(in: 0...days.count, using: &rng))
            case 1 where !days.isEmpty: days.remove(at: Int.random(in: 0..<days.count, using: &rng))
            case 2 where days.count > 1:
                days.swapAt(Int.random(in: 0..<days.count, using: &rng), Int.random(in: 0..<days.count, using: &rng))
            case 3 where !days.isEmpty: days[Int.random(in: 0..<days.count, using: &rng)].title += "*"
            case 4 where !days.isEmpty:
                let d = Int.random(in: 0..<days.count, using: &rng)
                days[d].rows.insert(post(), at: Int.random(in: 0...days[d].rows.count, using: &rng))
            case 5, 6:
                let nonEmpty = days.indices.filter { !days[$0].rows.isEmpty }
                guard let d = nonEmpty.randomElement(using: &rng) else { continue }
                let moved = days[d].rows.remove(at: Int.random(in: 0..<days[d].rows.count, using: &rng))
                let t = Int.random(in: 0..<days.count, using: &rng)
                days[t].rows.insert(moved, at: Int.random(in: 0...days[t].rows.count, using: &rng))
            case 7:
                let nonEmpty = days.indices.filter { !days[$0].rows.isEmpty }
                guard let d = nonEmpty.randomElement(using: &rng) else { continue }
                days[d].rows.remove(at: Int.random(in: 0..<days[d].rows.count, using: &rng))
            default:
                let nonEmpty = days.indices.filter { !days[$0].rows.isEmpty }
                guard let d = nonEmpty.randomElement(using: &rng) else { continue }
                let r = Int.random(in: 0..<days[d].rows.count, using: &rng)
                days[d].rows[r].likes += 1
            }
        }
        return days
    }
}

/// A private stored property of `object`, read by reflection.
func stored<T>(_ name: String, of object: Any) -> T {
    Mirror(reflecting: object).descendant(name) as! T
}

struct DrivenBySnippets {
    static let updates = UPDATES

    /// What each update ended as, and the findings of the checker.
    final class Tally: @unchecked Sendable {
        var animated = 0, reloaded = 0, batches = 0
        var failures: [String] = []
    }
    //TABLE
    @Test @MainActor func theTableViewControllerOfThePagePassesEveryUpdate() {
        var feeds = Feeds()
        let controller = FeedViewController()
        var days: [Day] = []
        let tally = Tally()
        for step in 0..<Self.updates {
            let next = feeds.changed(days)
            let recorder = RecordingView(sections: { stored("days", of: controller) as [Day] })
            controller.tableView.recorder = recorder
            controller.show(next)
            for view in [GuardedView.tableView, .collectionView] {
                let findings = recorder.judge(from: days, to: next, view: view)
                if !findings.isEmpty && tally.failures.count < 5 {
                    tally.failures.append("update \(step) \(view): \(findings)")
                }
            }
            tally.batches += recorder.events.count
            if case .reload? = recorder.events.first { tally.reloaded += 1 } else { tally.animated += 1 }
            days = next
            #expect(stored("days", of: controller) as [Day] == next)
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        #expect(tally.animated > Self.updates * 9 / 10)
        print(
            "table: \(Self.updates) updates, \(tally.animated) animated in \(tally.batches) batches, "
                + "\(tally.reloaded) reloaded"
        )
    }
    //END TABLE
    //ROWS
    @Test @MainActor func theCollectionViewControllerOfThePagePassesEveryUpdate() {
        var feeds = Feeds()
        let controller = InboxViewController()
        var days: [Day] = [feeds.day()]
        let tally = Tally()
        for step in 0..<Self.updates {
            let nextDays = feeds.changed(days)
            let old = days.flatMap(\.rows), next = nextDays.flatMap(\.rows)
            let recorder = RecordingView(rows: { stored("posts", of: controller) as [Post] })
            controller.collectionView.recorder = recorder
            controller.show(next)
            for view in [GuardedView.tableView, .collectionView] {
                let findings = recorder.judge(from: old, to: next, view: view)
                if !findings.isEmpty && tally.failures.count < 5 {
                    tally.failures.append("update \(step) \(view): \(findings)")
                }
            }
            tally.batches += recorder.events.count
            if case .reload? = recorder.events.first { tally.reloaded += 1 } else { tally.animated += 1 }
            days = nextDays
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        #expect(tally.animated > Self.updates * 9 / 10)
        print(
            "rows: \(Self.updates) updates, \(tally.animated) animated in \(tally.batches) batches, "
                + "\(tally.reloaded) reloaded"
        )
    }
    //END ROWS
}
