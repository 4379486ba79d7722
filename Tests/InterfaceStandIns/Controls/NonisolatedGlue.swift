// SPDX-License-Identifier: Apache-2.0
// The stand-ins' negative control: glue as DiffBenchDiffing's was before it was main-actor
// isolated (a nonisolated wrapper calling the views). Type-checked against each stand-in under
// Swift 6, it must fail with "main actor-isolated" errors; if it passed, the stand-in would not
// be checking what the glue's check relies on.
#if canImport(UIKit)
import UIKit

struct NonisolatedTableGlue {
    let tableView: UITableView
    func reloadData() { tableView.reloadData() }
    func insert(_ paths: [IndexPath]) { tableView.insertRows(at: paths, with: .automatic) }
    func count() -> Int { tableView.dataSource?.numberOfSections?(in: tableView) ?? 1 }
}
#elseif canImport(AppKit)
import AppKit

struct NonisolatedTableGlue {
    let tableView: NSTableView
    func reloadData() { tableView.reloadData() }
    func insert(_ rows: IndexSet) { tableView.insertRows(at: rows, withAnimation: .effectFade) }
    func count() -> Int { tableView.dataSource?.numberOfRows?(in: tableView) ?? 0 }
}
#endif
