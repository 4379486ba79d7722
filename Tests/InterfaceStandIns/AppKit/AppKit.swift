// SPDX-License-Identifier: Apache-2.0
// An interface stand-in of AppKit: every AppKit declaration DiffBenchDiffing's glue and
// DifferenceKit 1.3.0's glue (the stand-in's control) use, with the SDK's names and signatures,
// each linked to Apple's documentation page. Main-actor isolated as the SDK declares AppKit's
// views and data-source protocols. For type-checking only (.ci/typecheck-glue.sh): no body here
// is meant to run. README.md beside it says how it was written and where it departs from the SDK.
@_exported import Foundation
@_exported import InterfaceStandInsObjC

extension NSView {
    /// https://developer.apple.com/documentation/appkit/nsview/window
    @MainActor public var window: NSWindow? { nil }
    /// https://developer.apple.com/documentation/appkit/nsanimatablepropertycontainer/animator()
    @MainActor public func animator() -> Self { self }
}

/// https://developer.apple.com/documentation/appkit/nstableviewdatasource
@MainActor @objc public protocol NSTableViewDataSource {
    /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/numberofrows(in:)
    @objc optional func numberOfRows(in tableView: NSTableView) -> Int
}

/// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource
@MainActor @objc public protocol NSCollectionViewDataSource {
    /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int
    /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:itemforrepresentedobjectat:)
    func collectionView(
        _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem
    /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/numberofsections(in:)
    @objc optional func numberOfSections(in collectionView: NSCollectionView) -> Int
}

extension NSTableView {
    /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/effectfade
        public static let effectFade = AnimationOptions(rawValue: 0x1)
        /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/effectgap
        public static let effectGap = AnimationOptions(rawValue: 0x2)
        /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideup
        public static let slideUp = AnimationOptions(rawValue: 0x10)
        /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slidedown
        public static let slideDown = AnimationOptions(rawValue: 0x20)
        /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideleft
        public static let slideLeft = AnimationOptions(rawValue: 0x30)
        /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideright
        public static let slideRight = AnimationOptions(rawValue: 0x40)
    }

    /// https://developer.apple.com/documentation/appkit/nstableview/datasource
    @MainActor public var dataSource: (any NSTableViewDataSource)? {
        get { nil }
        set {}
    }
    /// https://developer.apple.com/documentation/appkit/nstableview/numberofrows
    @MainActor public var numberOfRows: Int { 0 }
    /// https://developer.apple.com/documentation/appkit/nstableview/numberofcolumns
    @MainActor public var numberOfColumns: Int { 0 }
    /// https://developer.apple.com/documentation/appkit/nstableview/tablecolumns
    @MainActor public var tableColumns: [NSTableColumn] { [] }
    /// https://developer.apple.com/documentation/appkit/nstableview/reloaddata()
    @MainActor public func reloadData() {}
    /// https://developer.apple.com/documentation/appkit/nstableview/reloaddata(forrowindexes:columnindexes:)
    @MainActor public func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
    /// https://developer.apple.com/documentation/appkit/nstableview/beginupdates()
    @MainActor public func beginUpdates() {}
    /// https://developer.apple.com/documentation/appkit/nstableview/endupdates()
    @MainActor public func endUpdates() {}
    /// https://developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:)
    @MainActor public func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions = []) {}
    /// https://developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:)
    @MainActor public func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions = []) {}
    /// https://developer.apple.com/documentation/appkit/nstableview/moverow(at:to:)
    @MainActor public func moveRow(at oldIndex: Int, to newIndex: Int) {}
}

extension NSCollectionView {
    /// https://developer.apple.com/documentation/appkit/nscollectionview/datasource
    @MainActor public var dataSource: (any NSCollectionViewDataSource)? {
        get { nil }
        set {}
    }
    /// https://developer.apple.com/documentation/appkit/nscollectionview/reloaddata()
    @MainActor public func reloadData() {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/insertsections(_:)
    @MainActor public func insertSections(_ sections: IndexSet) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/deletesections(_:)
    @MainActor public func deleteSections(_ sections: IndexSet) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/reloadsections(_:)
    @MainActor public func reloadSections(_ sections: IndexSet) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/movesection(_:tosection:)
    @MainActor public func moveSection(_ section: Int, toSection newSection: Int) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/insertitems(at:)
    @MainActor public func insertItems(at indexPaths: Set<IndexPath>) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/deleteitems(at:)
    @MainActor public func deleteItems(at indexPaths: Set<IndexPath>) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/reloaditems(at:)
    @MainActor public func reloadItems(at indexPaths: Set<IndexPath>) {}
    /// https://developer.apple.com/documentation/appkit/nscollectionview/moveitem(at:to:)
    @MainActor public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
}

extension IndexPath {
    /// https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// https://developer.apple.com/documentation/foundation/indexpath/item
    public var item: Int { self[1] }
    /// https://developer.apple.com/documentation/foundation/indexpath/section
    public var section: Int { self[0] }
}
