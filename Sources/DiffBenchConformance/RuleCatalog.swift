/// Every rule the conformance checker can report: its id (as every FAIL line cites it), the
/// severities it is reported with, the targets it applies to, what is checked, UIKit's message
/// (table-view wording; a collection view says item for row) or the hazard's mechanism, and where
/// the knowledge comes from. `bench rules` prints it and writes docs/conformance-rules.md from it;
/// ``FindingLog`` refuses (in debug builds) an id that is not here, so the table cannot fall behind
/// the checker.
public struct Rule: Sendable, Equatable {
    /// `R1` ... `R23`, `STAGE`, `FINAL`, `NOTE`, `D1` ... `D7`.
    public var id: String
    /// The severities the checker reports it with, and when.
    public var severity: String
    /// `table, collection` or `diffable`.
    public var targets: String
    /// What is checked.
    public var check: String
    /// UIKit's message, or what goes wrong without one.
    public var effect: String
    /// Where the knowledge comes from (docs/uikit-batch-updates.md: decompiled UIKit, observed reports,
    /// libraries' documented workarounds).
    public var source: String
}

/// The checker's rules, in the order UIKit checks them (docs/uikit-batch-updates.md), then the
/// staged model's and the diffable target's.
public enum RuleCatalog {
    static let tc = "table, collection"

    /// Every rule.
    public static let all: [Rule] = [
        Rule(id: "R1", severity: "exception", targets: tc, check: "a reload equals a delete (section level too)",
             effect: "attempt to delete and reload the same index path (%@)", source: "decompiled UIKit; observed"),
        Rule(id: "R2", severity: "exception", targets: tc,
             check: "a delete (or a reload's delete) equals a move's from",
             effect: "attempt to perform a delete and a move from the same index path (%@)",
             source: "decompiled UIKit; observed (DifferenceKit stages merged into one batch)"),
        Rule(id: "R3", severity: "exception (collection), fallback (table)", targets: tc,
             check: "an item moved out of a deleted section",
             effect: "cannot move an item from a deleted section (%ld); iOS 11 table view: silent reloadData",
             source: "decompiled UIKit"),
        Rule(id: "R4", severity: "exception", targets: tc, check: "a section delete out of range",
             effect: "attempt to delete section %ld, but there are only %ld sections before the update",
             source: "decompiled UIKit"),
        Rule(id: "R5", severity: "exception", targets: tc, check: "an item delete in a section that does not exist",
             effect: "attempt to delete row %ld from section %ld, but there are only %ld sections before the update",
             source: "decompiled UIKit"),
        Rule(id: "R6", severity: "exception", targets: tc, check: "an item delete out of range",
             effect: "attempt to delete row %ld from section %ld which only contains %ld rows before the update",
             source: "decompiled UIKit; observed"),
        Rule(id: "R7", severity: "lint (table), hazard (collection)", targets: tc,
             check: "the same delete (or reload) twice",
             effect: "table view: the copy is dropped; collection view: state corruption, later EXC_BAD_ACCESS",
             source: "decompiled UIKit; IGListKit #689, #657"),
        Rule(id: "R8", severity: "exception", targets: tc, check: "an insert (or a reload's insert) equals a move's to",
             effect: "attempt to perform an insert and a move to the same index path (%@)",
             source: "decompiled UIKit; observed"),
        Rule(id: "R9", severity: "exception (collection), fallback (table)", targets: tc,
             check: "an item moved into an inserted section",
             effect: "cannot move an item into a newly inserted section (%ld); iOS 11 table view: silent reloadData",
             source: "decompiled UIKit"),
        Rule(id: "R10", severity: "exception", targets: tc, check: "a section insert out of range",
             effect: "attempt to insert section %ld but there are only %ld sections after the update",
             source: "decompiled UIKit"),
        Rule(id: "R11", severity: "exception", targets: tc, check: "an item insert into a section that does not exist",
             effect: "attempt to insert row %ld into section %ld, but there are only %ld sections after the update",
             source: "decompiled UIKit"),
        Rule(id: "R12", severity: "exception", targets: tc, check: "an item insert (or reconfigure) out of range",
             effect: "attempt to insert row %ld into section %ld, but there are only %ld rows in section %ld after "
                + "the update", source: "decompiled UIKit; observed"),
        Rule(id: "R13", severity: "lint (table), hazard (collection)", targets: tc, check: "the same insert twice",
             effect: "table view: the copy is dropped and counted once; collection view: not de-duplicated",
             source: "decompiled UIKit"),
        Rule(id: "R13b", severity: "exception", targets: tc, check: "an item reload inside a deleted section",
             effect: "its insert half lands in another section (then R12 or R17)", source: "inferred from UIKit's "
                + "reload decomposition"),
        Rule(id: "R14a", severity: "exception", targets: tc, check: "a section move's from out of range",
             effect: "attempt to move section %ld, but there are only %ld sections before the update",
             source: "decompiled UIKit"),
        Rule(id: "R14b", severity: "exception", targets: tc, check: "a section move's to out of range",
             effect: "attempt to to move section %ld to section %ld, but there are only %ld sections after the update",
             source: "decompiled UIKit (sic: to to)"),
        Rule(id: "R14c", severity: "exception", targets: tc, check: "an item move from a section that does not exist",
             effect: "attempt to move index path (%@) from a section that does not exist - there are only %ld "
                + "sections before the update", source: "decompiled UIKit"),
        Rule(id: "R14d", severity: "exception", targets: tc, check: "an item move's from out of range",
             effect: "attempt to move index path (%@) that does not exist - there are only %ld rows in section %ld "
                + "before the update", source: "decompiled UIKit; observed"),
        Rule(id: "R14e", severity: "exception", targets: tc, check: "an item move into a section that does not exist",
             effect: "attempt to move index path (%@) to index path (%@) in section that does not exist - there are "
                + "only %ld sections after the update", source: "decompiled UIKit"),
        Rule(id: "R14f", severity: "exception", targets: tc, check: "an item move's to out of range",
             effect: "attempt to move index path (%@) to index path (%@) that does not exist - there are only %ld "
                + "rows in section %ld after the update", source: "decompiled UIKit"),
        Rule(id: "R15a", severity: "lint", targets: tc, check: "two moves with the same from and to",
             effect: "the second is dropped", source: "decompiled UIKit"),
        Rule(id: "R15b", severity: "exception", targets: tc, check: "two moves from one place to two",
             effect: "attempt to move row at index path %@ to both %@ and %@", source: "decompiled UIKit"),
        Rule(id: "R15c", severity: "exception", targets: tc, check: "two moves from two places to one",
             effect: "attempt to move both row at index path %@ and %@ to %@", source: "decompiled UIKit"),
        Rule(id: "R16", severity: "exception", targets: tc,
             check: "sections after = before + inserted - deleted (moves are neutral)",
             effect: "Invalid update: invalid number of sections. The number of sections contained in the table "
                + "view after the update (%lu) must be equal to ... plus or minus the number of sections inserted "
                + "or deleted", source: "decompiled UIKit; observed"),
        Rule(id: "R17", severity: "exception", targets: tc,
             check: "per surviving section: rows after = before + inserted - deleted + moved in - moved out",
             effect: "Invalid update: invalid number of rows in section %lu. ... (%lu inserted, %lu deleted) and "
                + "plus or minus the number of rows moved into or out of that section (%lu moved in, %lu moved out)"
                + "; iOS 16.4 and later: Invalid batch updates detected", source: "decompiled UIKit; observed"),
        Rule(id: "R18", severity: "hazard", targets: tc,
             check: "an item operation touching a moved section (as source or target)",
             effect: "table view: object cannot be nil (insertObject:atIndex:); collection view: heap corruption, "
                + "or a cell animated twice and never removed", source: "IGListKit and MUKDataSource comments"),
        Rule(id: "R19", severity: "lint", targets: tc, check: "reloadSections together with other operations",
             effect: "accepted; every real conflict of a section reload is already R1, R2, R3, R8 or R9",
             source: "IGListKit calls it unsafe; MUKDataSource splits it into a second batch"),
        Rule(id: "R20", severity: "misrender", targets: tc,
             check: "a reload's new cell lands on another item than the one reloaded",
             effect: "the wrong cell is reloaded (usually R8 or R17 first)", source: "decompiled UIKit; observed"),
        Rule(id: "R21", severity: "misrender", targets: tc,
             check: "a carried cell's old item is not the data source's item at that slot (UIKit's fill rule)",
             effect: "no exception: the wrong cell is shown until the next reload", source: "decompiled UIKit"),
        Rule(id: "R22", severity: "stale", targets: tc,
             check: "a carried item's content changed without a reload or reconfigure",
             effect: "no exception: the right cell with old content", source: "WWDC18 session 225"),
        Rule(id: "R23", severity: "lint", targets: tc,
             check: "item operations inside a deleted or inserted section; exact duplicate moves",
             effect: "dropped silently", source: "decompiled UIKit"),
        Rule(id: "STAGE", severity: "exception", targets: "table, collection, diffable",
             check: "every stage but the last carries its after snapshot",
             effect: "the data source's state between batches is unknown, so the next batch cannot be judged",
             source: "diffbench-changeset/1 (the staged model, docs/uikit-batch-updates.md)"),
        Rule(id: "FINAL", severity: "misrender", targets: "table, collection, diffable",
             check: "the changeset ends in the new snapshot",
             effect: "no exception: the screen does not show the new data",
             source: "the staged model (docs/uikit-batch-updates.md)"),
        Rule(id: "NOTE", severity: "note", targets: tc,
             check: "an item deleted and re-inserted where a move was possible",
             effect: "passes; the cell fades instead of moving (counted in relocations)",
             source: "the fill rule (docs/uikit-batch-updates.md)"),
        Rule(id: "D1", severity: "exception", targets: "diffable", check: "section identifiers unique",
             effect: "Diffable data source detected an attempt to insert or append %d section identifier(s) that "
                + "already exist(s) in the snapshot. Identifiers in a snapshot must be unique.",
             source: "NSDiffableDataSourceSnapshot"),
        Rule(id: "D2", severity: "exception", targets: "diffable", check: "item identifiers unique in the snapshot",
             effect: "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(%@)}",
             source: "NSDiffableDataSourceSnapshot (iOS 15+: a warning and a silent move; an error here)"),
        Rule(id: "D3", severity: "not reported", targets: "diffable", check: "items need at least one section",
             effect: "There are currently no sections in the data source. Please add a section first. (A snapshot "
                + "of sections of items cannot hold an item without a section.)",
             source: "NSDiffableDataSourceSnapshot"),
        Rule(id: "D4", severity: "exception", targets: "diffable",
             check: "reloaded identifiers exist in the new snapshot",
             effect: "Attempted to reload item identifier that does not exist in the snapshot: %@",
             source: "NSDiffableDataSourceSnapshot"),
        Rule(id: "D5", severity: "exception", targets: "diffable",
             check: "reconfigured identifiers exist in the new snapshot",
             effect: "Attempted to reconfigure item identifier that does not exist in the snapshot: %@",
             source: "NSDiffableDataSourceSnapshot"),
        Rule(id: "D6", severity: "stale", targets: "diffable",
             check: "content changed for an identifier in both snapshots, without reload or reconfigure",
             effect: "no exception: the right cell with old content", source: "NSDiffableDataSourceSnapshot"),
        Rule(id: "D7", severity: "not reported", targets: "diffable",
             check: "identifier equality does not depend on content",
             effect: "holds by construction: DiffBench's identities carry no content",
             source: "NSDiffableDataSourceSnapshot (docs/uikit-batch-updates.md)"),
    ]

    /// The rule with `id`, if the checker has one.
    ///
    /// - Complexity: O(*r*) for *r* rules.
    public static func rule(_ id: String) -> Rule? { all.first { $0.id == id } }

    /// The ids of every rule.
    public static let ids: Set<String> = Set(all.map(\.id))

    /// The catalog as text (`bench rules`): one block per rule.
    ///
    /// - Complexity: O(*r*).
    public static func text() -> String {
        all.map { r in
            "\(r.id)  \(r.severity)  [\(r.targets)]\n    check:  \(r.check)\n    effect: \(r.effect)\n"
                + "    source: \(r.source)"
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
            "fails when this file differs from the code. Why UIKit behaves so, with the sources:",
            "[uikit-batch-updates.md](uikit-batch-updates.md). Messages are UIKit's, in table-view wording (a",
            "collection view says item for row); `%@` is an index path, `%ld` a number. A changeset passes",
            "when it has no exception, fallback, hazard, misrender or stale finding and ends in the new",
            "snapshot; lint and note are counted, not failed.", "",
            "| id | severity | targets | check | UIKit's message or what goes wrong | source |",
            "|---|---|---|---|---|---|",
        ]
        for r in all {
            let cells = [r.id, r.severity, r.targets, r.check, r.effect, r.source]
                .map { $0.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
