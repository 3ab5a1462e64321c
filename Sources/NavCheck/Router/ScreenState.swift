/// One screen's own fields (SEMANTICS §2): what it shows, its alert, its flow cursor, its
/// pending work and its onDismiss, plus a mark that gives it an identity within one event. Where it sits in the tree is the state's business: `link` says how it
/// attaches to the screen before it in pre-order, which is all a flat pre-order list (the
/// codec's and `StateBuffer`'s form) needs to rebuild the tree.
struct ScreenState: Sendable, Equatable {
  /// Index of the destination in the compiled spec.
  var destination: UInt16
  /// Alert declaration index + 1; 0 where the screen shows no alert.
  var alert: UInt16 = 0
  /// Flow index + 1; 0 where the screen has no flow cursor.
  var flow: UInt16 = 0
  /// The flow cursor's next step index (meaningful only where `flow != 0`).
  var flowNext: UInt8 = 0
  /// How the screen attaches to the tree, in a pre-order list; `RouterState`'s nodes keep
  /// `.pushed` here and take the link from their place.
  var link: ScreenLink = .pushed
  /// Pending async transitions, one bit per async transition of the destination, in
  /// declaration order.
  var pending: UInt64 = 0
  /// The onDismiss of the action that showed it: its index + 1 in the compiled spec; 0: none.
  var onDismiss: UInt16 = 0
  /// Not part of the state (never encoded, cleared after each event): a nonzero mark names
  /// this screen within one event, so a waiting onDismiss callback finds the screen that
  /// showed its own (or that screen's stack) again, wherever the event moved it, or learns it
  /// is gone (SEMANTICS §2, "Screen identity").
  var mark: UInt16 = 0
}

/// How a screen attaches to the state tree, as a pre-order list of screens records it: the
/// bottom of a stack of the root environment (a tab's root, or the one root), the root of an
/// environment presented by the screen before it, or a screen pushed on the one before it in
/// its stack.
///
/// The raw values are the codec's, the first four those from before the tree: a state of
/// pushes, sheets and covers has the same bytes as it had then.
enum ScreenLink: UInt8, Sendable {
  /// Pushed on the screen before it in its stack.
  case pushed = 0
  /// The bottom of a stack of the root environment: a tab's root (tabs in order).
  case root = 1
  /// The root of a sheet presented by the screen before it.
  case sheet = 2
  /// The root of a full-screen cover presented by the screen before it.
  case fullScreenCover = 3
  /// The root of an overlay modal presented by the screen before it, which a tap on its
  /// background dismisses (SEMANTICS §1 `modal`).
  case modal = 4
  /// The root of an overlay modal that a background tap leaves up.
  case modalKeptOnBackgroundTap = 5
  /// The root of the app's presentation (§11.10), a sheet: presented by no screen, after every
  /// tab's screens in pre-order. A spec without app presentations has none of these four.
  case appSheet = 6
  /// The root of the app's presentation, a full-screen cover.
  case appFullScreenCover = 7
  /// The root of the app's presentation, a modal that a tap on its background dismisses.
  case appModal = 8
  /// The root of the app's presentation, a modal that a background tap leaves up.
  case appModalKeptOnBackgroundTap = 9

  /// The style of the environment whose stack this screen is the bottom of; `nil` for a pushed
  /// screen.
  var environment: EnvironmentStyle? {
    @inline(__always) get {
      switch self {
      case .pushed: nil
      case .root: .root
      case .sheet, .appSheet: .sheet
      case .fullScreenCover, .appFullScreenCover: .fullScreenCover
      case .modal, .modalKeptOnBackgroundTap, .appModal, .appModalKeptOnBackgroundTap: .modal
      }
    }
  }

  /// Whether the screen is the root of a presented environment (by a screen, or by the app).
  var presents: Bool { @inline(__always) get { self != .pushed && self != .root } }

  /// Whether the screen is the root of the app's presentation (§11.10).
  var isAppRoot: Bool { @inline(__always) get { rawValue >= ScreenLink.appSheet.rawValue } }

  /// Whether the screen is the root of an environment a screen presents: the one before it
  /// in pre-order.
  var isPresentedByScreen: Bool { @inline(__always) get { presents && !isAppRoot } }

  /// Whether the screen starts a subtree of its own: a tab's root, or the app's presentation.
  var startsSubtree: Bool { @inline(__always) get { self == .root || isAppRoot } }

  /// Whether its environment is a modal that a background tap dismisses.
  var dismissesOnBackgroundTap: Bool {
    @inline(__always) get { self == .modal || self == .appModal }
  }

  /// The link of the bottom screen of an environment of `style` (for a modal, whether a
  /// background tap dismisses it).
  @inline(__always)
  init(_ style: EnvironmentStyle, dismissOnBackgroundTap: Bool = true) {
    switch style {
    case .root: self = .root
    case .sheet: self = .sheet
    case .fullScreenCover: self = .fullScreenCover
    case .modal: self = dismissOnBackgroundTap ? .modal : .modalKeptOnBackgroundTap
    }
  }

  /// The link of the root of the app's presentation of `style` (§11.10).
  init(onApp style: EnvironmentStyle, dismissOnBackgroundTap: Bool = true) {
    switch style {
    case .root: preconditionFailure("the app presents no root environment")
    case .sheet: self = .appSheet
    case .fullScreenCover: self = .appFullScreenCover
    case .modal: self = dismissOnBackgroundTap ? .appModal : .appModalKeptOnBackgroundTap
    }
  }
}

/// The environment styles of SEMANTICS §2 as the state keeps them: the root environment, or a
/// presented one. Each is a `StateView.Style` (its descriptor: its names, words, drawing and
/// whether it has navigation), which `style` names; the raw values are the codec's.
enum EnvironmentStyle: UInt8, Sendable, Equatable, CaseIterable {
  case root = 1, sheet = 2, fullScreenCover = 3, modal = 4

  /// Its descriptor.
  var style: StateView.Style {
    switch self {
    case .root: .root
    case .sheet: .sheet
    case .fullScreenCover: .fullScreenCover
    case .modal: .modal
    }
  }

  /// The state's style of a descriptor; `nil` for a style this version does not keep.
  init?(_ style: StateView.Style) {
    guard let found = Self.allCases.first(where: { $0.style == style }) else { return nil }
    self = found
  }

  /// Whether it is a presented environment (it counts toward `maxPresentationDepth`).
  var isPresented: Bool { self != .root }

  /// Whether its screens have a navigation stack, read where a push is performed: its
  /// descriptor's `StateView.Style.hasNavigation`, by a switch the compiler keeps exhaustive
  /// (a table would cost each push a lazy global's check; `PresentationKindsTests` keeps the
  /// two equal).
  var hasNavigation: Bool {
    @inline(__always) get {
      switch self {
      case .root, .sheet, .fullScreenCover: true
      case .modal: false
      }
    }
  }
}
