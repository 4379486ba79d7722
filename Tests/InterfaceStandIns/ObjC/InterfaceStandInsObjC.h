// SPDX-License-Identifier: Apache-2.0
// The Objective-C part of the UIKit and AppKit interface stand-ins (README.md): the classes the
// glue extends, declared as the SDK's headers declare them (Objective-C classes, main-actor
// isolated), with the one kind of declaration Swift source cannot write: a nullable block that
// does not escape (`NS_NOESCAPE ^ _Nullable`), which Swift imports as an optional closure a
// caller may pass a non-escaping closure to. Everything else is in the Swift files beside it.
// Type-checking only: nothing here is ever compiled to code or linked.

#define STANDIN_MAIN_ACTOR __attribute__((swift_attr("@MainActor")))
#define STANDIN_NOESCAPE __attribute__((noescape))
#define STANDIN_SWIFT_NAME(name) __attribute__((swift_name(#name)))

/// The root class, as Objective-C's: what makes the stand-in classes Objective-C classes, so that
/// their data-source protocols may have optional requirements (`@objc optional`).
/// https://developer.apple.com/documentation/objectivec/nsobject-swift.class
@interface NSObject
@end

// MARK: UIKit

/// https://developer.apple.com/documentation/uikit/uiresponder
STANDIN_MAIN_ACTOR @interface UIResponder : NSObject
@end
/// https://developer.apple.com/documentation/uikit/uiview
STANDIN_MAIN_ACTOR @interface UIView : UIResponder
@end
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
STANDIN_MAIN_ACTOR @interface UIViewController : UIResponder
@end
/// https://developer.apple.com/documentation/uikit/uiwindow
STANDIN_MAIN_ACTOR @interface UIWindow : UIView
@end
/// https://developer.apple.com/documentation/uikit/uiscrollview
STANDIN_MAIN_ACTOR @interface UIScrollView : UIView
@end
/// https://developer.apple.com/documentation/uikit/uitableviewcell
STANDIN_MAIN_ACTOR @interface UITableViewCell : UIView
@end
/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
STANDIN_MAIN_ACTOR @interface UICollectionReusableView : UIView
@end
/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
STANDIN_MAIN_ACTOR @interface UICollectionViewCell : UICollectionReusableView
@end

/// https://developer.apple.com/documentation/uikit/uitableview
STANDIN_MAIN_ACTOR @interface UITableView : UIScrollView
/// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
- (void)performBatchUpdates:(void (STANDIN_NOESCAPE ^ _Nullable)(void))updates
                 completion:(void (^ _Nullable)(_Bool finished))completion
    STANDIN_SWIFT_NAME(performBatchUpdates(_:completion:));
@end

/// https://developer.apple.com/documentation/uikit/uicollectionview
STANDIN_MAIN_ACTOR @interface UICollectionView : UIScrollView
/// https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
- (void)performBatchUpdates:(void (STANDIN_NOESCAPE ^ _Nullable)(void))updates
                 completion:(void (^ _Nullable)(_Bool finished))completion
    STANDIN_SWIFT_NAME(performBatchUpdates(_:completion:));
@end

// MARK: AppKit

/// https://developer.apple.com/documentation/appkit/nsresponder
STANDIN_MAIN_ACTOR @interface NSResponder : NSObject
@end
/// https://developer.apple.com/documentation/appkit/nsview
STANDIN_MAIN_ACTOR @interface NSView : NSResponder
@end
/// https://developer.apple.com/documentation/appkit/nswindow
STANDIN_MAIN_ACTOR @interface NSWindow : NSResponder
@end
/// https://developer.apple.com/documentation/appkit/nscontrol
STANDIN_MAIN_ACTOR @interface NSControl : NSView
@end
/// https://developer.apple.com/documentation/appkit/nstableview
STANDIN_MAIN_ACTOR @interface NSTableView : NSControl
@end
/// https://developer.apple.com/documentation/appkit/nstablecolumn
STANDIN_MAIN_ACTOR @interface NSTableColumn : NSObject
@end
/// https://developer.apple.com/documentation/appkit/nscollectionview
STANDIN_MAIN_ACTOR @interface NSCollectionView : NSView
/// https://developer.apple.com/documentation/appkit/nscollectionview/performbatchupdates(_:completionhandler:)
- (void)performBatchUpdates:(void (STANDIN_NOESCAPE ^ _Nullable)(void))updates
          completionHandler:(void (^ _Nullable)(_Bool finished))completionHandler
    STANDIN_SWIFT_NAME(performBatchUpdates(_:completionHandler:));
@end
/// https://developer.apple.com/documentation/appkit/nsviewcontroller
STANDIN_MAIN_ACTOR @interface NSViewController : NSResponder
@end
/// https://developer.apple.com/documentation/appkit/nscollectionviewitem
STANDIN_MAIN_ACTOR @interface NSCollectionViewItem : NSViewController
@end
