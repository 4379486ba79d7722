// SPDX-License-Identifier: Apache-2.0
import Foundation

/// UIKit's exception texts (spec §3), in table-view wording, adapted per target.
struct Messages {
    let target: Target

    /// Collection views say "item" and "collection view" where table views say "row" and "table view".
    /// Only the whole words change ("throws" and "arrow" keep their letters).
    func uikit(_ tableText: String) -> String {
        guard target == .collection else { return tableText }
        return Self.wholeWords(tableText, ["row": "item", "rows": "items", "Row": "Item", "Rows": "Items"])
            .replacingOccurrences(of: "table view", with: "collection view")
    }

    /// `text` with each whole word found in `words` replaced (a word is a run of letters).
    ///
    /// - Complexity: O(*n*) in the text's length.
    static func wholeWords(_ text: String, _ words: [String: String]) -> String {
        var out = "", word = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            if ch.isLetter { word.append(ch); continue }
            out += words[word] ?? word
            word = ""
            out.append(ch)
        }
        return out + (words[word] ?? word)
    }

    /// An `NSIndexPath` description as UIKit prints it.
    static func path(_ op: Op) -> String {
        op.isSection
            ? "<NSIndexPath: 0x…> {length = 1, path = \(op.section)}"
            : "<NSIndexPath: 0x…> {length = 2, path = \(op.section) - \(op.item)}"
    }

    func deleteAndReload(_ op: Op) -> String {
        "attempt to delete and reload the same index path (\(Messages.path(op)))"
    }
    func deleteAndMove(_ op: Op) -> String {
        op.isSection
            ? "attempt to perform a delete and a move from the same section (\(op.section))"
            : "attempt to perform a delete and a move from the same index path (\(Messages.path(op)))"
    }
    func moveFromDeletedSection(_ section: Int) -> String {
        target == .collection
            ? "cannot move an item from a deleted section (\(section))"
            : "cannot move a row from a deleted section (\(section))"
    }
    func insertAndMove(_ op: Op) -> String {
        op.isSection
            ? "attempt to perform an insert and a move to the same section (\(op.section))"
            : "attempt to perform an insert and a move to the same index path (\(Messages.path(op)))"
    }
    func moveIntoInsertedSection(_ section: Int) -> String {
        target == .collection
            ? "cannot move an item into a newly inserted section (\(section))"
            : "cannot move a row into a newly inserted section (\(section))"
    }
    func sectionCount(new: Int, old: Int, inserted: Int, deleted: Int) -> String {
        uikit(
            "Invalid update: invalid number of sections.  The number of sections contained in the table view after "
                + "the update (\(new)) must be equal to the number of sections contained in the table view before the "
                + "update (\(old)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, "
                + "\(deleted) deleted).")
    }
    func rowCount(
        section: Int,
        new: Int,
        old: Int,
        inserted: Int,
        deleted: Int,
        movedIn: Int,
        movedOut: Int
    ) -> String {
        uikit(
            "Invalid update: invalid number of rows in section \(section).  The number of rows contained in an "
                + "existing section after the update (\(new)) must be equal to the number of rows contained in that "
                + "section before the update (\(old)), plus or minus the number of rows inserted or deleted from that "
                + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved "
                + "into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
    }
}
