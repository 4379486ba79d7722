// SPDX-License-Identifier: Apache-2.0
// An interface stand-in of UIKit: every UIKit declaration DiffBenchDiffing's glue and
// DifferenceKit 1.3.0's glue (the stand-in's control) use, with the SDK's names and signatures,
// each linked to Apple's documentation page. Main-actor isolated as the SDK declares UIKit's
// views and data-source protocols. For type-checking only (.ci/typecheck-glue.sh): no body here
// is meant to run. README.md beside it says how it was written and where it departs from the SDK.
@_exported import Foundation
@_exported import InterfaceStandInsObjC

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/window
    @MainActor public var window: UIWindow? { nil }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdatasource
@MainActor @objc public protocol UITableViewDataSource {
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
    @objc optional func numberOfSections(in tableView: UITableView) -> Int
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
@MainActor @objc public protocol UICollectionViewDataSource {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:)
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
    @objc optional func numberOfSections(in collectionView: UICollectionView) -> Int
}

/// https://developer.apple.com/documentation/uikit/uitableviewcontroller
@MainActor open class UITableViewController: UIViewController, UITableViewDataSource {
    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/tableview
    open var tableView: UITableView! {
        get { nil }
        set {}
    }
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        fatalError("a stand-in: type-checking only")
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller
@MainActor open class UICollectionViewController: UIViewController, UICollectionViewDataSource {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/collectionview
    open var collectionView: UICollectionView! {
        get { nil }
        set {}
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:)
    open func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
        fatalError("a stand-in: type-checking only")
    }
}

extension UITableView {
    /// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/datasource
    @MainActor public var dataSource: (any UITableViewDataSource)? {
        get { nil }
        set {}
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
    @MainActor public func reloadData() {}
    /// https://developer.apple.com/documentation/uikit/uitableview/beginupdates()
    @MainActor public func beginUpdates() {}
    /// https://developer.apple.com/documentation/uikit/uitableview/endupdates()
    @MainActor public func endUpdates() {}
    /// https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
    @MainActor public func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
    @MainActor public func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/reloadsections(_:with:)
    @MainActor public func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/movesection(_:tosection:)
    @MainActor public func moveSection(_ section: Int, toSection newSection: Int) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    @MainActor public func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
    @MainActor public func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
    @MainActor public func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
    @MainActor public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
    @available(iOS 15.0, tvOS 15.0, *)
    @MainActor public func reconfigureRows(at indexPaths: [IndexPath]) {}
}

extension UICollectionView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/datasource
    @MainActor public var dataSource: (any UICollectionViewDataSource)? {
        get { nil }
        set {}
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
    @MainActor public func reloadData() {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
    @MainActor public func insertSections(_ sections: IndexSet) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
    @MainActor public func deleteSections(_ sections: IndexSet) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloadsections(_:)
    @MainActor public func reloadSections(_ sections: IndexSet) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/movesection(_:tosection:)
    @MainActor public func moveSection(_ section: Int, toSection newSection: Int) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
    @MainActor public func insertItems(at indexPaths: [IndexPath]) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
    @MainActor public func deleteItems(at indexPaths: [IndexPath]) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
    @MainActor public func reloadItems(at indexPaths: [IndexPath]) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
    @MainActor public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    /// https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
    @available(iOS 15.0, tvOS 15.0, *)
    @MainActor public func reconfigureItems(at indexPaths: [IndexPath]) {}
}

extension IndexPath {
    /// https://developer.apple.com/documentation/foundation/indexpath/init(row:section:)
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// https://developer.apple.com/documentation/foundation/indexpath/row
    public var row: Int { self[1] }
    /// https://developer.apple.com/documentation/foundation/indexpath/item
    public var item: Int { self[1] }
    /// https://developer.apple.com/documentation/foundation/indexpath/section
    public var section: Int { self[0] }
}
