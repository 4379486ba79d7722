// SPDX-License-Identifier: Apache-2.0
/// Every rule the conformance checker can report: its id (as every FAIL line cites it), the
/// severities it is reported with, the targets it applies to, what is checked, UIKit's message
/// (table-view wording; a collection view says item for row) or what goes wrong without one, how
/// sure the knowledge is, where it is known to hold, and its public sources. `bench rules` prints
/// it and writes docs/conformance-rules.md from it. A finding names its rule by ``RuleID``, whose
/// ids a test holds equal to the catalog's, so the table cannot fall behind the checker.
public struct Rule: Sendable, Equatable {
    /// `R1` ... `R23`, `STAGE`, `FINAL`, `NOTE`, `D1` ... `D8` (``RuleID``).
    public var id: RuleID
    /// The severity the checker reports it with, per view where they differ.
    public var severity: RuleSeverity
    /// The targets it applies to: table and collection views, the diffable data source, or all.
    public var targets: [Target]
    /// What is checked.
    public var check: String
    /// UIKit's message when ``quoted`` (each quoted text is shown by a source marked
    /// ``RuleSource/showsMessage``), otherwise what goes wrong, in DiffBench's words.
    public var effect: String
    /// Whether ``effect`` quotes a text that a listed source shows.
    public var quoted: Bool
    /// How sure DiffBench is, and on what: an assertion seen in crash reports, a reconstruction of
    /// Apple's code, libraries' workarounds, or DiffBench's inference.
    public var basis: String
    /// The platforms and iOS versions it is known on, as far as the sources say.
    public var known: String
    /// The public sources, most direct first.
    public var sources: [RuleSource]

    /// ``targets`` as `bench rules` writes them: `table, collection`.
    var targetsText: String { targets.map(\.rawValue).joined(separator: ", ") }
}

/// The checker's rules, in the order UIKit checks them (docs/uikit-batch-updates.md), then the
/// staged model's and the diffable target's.
public enum RuleCatalog {
    static let tc: [Target] = [.table, .collection]
    static let asserted = "asserted: UIKit raises NSInternalInconsistencyException"
    static let reconstructed = "asserted in a reconstruction of Apple's code; no crash report found"
    static let wwdc = RuleSource(
        .apple,
        "WWDC 2018 session 225, A Tour of UICollectionView (a reload is a delete "
            + "and an insert; deletes use old indices, inserts new ones)",
        "https://developer.apple.com/videos/play/wwdc2018/225/")
    static let forum751732 = RuleSource(
        .apple,
        "Apple Developer Forums 751732 (an Apple engineer: cases that "
            + "fell back to reloadData now raise)",
        "https://developer.apple.com/forums/thread/751732")
    static let fillRule = RuleSource.model("docs/uikit-batch-updates.md", "the fill rule")
    static let stagedModel = RuleSource.model("docs/file-formats.md", "the staged changeset")
    static let snapshotDocs = RuleSource(
        .apple,
        "NSDiffableDataSourceSnapshot (Apple documentation: sections and "
            + "items need unique identifiers)",
        "https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot")
    static let forum126742 = RuleSource(
        .apple,
        "Apple Developer Forums 126742 (a changed item needs a reload "
            + "or reconfigure)",
        "https://developer.apple.com/forums/thread/126742")

    /// Every rule.
    public static let all: [Rule] = [
        Rule(
            id: .r1, severity: .always(.exception), targets: tc, check: "a reload equals a delete (section level too)",
            effect: "attempt to delete and reload the same index path (%@)", quoted: true, basis: asserted,
            known: "UITableView and UICollectionView, iOS 8.4 to 16.5 in the reports",
            sources: [
                .issue("nek023/QBImagePicker", 88, "UICollectionView, iOS 8.4"),
                .issue("layerhq/Atlas-iOS", 1120, "UITableView"),
                .issue("ivpusic/react-native-image-crop-picker", 1251, "UICollectionView, iOS 16.5"),
                .uxkit(693)
            ]),
        Rule(
            id: .r2, severity: .always(.exception), targets: tc,
            check: "a delete (or a reload's delete) equals a move's from",
            effect: "attempt to perform a delete and a move from the same index path (%@); section form: ... from "
                + "the same section (%ld)", quoted: true, basis: asserted,
            known: "UICollectionView (Texture #507), UITableView (rdar://33662307, iOS 11 beta)",
            sources: [
                .issue("TextureGroup/Texture", 507, "UICollectionView, a comment quoting UIKit"),
                .radar(
                    33662307, mirror: 18100, "UITableView: a reload and a move of one row report this text",
                    shows: true),
                .uxkit(752), .uxkit(754)
            ]),
        Rule(
            id: .r3, severity: .always(.exception), targets: tc,
            check: "an item moved out of a deleted section",
            effect: "collection view: cannot move an item from a deleted section (%ld); table view: cannot move a "
                + "row from a deleted section", quoted: true,
            basis: asserted + " (collection view); UITableView raised it in 2014 (TLIndexPathTools #20, no iOS "
                + "version given). DiffBench once read a reloadData fallback into iOS 11's table view; Apple says "
                + "fallbacks now raise",
            known: "UICollectionView; UITableView in 2014 (TLIndexPathTools #20)",
            sources: [
                .uxkit(758),
                .issue("SwiftKickMobile/TLIndexPathTools", 20, "UITableView, 2014"), forum751732
            ]),
        Rule(
            id: .r4, severity: .always(.exception), targets: tc, check: "a section delete out of range",
            effect: "attempt to delete section %ld, but there are only %ld sections before the update", quoted: true,
            basis: reconstructed, known: "UICollectionView (reconstruction)", sources: [.uxkit(734)]),
        Rule(
            id: .r5, severity: .always(.exception), targets: tc,
            check: "an item delete in a section that does not exist",
            effect: "attempt to delete row %ld from section %ld, but there are only %ld sections before the update",
            quoted: true, basis: asserted, known: "UITableView (SwipeCellKit #366, DeepDiff #8), UICollectionView",
            sources: [
                .issue("SwipeCellKit/SwipeCellKit", 366, "UITableView, 2019"),
                .issue("onmyway133/DeepDiff", 8, "UITableView, 2018"), .uxkit(763)
            ]),
        Rule(
            id: .r6, severity: .always(.exception), targets: tc, check: "an item delete out of range",
            effect: "attempt to delete row %ld from section %ld which only contains %ld rows before the update",
            quoted: true, basis: asserted, known: "UITableView and UICollectionView, 2013 to 2021 in the reports",
            sources: [
                .issue("onmyway133/DeepDiff", 45, "UITableView, 2019"),
                .issue("1and2papa/CTAssetsPickerController", 202, "UICollectionView, 2016"),
                .issue("ra1028/DifferenceKit", 132, "UICollectionView, 2021"), .uxkit(766)
            ]),
        Rule(
            id: .r7, severity: .byView(table: .lint, collection: .hazard), targets: tc,
            check: "the same delete (or reload) twice",
            effect: "table view: the copy is dropped; collection view: state corruption, later EXC_BAD_ACCESS",
            quoted: false,
            basis: "UICollectionView's crash reported to Apple and worked around by IGListKit; the "
                + "table view's dropping is DiffBench's reading",
            known: "UICollectionView, iOS 10.3 (rdar://31786176); IGListKit 5.2.0 still removes repeated deletes",
            sources: [
                .issue(
                    "Instagram/IGListKit", 689, "UICollectionView, deleting one index path twice",
                    shows: false),
                .radar(31786176, mirror: 17301, "UICollectionView, iOS 10.3.1"),
                .issue("Instagram/IGListKit", 657, "the workaround", shows: false)
            ]),
        Rule(
            id: .r8, severity: .always(.exception), targets: tc,
            check: "an insert (or a reload's insert) equals a move's to",
            effect: "attempt to perform an insert and a move to the same index path (%@); section form: ... to the "
                + "same section (%ld)", quoted: true, basis: asserted,
            known: "UITableView and UICollectionView, 2017 to 2022 in the reports",
            sources: [
                .issue("yapstudios/YapDatabase", 489, "UITableView, 2019"),
                .issue("RxSwiftCommunity/RxDataSources", 321, "UICollectionView, 2019"),
                .issue("wordpress-mobile/WordPress-iOS", 19505, "UICollectionView, 2022"),
                .uxkit(795), .uxkit(797)
            ]),
        Rule(
            id: .r9, severity: .always(.exception), targets: tc,
            check: "an item moved into an inserted section",
            effect: "collection view: cannot move an item into a newly inserted section (%ld); table view: cannot "
                + "move a row into a newly inserted section (%ld)", quoted: true,
            basis: reconstructed + " (collection view); UITableView raised it in 2014 (TLIndexPathTools #13, "
                + "NSInternalInconsistencyException, no iOS version given). DiffBench once read a reloadData "
                + "fallback into iOS 11's table view; Apple says fallbacks now raise",
            known: "UICollectionView (reconstruction); UITableView in 2014 (TLIndexPathTools #13)",
            sources: [
                .uxkit(801), .issue("SwiftKickMobile/TLIndexPathTools", 13, "UITableView, 2014"), forum751732
            ]),
        Rule(
            id: .r10, severity: .always(.exception), targets: tc, check: "a section insert out of range",
            effect: "attempt to insert section %ld but there are only %ld sections after the update", quoted: true,
            basis: reconstructed, known: "UICollectionView (reconstruction)", sources: [.uxkit(778)]),
        Rule(
            id: .r11, severity: .always(.exception), targets: tc,
            check: "an item insert into a section that does not exist",
            effect: "collection view: attempt to insert item %ld into section %ld, but there are only %ld sections "
                + "after the update (no public source shows the table view's text)",
            quoted: true, basis: reconstructed, known: "UICollectionView (reconstruction)", sources: [.uxkit(806)]),
        Rule(
            id: .r12, severity: .always(.exception), targets: tc, check: "an item insert (or reconfigure) out of range",
            effect: "attempt to insert row %ld into section %ld, but there are only %ld rows in section %ld after "
                + "the update", quoted: true, basis: asserted, known: "UITableView, 2012 and 2017 in the reports",
            sources: [
                .issue("5calls/ios", 57, "UITableView, 2017"),
                .issue("AlexBarinov/UIBubbleTableView", 5, "UITableView, 2012"), .uxkit(809)
            ]),
        Rule(
            id: .r13, severity: .byView(table: .lint, collection: .hazard), targets: tc, check: "the same insert twice",
            effect: "table view: the copy is dropped and counted once; collection view: not de-duplicated",
            quoted: false, basis: "DiffBench's reading; IGListKit observed UICollectionView taking repeated inserts",
            known: "UICollectionView (IGListKit #651)",
            sources: [
                .issue(
                    "Instagram/IGListKit", 651, "UICollectionView takes two inserts at one path",
                    shows: false)
            ]),
        Rule(
            id: .r13b, severity: .always(.exception), targets: tc, check: "an item reload inside a deleted section",
            effect: "its insert half lands in another section (then R12 or R17)", quoted: false,
            basis: "DiffBench's inference from the reload being a delete and an insert", known: "inferred",
            sources: [wwdc, .model("docs/uikit-batch-updates.md", "reload decomposition")]),
        Rule(
            id: .r14a, severity: .always(.exception), targets: tc, check: "a section move's from out of range",
            effect: "attempt to move section %ld, but there are only %ld sections before the update", quoted: true,
            basis: reconstructed, known: "UICollectionView (reconstruction)", sources: [.uxkit(822)]),
        Rule(
            id: .r14b, severity: .always(.exception), targets: tc, check: "a section move's to out of range",
            effect: "attempt to to move section %ld to section %ld, but there are only %ld sections after the update"
                + " (sic: to to)", quoted: true, basis: reconstructed, known: "UICollectionView (reconstruction)",
            sources: [.uxkit(825)]),
        Rule(
            id: .r14c, severity: .always(.exception), targets: tc,
            check: "an item move from a section that does not exist",
            effect: "attempt to move index path (%@) from a section that does not exist - there are only %ld "
                + "sections before the update", quoted: true, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(829)]),
        Rule(
            id: .r14d, severity: .always(.exception), targets: tc, check: "an item move's from out of range",
            effect: "attempt to move index path (%@) that does not exist - there are only %ld rows in section %ld "
                + "before the update", quoted: true, basis: asserted, known: "UITableView, iOS 9.3 (RxDataSources #35)",
            sources: [.issue("RxSwiftCommunity/RxDataSources", 35, "UITableView, 2016"), .uxkit(832)]),
        Rule(
            id: .r14e, severity: .always(.exception), targets: tc,
            check: "an item move into a section that does not exist",
            effect: "attempt to move index path (%@) to index path (%@) in section that does not exist - there are "
                + "only %ld sections after the update", quoted: true, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(835)]),
        Rule(
            id: .r14f, severity: .always(.exception), targets: tc, check: "an item move's to out of range",
            effect: "collection view: attempt to move index path (%@) to index path (%@) that does not exist - "
                + "there are only %ld items in section %ld after the update", quoted: true, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(838)]),
        Rule(
            id: .r15a, severity: .always(.lint), targets: tc, check: "two moves with the same from and to",
            effect: "the second is dropped", quoted: false, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(845, shows: false)]),
        Rule(
            id: .r15b, severity: .always(.exception), targets: tc, check: "two moves from one place to two",
            effect: "collection view: attempt to move item at index path %@ to both %@ and %@; section form: attempt "
                + "to move section %ld to both section %ld and section %ld", quoted: true, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(851), .uxkit(854)]),
        Rule(
            id: .r15c, severity: .always(.exception), targets: tc, check: "two moves from two places to one",
            effect: "collection view: attempt to move both item at index path %@ and %@ to %@; section form: "
                + "attempt to move both section %ld and section %ld to section %ld", quoted: true, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(859), .uxkit(862)]),
        Rule(
            id: .r16, severity: .always(.exception), targets: tc,
            check: "sections after = before + inserted - deleted (moves are neutral)",
            effect: "Invalid update: invalid number of sections.  The number of sections contained in the table "
                + "view after the update (%lu) must be equal to ... plus or minus the number of sections inserted "
                + "or deleted (%lu inserted, %lu deleted).", quoted: true, basis: asserted,
            known: "UITableView (2015) and UICollectionView (2016) in the reports",
            sources: [
                .issue("forkingdog/UITableView-FDTemplateLayoutCell", 40, "UITableView, 2015"),
                .issue("yapstudios/YapDatabase", 380, "UICollectionView, 2016"), .uxkit(951)
            ]),
        Rule(
            id: .r17, severity: .always(.exception), targets: tc,
            check: "per surviving section: rows after = before + inserted - deleted + moved in - moved out",
            effect: "Invalid update: invalid number of rows in section %lu.  The number of rows contained in an "
                + "existing section after the update (%lu) must be equal to ... (%lu inserted, %lu deleted) and plus "
                + "or minus the number of rows moved into or out of that section (%lu moved in, %lu moved out).; "
                + "iOS 16.4 and later: Invalid batch updates detected: the number of sections and/or rows returned "
                + "by the data source before and after performing the batch updates are inconsistent with the "
                + "updates.", quoted: true, basis: asserted,
            known: "UITableView and UICollectionView, iOS 9.3 to 17 in the reports; the new text from iOS 16.4",
            sources: [
                .radar(
                    27041784, mirror: 15192, "UITableView, iOS 9.3: a section move and a row reload",
                    shows: true),
                .issue("tonyarnold/Differ", 76, "UITableView, 2021"),
                .issue("3lvis/DATASource", 123, "UITableView, 2020"), .uxkit(967),
                .issue("exyte/Chat", 56, "UITableView, 2024, the iOS 16.4 text"),
                .issue("ra1028/DifferenceKit", 155, "UICollectionView, iOS 16.5, the iOS 16.4 text"),
                RuleSource(
                    .apple, "Apple Developer Forums 728797 (the text new in iOS 16.4)",
                    "https://developer.apple.com/forums/thread/728797")
            ]),
        Rule(
            id: .r18, severity: .always(.hazard), targets: tc,
            check: "an item operation touching a moved section (as source or target)",
            effect: "no UIKit assertion; reported: UITableView raising \"-[__NSArrayM insertObject:atIndex:]: object "
                + "cannot be nil\" (MUKDataSource's comment, 2015), UITableView crashing (Bento #51, 2018), "
                + "UICollectionView corrupting its heap or animating a cell twice (IGListKit's comments)",
            quoted: false,
            basis: "libraries' workarounds and third-party reports, none from Apple; the table view's text is "
                + "MUKDataSource's observation of its time",
            known: "UITableView: reported in 2015 (MUKDataSource), on iOS 9.3 with a row reload (rdar://27041784) "
                + "and in 2018-2019 (Bento); UICollectionView: IGListKit 5.2.0 (2026) still converts such section "
                + "moves. No source says on which current iOS versions it still fails.",
            sources: [
                RuleSource(
                    .library,
                    "MUKDataSource 2.6.3, MUKDataSourceTableUpdate.m:133-165 "
                        + "(needsToForceReloadData; comment of 2015)",
                    "https://github.com/muccy/MUKDataSource/blob/2.6.3/Pod/Table%20View%20Support/"
                        + "Update/MUKDataSourceTableUpdate.m#L133-L165", showsMessage: true),
                RuleSource(
                    .library,
                    "IGListKit 5.2.0, IGListBatchUpdateData.mm:54-55 and 129-133 "
                        + "(UICollectionView heap corruption, a cell animated twice)",
                    "https://github.com/Instagram/IGListKit/blob/5.2.0/Source/IGListDiffKit/"
                        + "IGListBatchUpdateData.mm#L54-L133"),
                .issue(
                    "babylonhealth/Bento", 51, "UITableView: a section move and a row insert crash",
                    shows: false),
                .issue(
                    "babylonhealth/Bento", 187, "2019: section moves sent as delete and insert",
                    shows: false),
                .radar(27041784, mirror: 15192, "UITableView, iOS 9.3: a section move and a row reload")
            ]),
        Rule(
            id: .r19, severity: .always(.lint), targets: tc, check: "reloadSections together with other operations",
            effect: "accepted; every real conflict of a section reload is already R1, R2, R3, R8 or R9",
            quoted: false, basis: "a library's caution (IGListKit calls it unsafe), no failure of its own",
            known: "UICollectionView (IGListKit)",
            sources: [
                RuleSource(
                    .library,
                    "IGListKit 5.2.0, IGListAdapterUpdaterHelpers.m:30 (\"reloadSections: is "
                        + "unsafe to use within performBatchUpdates:\")",
                    "https://github.com/Instagram/IGListKit/blob/5.2.0/Source/IGListKit/Internal/"
                        + "IGListAdapterUpdaterHelpers.m#L30")
            ]),
        Rule(
            id: .r20, severity: .always(.misrender), targets: tc,
            check: "a reload's new cell lands on another item than the one reloaded",
            effect: "the wrong cell is reloaded (usually R8 or R17 first)", quoted: false,
            basis: "DiffBench's inference from the reload being a delete and an insert",
            known: "UITableView (rdar://33662307 shows a reload taken as a delete)",
            sources: [wwdc, .radar(33662307, mirror: 18100, "UITableView: a reload reported as a delete")]),
        Rule(
            id: .r21, severity: .always(.misrender), targets: tc,
            check: "a carried cell's old item is not the data source's item at that slot (UIKit's fill rule)",
            effect: "no exception: the wrong cell is shown until the next reload", quoted: false,
            basis: "DiffBench's model of where UIKit puts the cells it keeps",
            known: "both views (model)", sources: [fillRule, .uxkit(158, shows: false)]),
        Rule(
            id: .r22, severity: .always(.stale), targets: tc,
            check: "a carried item's content changed without a reload or reconfigure, at the end of its update",
            effect: "no exception: the right cell with old content", quoted: false,
            basis: "Apple's documentation: a kept cell is not asked for again unless reloaded or reconfigured",
            known: "both views",
            sources: [
                RuleSource(
                    .apple, "UICollectionView.reconfigureItems(at:) (Apple documentation)",
                    "https://developer.apple.com/documentation/uikit/uicollectionview/"
                        + "reconfigureitems(at:)"),
                RuleSource(
                    .apple, "UITableView.reconfigureRows(at:) (Apple documentation)",
                    "https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)"),
                wwdc
            ]),
        Rule(
            id: .r23, severity: .always(.lint), targets: tc,
            check: "item operations inside a deleted or inserted section; exact duplicate moves; a header rebound "
                + "in a section that is new or gone",
            effect: "dropped silently", quoted: false, basis: reconstructed,
            known: "UICollectionView (reconstruction)", sources: [.uxkit(736, shows: false)]),
        Rule(
            id: .stage, severity: .always(.exception), targets: Target.allCases,
            check: "every stage but the last carries its after snapshot",
            effect: "the data source's state between batches is unknown, so the next batch cannot be judged",
            quoted: false, basis: "DiffBench's format", known: "-", sources: [stagedModel]),
        Rule(
            id: .final, severity: .always(.misrender), targets: Target.allCases,
            check: "the changeset ends in the new snapshot",
            effect: "no exception: the screen does not show the new data", quoted: false,
            basis: "DiffBench's model", known: "-", sources: [stagedModel]),
        Rule(
            id: .note, severity: .always(.note), targets: tc,
            check: "an item deleted and re-inserted where a move was possible",
            effect: "passes; the cell fades instead of moving (counted in relocations)", quoted: false,
            basis: "DiffBench's model", known: "-", sources: [fillRule]),
        Rule(
            id: .d1, severity: .always(.exception), targets: [.diffable], check: "section identifiers unique",
            effect: "the snapshot refuses a section identifier it already holds", quoted: false,
            basis: "Apple's documentation", known: "NSDiffableDataSourceSnapshot, iOS 13 and later",
            sources: [snapshotDocs]),
        Rule(
            id: .d2, severity: .always(.exception), targets: [.diffable],
            check: "item identifiers unique in the snapshot",
            effect: "the snapshot refuses an item identifier it already holds (iOS 15 and later: a warning and a "
                + "move; an error here)", quoted: false, basis: "Apple's documentation",
            known: "NSDiffableDataSourceSnapshot, iOS 13 and later",
            sources: [
                snapshotDocs,
                RuleSource(
                    .report, "zenn.dev/freddi (iOS 14.4: \"supplied identifiers are not unique\")",
                    "https://zenn.dev/freddi/articles/484451ba078549")
            ]),
        Rule(
            id: .d3, severity: .notReported, targets: [.diffable], check: "items need at least one section",
            effect: "a snapshot of sections of items cannot hold an item without a section", quoted: false,
            basis: "Apple's documentation", known: "NSDiffableDataSourceSnapshot", sources: [snapshotDocs]),
        Rule(
            id: .d4, severity: .always(.exception), targets: [.diffable],
            check: "reloaded identifiers exist in the new snapshot",
            effect: "Attempted to reload item identifier that does not exist in the snapshot: %@", quoted: true,
            basis: asserted,
            known: "NSDiffableDataSourceSnapshot, iOS 14 and later (older: \"Invalid item "
                + "identifier specified for reload\")",
            sources: [
                RuleSource(
                    .report, "openillumi.com: the reloadItems trap",
                    "https://openillumi.com/en/en-fix-nsdiffabledatasource-reloaditems-trap",
                    showsMessage: true), forum126742
            ]),
        Rule(
            id: .d5, severity: .always(.exception), targets: [.diffable],
            check: "reconfigured identifiers exist in the new snapshot",
            effect: "the snapshot refuses to reconfigure an identifier it does not hold", quoted: false,
            basis: "Apple's documentation", known: "NSDiffableDataSourceSnapshot, iOS 15 and later",
            sources: [
                RuleSource(
                    .apple, "NSDiffableDataSourceSnapshot.reconfigureItems(_:) (Apple documentation)",
                    "https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot/"
                        + "reconfigureitems(_:)")
            ]),
        Rule(
            id: .d6, severity: .always(.stale), targets: [.diffable],
            check: "content changed for an identifier in both snapshots, without reload or reconfigure",
            effect: "no exception: the right cell with old content", quoted: false,
            basis: "Apple's documentation and Apple's forums", known: "NSDiffableDataSourceSnapshot",
            sources: [forum126742, snapshotDocs]),
        Rule(
            id: .d7, severity: .notReported, targets: [.diffable],
            check: "identifier equality does not depend on content",
            effect: "holds by construction: DiffBench's identities carry no content", quoted: false,
            basis: "Apple's forums", known: "NSDiffableDataSourceSnapshot", sources: [forum126742]),
        Rule(
            id: .d8, severity: .always(.exception), targets: [.diffable],
            check: "an item deleted twice, or deleted and reloaded, in one update",
            effect: "sent as snapshot calls, the second names an identifier the snapshot no longer holds",
            quoted: false,
            basis: "DiffBench's model: a changeset becomes deleteItems and reloadItems calls; the reload half is "
                + "D4's public message, no public source shows the repeated delete's",
            known: "NSDiffableDataSourceSnapshot",
            sources: [
                snapshotDocs,
                RuleSource(
                    .report, "openillumi.com: the reloadItems trap",
                    "https://openillumi.com/en/en-fix-nsdiffabledatasource-reloaditems-trap")
            ])
    ]

    /// The rule with `id`, if the checker has one.
    ///
    /// - Complexity: O(*r*) for *r* rules.
    public static func rule(_ id: RuleID) -> Rule? { all.first { $0.id == id } }

    /// The ids of every rule.
    public static let ids: Set<RuleID> = Set(all.map(\.id))

    /// The catalog as text (`bench rules`): one block per rule.
    ///
    /// - Complexity: O(*r*).
    public static func text() -> String {
        all.map { r in
            "\(r.id)  \(r.severity)  [\(r.targetsText)]\n    check:  \(r.check)\n"
                + "    \(r.quoted ? "UIKit:  " : "effect: ")\(r.effect)\n    basis:  \(r.basis)\n"
                + "    known:  \(r.known)\n"
                + r.sources.map { "    source: \($0.title): \($0.url)" }.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }

    /// The catalog as Markdown (`bench rules --format markdown`, docs/conformance-rules.md).
    ///
    /// - Complexity: O(*r*).
    public static func markdown() -> String {
        var lines = [
            "# Conformance rules", "",
            "Every rule the checker can report, from the table the checker uses (`RuleCatalog` in",
            "`Sources/DiffBenchConformance/RuleCatalog.swift`). Written by `bench rules --format markdown`; a test",
            "fails when this file differs from the code. Why UIKit behaves so:",
            "[uikit-batch-updates.md](uikit-batch-updates.md). A changeset passes when it has no exception,",
            "fallback, hazard, misrender or",
            "stale finding and ends in the new snapshot; lint and note are counted, not failed. Structural rules",
            "judge each batch; content rules (R22, FINAL) judge the end of an update, the batches one call sends",
            "in one turn of the run loop ([checker.md](checker.md)).", "",
            "A message in quotes is UIKit's text as the marked source (†) shows it, in table-view wording unless",
            "it says collection view (a collection view says item for row; `%@` is an index path, `%ld` a",
            "number); anything else is",
            "DiffBench's description. *Basis* says how sure it is: an assertion seen in crash reports, an",
            "assertion only a reconstruction of Apple's code shows (OpenUXKit rebuilds UXKit, Apple's macOS port",
            "of UICollectionView), libraries' workarounds, or DiffBench's own model.", "",
            "| id | severity | targets | check | UIKit's message or what goes wrong | basis | known on | sources |",
            "|---|---|---|---|---|---|---|---|"
        ]
        for r in all {
            let sources = r.sources.map { "[\($0.title)](\($0.url))" + ($0.showsMessage ? " †" : "") }
                .joined(separator: "; ")
            let effect = r.quoted ? "\"\(r.effect)\"" : r.effect
            let cells = [
                r.id.rawValue, r.severity.description, r.targetsText, r.check, effect, r.basis, r.known, sources
            ]
            .map { $0.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
