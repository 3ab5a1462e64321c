/// A validated spec with every name resolved to an index: what the semantics runs on.
///
/// Declarations (transitions, alert buttons, flow steps, deep-link actions, invariants) are
/// numbered so that violations and coverage can name them with an integer.
struct CompiledSpec: Sendable {
  /// An action with its names resolved. `pushStack` compiles to its pushes.
  enum Act: Sendable, Equatable {
    case push(Int)
    /// Present the destination in a new environment of the style (for a modal, whether a tap
    /// on its background dismisses it). The destination comes first: the style and the flag
    /// then fit in the bytes after it, and an `Act` stays as small as a push's (the steps are
    /// read for every event).
    case present(Int, EnvironmentStyle, dismissOnBackgroundTap: Bool, item: Bool = false)
    /// Present the destination on the app's presenter, above the tabs (§11.10): as `present`,
    /// in the app's one slot.
    case presentOnApp(Int, EnvironmentStyle, dismissOnBackgroundTap: Bool, item: Bool)
    case alert(Int)
    case startFlow(Int), next, nextOrDismissEnvironment
    case dismiss(Int?), dismissTo(Int), dismissCount(Int), dismissStack, dismissEnvironment
    case popTo(Int), dismissAll, dismissPresented, dismissAlert
    /// Select the tab whose root is this destination.
    case selectTab(Int)
    /// Switch to module `index`; `keepTab`: select its tab with the root of the one selected
    /// before, where it has one (§11.9).
    case showModule(Int, keepTab: Bool)
    /// Set flag `index` to the value.
    case setFlag(Int, Bool)
    /// Start, or cancel, async transition `id` for the performing screen (§11.2).
    case start(Int), cancel(Int)
    /// Show toast `index` (of `toasts`), or remove the toast shown (§11.4).
    case toast(Int), dismissToast
    /// Show alert `index` (of `alerts`) as the window prompt (§11.8); `routerFree` where every
    /// button's sequence is.
    case prompt(Int, routerFree: Bool)

    /// Whether it goes through no router: `setFlag`, and the toasts (§11.4), which go through
    /// the app's toast centre.
    var isRouterFree: Bool {
      switch self {
      case .setFlag, .toast, .dismissToast: true
      case .prompt(_, let routerFree): routerFree
      default: false
      }
    }
    /// Whether the next action of a sequence is performed from the same screen: it changes no
    /// navigation (`setFlag`, `start`, `cancel`).
    var keepsTheActingScreen: Bool {
      switch self {
      case .setFlag, .start, .cancel, .toast, .dismissToast, .prompt: true
      case .push, .present, .presentOnApp, .alert, .startFlow, .next, .nextOrDismissEnvironment,
        .dismiss,
        .dismissTo, .dismissCount, .dismissStack, .dismissEnvironment, .popTo, .dismissAll,
        .dismissPresented, .dismissAlert, .selectTab, .showModule:
        false
      }
    }
  }

  /// Whether a sequence of these goes through no router (SEMANTICS §1: only `setFlag`, and
  /// the toasts of §11.4).
  static func isRouterFree(_ acts: some Sequence<Act>) -> Bool {
    acts.allSatisfy(\.isRouterFree)
  }

  /// One action of a sequence: the action, the onDismiss the screen it shows carries (its
  /// index + 1; 0: none) and the declaration it performs for (a transition's, a button's, a
  /// deep-link action's, an onDismiss's).
  struct Step: Sendable {
    var act: Act
    var onDismiss: UInt16
    var declaration: Int
  }

  struct Dest: Sendable {
    var name: String
    var navigation: Bool
    var swipeToDismiss: Bool
    /// Global transition ids, in declaration order (a destination's are consecutive).
    var transitions: Range<Int>
    /// The pending bit of each async transition is its index here.
    var asyncTransitions: [Int]
    /// Pending bits of its own async transitions that orphan when the screen goes: not
    /// cancelled with it, not router-free.
    var orphaningMask: UInt64
    /// Pending bits of its own async transitions that move to the app's pending work when the
    /// screen goes: router-free, not cancelled with it (SEMANTICS §5).
    var routerFreeMask: UInt64 = 0
    /// Whether `name` is ASCII (what the views' screens tell `StateView.count(of:)`).
    var asciiName = false
  }

  /// Which pending set holds an async transition's entry (SEMANTICS §2).
  enum Holder: UInt8, Sendable {
    /// The starting screen's own `pending` (acts on its screen, or cancelled with it).
    case screen
    /// The `pending` of the bottom of the starting screen's stack.
    case stack
    /// The app's pending work.
    case app
  }

  /// Guards, resolved: flag indices (-1: none) and the async transitions `unlessPending` names
  /// (a range of `guardTransitions`).
  struct CompiledGuards: Sendable {
    var when = -1
    var unless = -1
    var unlessPending: Range<Int> = 0..<0
    /// The label `unlessPending` gives, for a button (looked up in the screen that shows the
    /// alert, SEMANTICS §1).
    var hasUnlessPending = false
    var isEmpty: Bool { when < 0 && unless < 0 && !hasUnlessPending }
  }

  /// One outcome of async work: its label (`nil`: the one implicit outcome), sequence and
  /// declaration.
  struct OutcomeDecl: Sendable {
    var label: String?
    var sequence: Range<Int>
    var declaration: Int
  }

  struct Trans: Sendable {
    var destination: Int
    var index: Int
    /// Its actions: a range of `steps`.
    var sequence: Range<Int>
    /// Its first action, and whether it is the only one: the hot loop performs a transition of
    /// one action without reading `steps`.
    var first: Act
    var isSingle: Bool
    var isAsync: Bool
    /// Its bit among its destination's own async transitions (-1: not async).
    var pendingBit: Int
    var declaration: Int
  }

  /// A transition's guards, outcomes and holder (what it acts on, where its entries go), kept
  /// apart from `Trans` (the hot loop copies a transition's row for every event; a spec without
  /// guards or scoped work reads none of this).
  struct Scope: Sendable {
    /// The router its completions act through (a `cancelsOnDismiss` transition is held by its
    /// screen whatever it acts on).
    var actsOn: ActsOn = .screen
    /// Whether a tap starts it (§11.2: work that only `start` actions start is no event).
    var isTapped = true
    /// Where its entries go, and its bit there: the own bit for a screen, `stackBase` + its
    /// index among stack work for a stack, its index among app work for the app.
    var holder: Holder = .screen
    var holderBit: Int = -1
    /// Its bit in the app's pending work, where its entries may be there (app work, and
    /// router-free work not cancelled with its screen); -1 otherwise.
    var appBit: Int = -1
    /// Whether all its outcomes are router-free.
    var isRouterFree = false
    /// Its outcomes: a range of `outcomes` (one, unlabeled, where it declares none).
    var outcomes: Range<Int> = 0..<0
    var guards = CompiledGuards()
  }

  struct AlertDecl: Sendable {
    var name: String
    var style: AlertStyle
    /// Each button: its label, actions (a range of `steps`, maybe empty), declaration and
    /// guards (with its `unlessPending` label). An alert without buttons has one "OK" whose
    /// declaration is the alert's own.
    var buttons:
      [(
        label: String, sequence: Range<Int>, declaration: Int, guards: CompiledGuards,
        unlessPending: String?
      )]
    /// The buttons as declared (with their actions by name), for words and routers under test.
    var declared: [AlertButton]
    /// Whether it is a window prompt (§11.8).
    var isWindow = false
  }

  struct FlowDecl: Sendable {
    var name: String
    /// Each step: the style it presents (`nil`: a push), its destination and declaration.
    var steps: [(style: EnvironmentStyle?, destination: Int, declaration: Int)]
  }

  struct DeepLinkDecl: Sendable {
    var name: String
    var start: DeepLink.Start
    /// For `start` `.tab`: the tab's index in each module, `nil` where the module has no such
    /// tab (the link is then `tabMissing` there).
    var tabInModule: [Int?] = []
    var guards: CompiledGuards
    /// Its actions: a range of `steps`, each with its own declaration.
    var sequence: Range<Int>
  }

  /// A toast declaration (§11.4): its tap is one declaration, whose actions act from `start`.
  struct ToastDecl: Sendable {
    var name: String
    var start: DeepLink.Start
    /// For `start` `.tab`: the tab's index in each module, `nil` where the module has none.
    var tabInModule: [Int?] = []
    var level: Toast.Level
    var expires: Bool
    /// Its tap's actions: a range of `steps` (maybe empty).
    var sequence: Range<Int>
    /// Its tap's declaration.
    var declaration: Int
    /// The toast as declared (its actions by name, for words and routers under test).
    var declared: Toast
  }

  struct OnDismissDecl: Sendable {
    var sequence: Range<Int>
    var actsOn: ActsOn
    /// Whether it only sets flags: it needs no screen, so it is never orphaned.
    var isRouterFree = false
    var declaration: Int
    /// The onDismiss as declared.
    var declared: OnDismiss
  }

  struct ModuleDecl: Sendable {
    var name: String
    /// The roots of its root environment's stacks (its tabs, or its one root).
    var roots: [UInt16]
    var hasTabs: Bool
    /// Its tab buttons (§11.5), in declaration order.
    var tabButtons: [TabButtonDecl] = []
  }

  /// A tab bar item that acts instead of selecting (§11.5): its guards, its actions (a range of
  /// `steps`) and its one declaration.
  /// A broadcast (§11.7): its guards, its observers, and for each destination the index of its
  /// observer (-1 where it has none).
  struct BroadcastDecl: Sendable {
    var name: String
    var guards: CompiledGuards
    var observers: [ObserverDecl]
    var observerOf: [Int]
    /// The broadcast as declared (for words).
    var declared: Broadcast
  }

  /// An observer of a broadcast (§11.7): its destination, whether it acts on its stack's top,
  /// its actions (a range of `steps`) and its one declaration.
  struct ObserverDecl: Sendable {
    var destination: Int
    var actsOnStack: Bool
    var sequence: Range<Int>
    var declaration: Int
  }

  /// A destination's onAppear (§11.11): its destination, guards (flags only), actions (a range
  /// of `steps`) and its one declaration.
  struct OnAppearDecl: Sendable {
    var destination: Int
    var guards: CompiledGuards
    var sequence: Range<Int>
    var declaration: Int
    /// The onAppear as declared (for words).
    var declared: OnAppear
  }

  struct TabButtonDecl: Sendable {
    var name: String
    var guards: CompiledGuards
    var sequence: Range<Int>
    var declaration: Int
  }

  let spec: NavigationSpec
  var destinations: [Dest] = []
  /// Plain values, so the hot loop copies them without reference counting; the labels are
  /// kept apart, by transition id.
  var transitions: [Trans] = []
  /// Each transition's guards, outcomes and holder, by transition id.
  var scopes: [Scope] = []
  var transitionLabels: [String?] = []
  /// Every sequence's actions, back to back: transitions, buttons, deep links and onDismiss
  /// name ranges of it.
  var steps: [Step] = []
  var alerts: [AlertDecl] = []
  var flows: [FlowDecl] = []
  var deepLinks: [DeepLinkDecl] = []
  var onDismisses: [OnDismissDecl] = []
  var toasts: [ToastDecl] = []
  /// The broadcasts (§11.7), in declaration order.
  var broadcasts: [BroadcastDecl] = []
  /// The onAppear of the destinations that declare one (§11.11), in declaration order.
  var onAppears: [OnAppearDecl] = []
  /// For each destination, the index of its onAppear in `onAppears`; -1 where it has none
  /// (empty where no destination declares one).
  var onAppearOf: [Int] = []
  var modules: [ModuleDecl] = []
  var outcomes: [OutcomeDecl] = []
  /// The async transitions guards name, back to back.
  var guardTransitions: [Int] = []
  /// The async transitions held by a stack's bottom, by their index (in declaration order).
  var stackWork: [Int] = []
  /// The async transitions whose entries may be in the app's pending work, by their bit.
  var appWork: [Int] = []
  /// The first pending bit of stack work in a screen's `pending` (after the most own bits a
  /// destination has).
  var stackBase = 0
  /// Whether the spec has guards, outcomes, stack or app work, or router-free work (the rules
  /// skip all of it where not).
  var hasGuards = false
  /// Each destination's swipe conditions (§11.3), read where its sheet could be swiped down;
  /// empty guards where it has none.
  var swipeGuards: [CompiledGuards] = []
  var hasScopedWork = false
  /// Every declaration but the destinations, by id: transitions, alert buttons, flow steps,
  /// deep-link actions, onDismiss, invariants.
  var declarations: [DeclarationReference] = []
  /// The destinations as declarations, by destination index.
  var destinationReferences: [DeclarationReference] = []
  /// Declaration ids of the custom invariants, in order.
  var invariantDeclarations: [Int] = []
  var maxAsyncPerDestination = 0
  /// What the state's header holds (SEMANTICS §2), sized for the codec: the modules, the
  /// most tabs of a module, the flags, the async transitions the app may hold. A spec without
  /// modules, tabs, flags or app-level work has one module of one stack and none of the rest.
  /// (In bytes: the semantics reads the compiled spec for every event, and a smaller one is
  /// cheaper to hand it.)
  var moduleCount: UInt8 = 1
  var maxTabs: UInt8 = 1
  /// Whether an action presents on the app (§11.10): the states then may hold the app's
  /// presentation after the tabs' screens.
  var hasAppPresentations = false
  var flagCount: UInt16 = 0
  var appWorkCount: UInt16 = 0
  /// The flags true in the first state, one bit per flag.
  var initialFlags: UInt64 = 0

  /// Whether a state's root environment may hold several stacks (tabs).
  var isTabbed: Bool { maxTabs > 1 }

  /// Whether a state may hold several root-level subtrees: several tabs' stacks, or a stack and
  /// the app's presentation (§11.10). The explorer's buffer then keeps where each starts.
  var hasSeveralSubtrees: Bool { isTabbed || hasAppPresentations }

  /// The first module's first root (the root of a spec without modules or tabs).
  var root: Int { Int(modules[0].roots[0]) }

  /// Compiles a spec that `validate()` accepted (`SpecCompiler` resolves its names and numbers
  /// its declarations).
  init(_ spec: NavigationSpec) {
    var compiler = SpecCompiler(spec)
    compiler.compileAll()
    self = compiler.compiled
  }

  /// Nothing compiled yet: what `SpecCompiler` starts from.
  init(uncompiled spec: NavigationSpec) { self.spec = spec }

  /// The async transitions of destination `d` labelled `label`, in declaration order (what an
  /// `unlessPending` names).
  func pendingTransitions(labelled label: String, of d: Int) -> [Int] {
    destinations[d].transitions.filter { transitions[$0].isAsync && transitionLabels[$0] == label }
  }

  /// A transition in words: "Sheet AddTodo 'Add'", "async DismissEnvironment 'Save'".
  static func describe(_ t: Transition) -> String {
    var text = ""
    if case .async(let cancels) = t.trigger {
      text += cancels ? "async(cancelsOnDismiss) " : "async "
    }
    if let outcomes = t.outcomes {
      // The work's name, then how it ends: `async 'Save' with outcomes 'saved', 'failed'`.
      let names = outcomes.map { "'\($0.label)'" }.joined(separator: ", ")
      return text + (t.label.map { "'\($0)' " } ?? "") + "with outcomes " + names
    } else {
      text += t.actions.map(\.action.declarationWords).joined(separator: "; ")
    }
    if let label = t.label { text += " '\(label)'" }
    return text
  }

  /// Transition `id` as declared (with its names, for words).
  func declaredTransition(_ id: Int) -> Transition {
    let transition = transitions[id]
    return spec.destinations[transition.destination].transitions[transition.index]
  }

  /// Transition `id`'s actions in words: `sheet AddTodo`, `dismiss environment, sheet Editor`.
  func actionWords(_ id: Int) -> String {
    Self.words(declaredTransition(id).actions)
  }

  /// A sequence in words.
  static func words(_ actions: [SequenceAction]) -> String {
    actions.map(\.words).joined(separator: ", ")
  }

  /// A transition's plain name: its label, or `#` and its index in its destination.
  func transitionName(_ id: Int) -> String {
    transitionLabels[id] ?? "#\(transitions[id].index)"
  }
}
