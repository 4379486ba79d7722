// SPDX-License-Identifier: Apache-2.0
/// One public source behind a rule of the checker: what it is, where to read it, and whether it
/// shows the message text the rule quotes.
public struct RuleSource: Sendable, Equatable {
    /// What kind of source it is, from the most to the least direct.
    public enum Kind: String, Sendable {
        /// Apple's documentation, a WWDC session or an Apple engineer in Apple's forums.
        case apple
        /// A crash report or bug report from an app or library, quoting what UIKit printed.
        case report
        /// An Apple bug report made public (Open Radar).
        case radar
        /// A library's source at a tag or commit: its workaround and its comment on why.
        case library
        /// A third party's reconstruction of Apple's code (OpenUXKit rebuilds UXKit, Apple's
        /// macOS port of UICollectionView).
        case reconstruction
        /// DiffBench's own model, written in this repository.
        case model
    }

    /// The kind of source.
    public var kind: Kind
    /// What and where, as a reader would cite it.
    public var title: String
    /// The link.
    public var url: String
    /// Whether this source shows the message text the rule quotes.
    public var showsMessage: Bool

    /// Creates a source.
    public init(_ kind: Kind, _ title: String, _ url: String, showsMessage: Bool = false) {
        self.kind = kind
        self.title = title
        self.url = url
        self.showsMessage = showsMessage
    }

    /// A GitHub issue or pull request quoting UIKit.
    ///
    /// - Complexity: O(1).
    static func issue(_ repo: String, _ number: Int, _ note: String, shows: Bool = true) -> RuleSource {
        RuleSource(
            .report, "\(repo)#\(number) (\(note))", "https://github.com/\(repo)/issues/\(number)",
            showsMessage: shows)
    }

    /// An Open Radar, through its public mirror on GitHub.
    ///
    /// - Complexity: O(1).
    static func radar(_ number: Int, mirror: Int, _ note: String, shows: Bool = false) -> RuleSource {
        RuleSource(
            .radar, "rdar://\(number) (\(note))",
            "https://github.com/lionheart/openradar-mirror/issues/\(mirror)", showsMessage: shows)
    }

    /// OpenUXKit's reconstruction of UICollectionView's batch checks, at the commit read.
    ///
    /// - Complexity: O(1).
    static func uxkit(_ line: Int, shows: Bool = true) -> RuleSource {
        RuleSource(
            .reconstruction, "OpenUXKit UXCollectionView+BatchUpdates.m:\(line) (collection-view wording)",
            "https://github.com/OpenUXKit/OpenUXKit/blob/6d117727b7e2f86615d483c0e129dcd3460a2fdf/Sources/"
                + "OpenUXKit/Components/Public/UXCollectionView%2BBatchUpdates.m#L\(line)", showsMessage: shows)
    }

    /// A page of DiffBench's own documentation, `docs/NAME.md`; the link is relative to docs/, where
    /// conformance-rules.md lives.
    ///
    /// - Complexity: O(1).
    static func model(_ page: String, _ what: String) -> RuleSource {
        RuleSource(.model, "\(what) (DiffBench, \(page))", String(page.dropFirst("docs/".count)))
    }
}
