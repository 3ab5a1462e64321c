import NavCheck

/// The third pass of a draft: decides the route types, names destinations, attributes each
/// site to the screens whose views hold it and writes the spec.
struct DraftBuilder {
  let hints: SpecDraft.Hints
  let index: AppIndex
  let routerMethods: [String: RouterMethod]
  var collector: SiteCollector

  var spec = NavigationSpec(name: "App", root: "Root", destinations: [])
  var notes: [SourceLocation: [String]] = [:]
  var unplaced: [String] = []
  var routeCases: [SpecDraft.RouteCase] = []
  var facts: [CodeFact] = []

  /// Route types and how they navigate: `push`, a presentation style, or `route` (by each
  /// constructor's style).
  var routeTypes: [String: String] = [:]
  var routeTypeOrder: [String] = []
  /// (type, member) → destination.
  var memberDestination: [String: [String: String]] = [:]
  /// (type, constructor) → the style its body names.
  var constructorStyle: [String: [String: NavigationSite.Style?]] = [:]
  /// View type → destinations it is the content of.
  var viewDestinations: [String: [String]] = [:]
  var destinations: [String: Destination] = [:]
  var destinationOrder: [String] = []
  var tabs: [String] = []
  var root = ""
  var reverse: [String: Set<String>] = [:]
  var ownerCache: [String: (owners: [String], guess: String?)] = [:]

  init(files: [SyntaxFile], hints: SpecDraft.Hints) {
    self.hints = hints
    index = AppIndex(files: files)
    routerMethods = RouterMethod.infer(index, routerTypes: Set(hints.routerTypes))
    collector = SiteCollector(index: index, routerMethods: routerMethods)
  }

  func isRouteCandidate(_ name: String) -> Bool {
    guard let type = index.types[name] else { return false }
    return (type.declaration == "enum" && !type.cases.isEmpty) || !type.constructors.isEmpty
  }

  mutating func addRouteType(_ name: String, _ role: String) {
    guard isRouteCandidate(name), routeTypes[name] == nil else { return }
    routeTypes[name] = role
    routeTypeOrder.append(name)
  }

  func location(_ place: AppIndex.Place) -> SourceLocation { index.location(place) }

  /// A declaration's location: its source line, told apart from others on the same line by
  /// the offset (in `jsonPath`, which only the draft's notes read).
  func declarationLocation(_ place: AppIndex.Place) -> SourceLocation {
    var location = index.location(place)
    location.jsonPath = "@\(place.offset)"
    return location
  }

  func at(_ place: AppIndex.Place) -> String {
    "\(index.files[place.file].path):\(index.line(place))"
  }

  mutating func note(_ location: SourceLocation?, _ text: String) {
    guard let location else { return }
    if notes[location]?.contains(text) != true { notes[location, default: []].append(text) }
  }

  // MARK: - Route types

  mutating func findRouteTypes() {
    for name in hints.routeTypes {
      if isRouteCandidate(name) { routeTypes[name] = "push"; routeTypeOrder.append(name) }
    }
    for name in hints.sheetTypes where routeTypes[name] == nil {
      if isRouteCandidate(name) { routeTypes[name] = "sheet"; routeTypeOrder.append(name) }
    }
    for name in hints.routeTypes + hints.sheetTypes where !isRouteCandidate(name) {
      unplaced.append("hint: no enum with cases or type with static constructors named '\(name)'")
    }
    for (type, _) in collector.destinationTypes { addRouteType(type, "push") }
    // An enum bound to a presentation is a route type where a `switch` shows a view for its
    // cases; otherwise it is data the presented view shows.
    // (A view the app declares: `struct ComposeView: View`.)
    let switched = Set(
      collector.memberViews.filter { index.types[$0.view]?.inherits.contains("View") == true }
        .map(\.member))
    func presentable(_ name: String) -> Bool {
      guard let type = index.types[name], type.declaration == "enum" else { return false }
      return type.cases.contains { switched.contains($0.name) }
    }
    for name in index.order {
      for property in index.types[name]!.properties {
        let element = AppIndex.elementType(property.type)
        let written = property.type.trimmingSpaces
        if (written.hasPrefix("[") || written.hasPrefix("Array<"))
          && SiteCollector.isPath(property.name)
        {
          addRouteType(element, "push")
        } else if written.hasSuffix("?") && RouterMethod.isPresentation(property.name)
          && presentable(element)
        {
          addRouteType(element, RouterMethod.style(of: property.name).rawValue)
        }
      }
    }
    for binding in collector.bindings {
      if let type = propertyType(binding.property, preferring: binding.owner),
        presentable(AppIndex.elementType(type))
      {
        addRouteType(AppIndex.elementType(type), binding.style.rawValue)
      }
    }
    for method in routerMethods.values.sorted(by: { $0.owner < $1.owner }) where method.direct {
      guard let written = method.parameterType else { continue }
      let type = AppIndex.elementType(written)
      // A router's parameter is a route type where it is an enum a `switch` maps to views.
      guard presentable(type) else { continue }
      switch method.effect {
      case .push, .route: addRouteType(type, "push")
      case .present(let style): addRouteType(type, (style ?? .sheet).rawValue)
      case .dismiss, .popToRoot: break
      }
    }
    // A pushed type whose constructors name styles routes by them.
    for name in routeTypeOrder {
      let type = index.types[name]!
      for constructor in type.constructors {
        constructorStyle[name, default: [:]][constructor.name] = Self.style(in: constructor.body)
      }
      if routeTypes[name] == "push",
        constructorStyle[name]?.values.contains(where: { $0 != nil }) == true
      {
        routeTypes[name] = "route"
      }
    }
  }

  func propertyType(_ property: String, preferring owner: String) -> String? {
    if let found = index.types[owner]?.properties.first(where: { $0.name == property }),
      !found.type.isEmpty
    {
      return found.type
    }
    for name in index.order {
      if let found = index.types[name]!.properties.first(where: { $0.name == property }),
        !found.type.isEmpty
      {
        return found.type
      }
    }
    // A binding passed in: a parameter of the owner's methods (`_ sheet: Binding<Sheet?>`).
    for method in index.types[owner]?.methods ?? [] {
      if let parameter = method.parameters.first(where: { $0.name == property }) {
        return parameter.type
      }
    }
    return nil
  }

  /// The style a constructor's body passes as `style:` (`.sheet`, `.fullscreen`); `nil` for a
  /// push.
  static func style(in node: JSONValue?) -> NavigationSite.Style? {
    guard let node else { return nil }
    if node.nodeKind == "argument", node["label"]?.stringValue == "style",
      let name = node["expr"]?["name"]?.stringValue?.lowercased()
    {
      if name.contains("full") || name.contains("cover") { return .fullScreenCover }
      if name.contains("popover") { return .popover }
      if name.contains("sheet") || name.contains("modal") { return .sheet }
      return nil
    }
    for child in node.childNodes {
      if let style = style(in: child) { return style }
    }
    return nil
  }

  // MARK: - Destinations

  mutating func declare(_ name: String, at place: AppIndex.Place?, what: String) -> String {
    if destinations[name] == nil {
      let location = place.map(declarationLocation)
      destinations[name] = Destination(name: name, location: location)
      destinationOrder.append(name)
      if let place { note(location, "\(at(place)): \(what)") }
    }
    return name
  }

  mutating func nameRouteCases() {
    for typeName in routeTypeOrder {
      let type = index.types[typeName]!
      let role = routeTypes[typeName]!
      let members: [(String, AppIndex.Place)] =
        type.declaration == "enum" && !type.cases.isEmpty
        ? type.cases.map { ($0.name, $0.place) } : type.constructors.map { ($0.name, $0.place) }
      for (member, place) in members {
        let name = declare(
          DestinationName.make(member), at: place, what: "case \(typeName).\(member) (\(role))")
        memberDestination[typeName, default: [:]][member] = name
        routeCases.append(
          SpecDraft.RouteCase(
            role: role, type: typeName, name: member, destination: name, location: location(place)))
        if let constructor = type.constructors.first(where: { $0.name == member }),
          let view = SiteCollector.firstView(constructor.body)
        {
          viewDestinations[view, default: []].append(name)
        }
      }
    }
  }

  /// Resolves a member target to (type, member, destination).
  func resolve(_ type: String?, _ member: String, preferPresented: Bool? = nil) -> (
    type: String, destination: String
  )? {
    if let type, let destination = memberDestination[type]?[member] { return (type, destination) }
    let candidates = routeTypeOrder.filter { memberDestination[$0]?[member] != nil }
    guard !candidates.isEmpty else { return nil }
    if let preferPresented {
      if let match = candidates.first(where: { (routeTypes[$0] == "push") != preferPresented }) {
        return (match, memberDestination[match]![member]!)
      }
    }
    return (candidates[0], memberDestination[candidates[0]]![member]!)
  }

  mutating func mapViews() {
    for (member, type, view) in collector.memberViews {
      if let (_, destination) = resolve(type, member) {
        if viewDestinations[view]?.contains(destination) != true {
          viewDestinations[view, default: []].append(destination)
        }
      }
    }
    for (view, place) in collector.rootViews {
      let name =
        viewDestinations[view]?.first
        ?? declare(
          DestinationName.make(view, stripView: true), at: index.types[view]?.place ?? place,
          what: "view \(view) (named after the view: guessed)")
      if viewDestinations[view]?.contains(name) != true {
        viewDestinations[view, default: []].append(name)
      }
    }
    // A view named after a destination shows it: `SettingsView` for `Settings`.
    for name in destinationOrder {
      for suffix in ["View", "Screen"] where index.types[name + suffix] != nil {
        if viewDestinations[name + suffix]?.contains(name) != true {
          viewDestinations[name + suffix, default: []].append(name)
        }
      }
    }
  }

  // MARK: - Start

  mutating func chooseStart() {
    var best: [(name: String, view: String?, place: AppIndex.Place)] = []
    var tabEnum: String? = hints.tabType
    if let hint = hints.tabType, index.types[hint]?.cases.isEmpty != false {
      unplaced.append("hint: no enum with cases named '\(hint)' for --tab-type")
      tabEnum = nil
    }
    for declaration in collector.tabViews {
      var found: [(String, String?, AppIndex.Place)] = []
      for tab in declaration.tabs {
        switch tab {
        case .view(let title, let view, let place):
          found.append((DestinationName.make(title ?? view, stripView: title == nil), view, place))
        case .cases(let type):
          if tabEnum == nil { tabEnum = type }
        }
      }
      if found.count > best.count { best = found }
    }
    var guessedTabs = false
    // Tabs made by a type's static constructors (`TabItem.search`), where the TabView's tabs
    // come from data.
    if tabEnum == nil, best.count < 2, !collector.tabViews.isEmpty,
      let type = index.order.first(where: { name in
        name.contains("Tab") && index.types[name]!.declaration != "enum"
          && index.types[name]!.constructors.count >= 2
      }).flatMap({ index.types[$0] })
    {
      for constructor in type.constructors
      where !best.contains(where: { $0.name == constructor.name }) {
        best.append(
          (constructor.name, SiteCollector.firstView(constructor.body), constructor.place))
      }
      tabEnum = type.name
      guessedTabs = true
    }
    if tabEnum == nil, best.count < 2, !collector.tabViews.isEmpty {
      // A TabView whose tabs the draft cannot read (built from data): the enum named like
      // tabs whose cases a `switch` maps to views.
      let switched = Set(collector.memberViews.map(\.member))
      tabEnum = index.order.first { name in
        let type = index.types[name]!
        return type.declaration == "enum" && type.cases.count >= 2
          && (name.hasSuffix("Tab") || name.hasSuffix("Tabs"))
          && type.cases.contains { switched.contains($0.name) }
      }
      guessedTabs = tabEnum != nil
    }
    if let tabEnum, let type = index.types[tabEnum], type.cases.count >= 2 {
      best = type.cases.map { ($0.name, nil, $0.place) }
      routeCases.removeAll { $0.type == tabEnum }
      // The view each tab case shows, from a `switch` over the cases.
      for (member, _, view) in collector.memberViews
      where type.cases.contains(where: { $0.name == member }) {
        let name = tabName(DestinationName.make(member))
        if viewDestinations[view]?.contains(name) != true {
          viewDestinations[view, default: []].append(name)
        }
      }
    }
    if best.count >= 2 {
      for (member, view, place) in best {
        let name = DestinationName.make(member)
        let what =
          tabEnum.map {
            "tab \($0).\(member)"
              + (guessedTabs
                ? " (guessed: the TabView's tabs come from data; give --tab-type)" : "")
          } ?? "tab \(view ?? name)"
        let tab = declare(tabName(name), at: place, what: what)
        tabs.append(tab)
        if let view, viewDestinations[view]?.contains(tab) != true {
          viewDestinations[view, default: []].append(tab)
        }
        facts.append(
          CodeFact(
            kind: .tab, name: tab, codeNames: [member] + (view.map { [$0] } ?? []),
            location: location(place)))
        if let tabEnum {
          routeCases.append(
            SpecDraft.RouteCase(
              role: "tab", type: tabEnum, name: member, destination: tab, location: location(place))
          )
        }
      }
      return
    }
    if var window = collector.windowViews.first {
      // Through wrappers (`OverlayToastView { RootView() }`) to the view they wrap.
      var wrapper = window.view
      while let inner = collector.wrapped[wrapper], inner != wrapper {
        wrapper = inner
      }
      window.view = wrapper
      root =
        viewDestinations[window.view]?.first
        ?? declare(
          DestinationName.make(window.view, stripView: true),
          at: index.types[window.view]?.place ?? window.place,
          what: "the root view \(window.view) of WindowGroup")
      if viewDestinations[window.view]?.contains(root) != true {
        viewDestinations[window.view, default: []].append(root)
      }
    } else {
      root = declare("Root", at: nil, what: "")
      unplaced.append(
        "no WindowGroup and no TabView found: the draft starts at a placeholder 'Root'")
    }
  }

  /// A tab's destination name: `Settings`, or `SettingsTab` where a route has the name.
  func tabName(_ name: String) -> String {
    memberDestination.values.contains(where: { $0.values.contains(name) }) ? name + "Tab" : name
  }

  var start: String { tabs.first ?? root }

  // MARK: - Owners

  /// The destinations whose views hold a type's code: its own, or the nearest ones up the
  /// views that show it.
  mutating func owners(_ type: String) -> (owners: [String], guess: String?) {
    if let cached = ownerCache[type] { return cached }
    var result: (owners: [String], guess: String?)
    if let own = viewDestinations[type], !own.isEmpty {
      result = (own, nil)
    } else {
      var frontier: Set<String> = reverse[type] ?? []
      var seen: Set<String> = [type]
      var found: [String] = []
      var depth = 0
      while !frontier.isEmpty && found.isEmpty && depth < 8 {
        seen.formUnion(frontier)
        for holder in frontier.sorted() { found += viewDestinations[holder] ?? [] }
        var next: Set<String> = []
        for holder in frontier { next.formUnion(reverse[holder] ?? []) }
        frontier = next.subtracting(seen)
        depth += 1
      }
      found = Array(Set(found)).sorted()
      if found.isEmpty {
        result = (
          [start],
          "\(type.isEmpty ? "top-level code" : type) is not inside a screen the draft found; placed on \(start)"
        )
      } else if found.count > 4 {
        result = (
          [start],
          "\(type) is shown by \(found.count) screens (\(found.prefix(4).joined(separator: ", ")), …); placed on \(start)"
        )
      } else {
        result = (
          found, depth > 1 ? "\(type) is shown inside \(found.joined(separator: ", "))" : nil
        )
      }
    }
    ownerCache[type] = result
    return result
  }

  // MARK: - Sites

  /// The action a site's effect takes, the destination and the fact it shows.
  mutating func action(for site: NavigationSite) -> (action: Action, fact: CodeFact?)? {
    let here = location(site.place)
    func show(
      _ target: NavigationSite.Target, _ style: NavigationSite.Style?, byRoute: Bool,
      presented: Bool?
    ) -> (Action, CodeFact?)? {
      var destination: String
      var codeNames: [String]
      var resolvedStyle = style
      switch target {
      case .member(let type, let member):
        guard let (routeType, name) = resolve(type, member, preferPresented: presented) else {
          if byRoute || presented != nil {
            unplaced.append(
              "\(at(site.place)): .\(member) is no case of a route type the draft found (give it with --route-type or --sheet-type)"
            )
          }
          return nil
        }
        destination = name
        codeNames = [member] + (viewDestinations.filter { $0.value.contains(name) }.map(\.key))
        let role = routeTypes[routeType] ?? "push"
        if resolvedStyle == nil || byRoute {
          if role == "route" {
            resolvedStyle = constructorStyle[routeType]?[member] ?? nil
          } else if role != "push" {
            resolvedStyle = NavigationSite.Style(rawValue: role)
          } else if byRoute {
            resolvedStyle = nil
          }
        }
        if !byRoute && presented == true && resolvedStyle == nil { resolvedStyle = .sheet }
      case .view(let view):
        destination =
          viewDestinations[view]?.first
          ?? declare(
            DestinationName.make(view, stripView: true), at: index.types[view]?.place ?? site.place,
            what: "view \(view) (named after the view: guessed)")
        codeNames = [view]
      case .unnamed(let text):
        unplaced.append("\(at(site.place)): \(text)")
        return nil
      }
      if let resolvedStyle {
        let action = resolvedStyle.action(destination)
        let kind: CodeFact.Kind = resolvedStyle == .fullScreenCover ? .fullScreenCover : .sheet
        return (
          action, CodeFact(kind: kind, name: destination, codeNames: codeNames, location: here)
        )
      }
      return (
        .push(destination: destination),
        CodeFact(kind: .push, name: destination, codeNames: codeNames, location: here)
      )
    }
    switch site.effect {
    case .push(let target): return show(target, nil, byRoute: false, presented: false)
    case .route(let target, _): return show(target, nil, byRoute: true, presented: nil)
    case .present(let style, let target):
      var style = style
      if let guess = site.guess, guess.hasPrefix("presentation:") {
        // An assignment to a property whose name says nothing: navigation only where a
        // `.sheet(item:)` binds the property or its type is a presented route type.
        let property = String(guess.dropFirst("presentation:".count))
        if let binding = collector.bindings.first(where: { $0.property == property }) {
          style = binding.style
        } else if let type = propertyType(property, preferring: site.owner),
          let role = routeTypes[AppIndex.elementType(type)], role != "push"
        {
          style = NavigationSite.Style(rawValue: role) ?? .sheet
        } else {
          return nil
        }
      }
      return show(target, style, byRoute: false, presented: true)
    case .alert(let title, let style, let buttons):
      let name = DestinationName.make(title)
      var labels: Set<String> = []
      var alertButtons: [AlertButton] = []
      for (label, sites) in buttons {
        var unique = label
        var n = 2
        while labels.contains(unique) {
          unique = "\(label) \(n)"
          n += 1
        }
        labels.insert(unique)
        var actions: [SequenceAction] = []
        for inner in sites {
          if let (action, fact) = self.action(for: inner) {
            actions.append(SequenceAction(action))
            if let fact { facts.append(fact) }
          }
        }
        alertButtons.append(AlertButton(label: unique, actions: Array(actions.prefix(1))))
      }
      return (
        .alert(name: name, style: style, buttons: alertButtons),
        CodeFact(kind: .alert, name: name, codeNames: [title], location: here)
      )
    case .dismiss:
      return (
        .dismiss(destination: nil),
        CodeFact(kind: .dismiss, name: "", codeNames: [], location: here)
      )
    case .popToRoot:
      return (.dismissStack, CodeFact(kind: .dismiss, name: "", codeNames: [], location: here))
    }
  }

  mutating func placeSites() {
    for (owner, names) in collector.references {
      for name in names { reverse[name, default: []].insert(owner) }
    }
    var deepLinkActions: [String: [SequenceAction]] = [:]
    for site in collector.sites {
      guard let (action, fact) = action(for: site) else { continue }
      let here = location(site.place)
      if let fact, fact.kind != .dismiss || site.deepLink == nil { facts.append(fact) }
      if let deepLink = site.deepLink {
        switch action {
        case .push, .sheet, .fullScreenCover:
          if deepLinkActions[deepLink]?.contains(where: { $0.action == action }) != true {
            deepLinkActions[deepLink, default: []].append(SequenceAction(action, location: here))
          }
        default: break
        }
        continue
      }
      let (owners, guess) = owners(site.owner)
      let declared = declarationLocation(site.place)
      for owner in owners {
        var transition = Transition(
          action: action,
          trigger: site.isAsync ? .async(cancelsOnDismiss: site.cancelsOnDismiss) : .user,
          location: declared)
        if case .alert(_, _, let buttons) = action {
          transition.actions[0].action = .alert(
            name: transition.action.arguments.alert ?? "",
            style: transition.action.arguments.style ?? .alert,
            buttons: buttons)
        }
        guard var destination = destinations[owner] else { continue }
        if let existing = destination.transitions.first(where: {
          $0.actions == transition.actions && $0.trigger == transition.trigger
        }) {
          note(existing.location, "also \(at(site.place))")
          continue
        }
        destination.transitions.append(transition)
        destinations[owner] = destination
        var text = at(site.place) + " in \(site.owner.isEmpty ? "top-level code" : site.owner)"
        if let guess { text += " (guessed: \(guess))" }
        note(declared, text)
      }
    }
    var deepLinks: [DeepLink] = []
    var used: Set<String> = []
    for handler in collector.deepLinks {
      var name = DestinationName.make(handler.name)
      name = name.prefix(1).lowercased() + name.dropFirst()
      guard let actions = deepLinkActions[handler.name], !actions.isEmpty else {
        // A method that takes a URL and navigates nowhere is no link handler worth listing.
        guard handler.name.hasPrefix("openURL") else { continue }
        unplaced.append(
          "\(at(handler.place)): the URL handler \(handler.name) navigates nowhere the draft can name"
        )
        continue
      }
      // A handler navigates to one of its destinations per URL: a deep link each.
      for action in actions {
        var linkName = actions.count == 1 ? name : name + "_" + (action.action.destination ?? "")
        while used.contains(linkName) { linkName += "_" }
        used.insert(linkName)
        let declared = action.location.map { location -> SourceLocation in
          var unique = location
          unique.jsonPath = "@link:\(linkName)"
          return unique
        }
        deepLinks.append(
          DeepLink(
            name: linkName, start: .active, actions: [SequenceAction(action.action)],
            location: declared))
        note(
          declared,
          "\(at(handler.place)): URL handler \(handler.name), \(action.action.words) at line \(action.location?.line ?? 0) (guessed: from the active screen)"
        )
        facts.append(
          CodeFact(
            kind: .deepLink, name: linkName, codeNames: [handler.name],
            location: location(handler.place)))
      }
    }
    spec.deepLinks = deepLinks
    for (type, _) in collector.destinationTypes where routeTypes[type] == nil {
      unplaced.append(
        "navigationDestination(for: \(type).self): \(type) has no cases or constructors the draft can read"
      )
    }
    for (text, place, method) in collector.unnamed {
      // A router call with a variable is navigation only where the router takes a route type.
      if let method, let type = routerMethods[method]?.parameterType,
        routeTypes[AppIndex.elementType(type)] == nil
      {
        continue
      }
      unplaced.append("\(at(place)): \(text)")
    }
    for binding in collector.bindings {
      guard let type = propertyType(binding.property, preferring: binding.owner) else {
        unplaced.append(
          "\(at(binding.place)): .\(binding.style.rawValue)(item: $\(binding.property)): the property's type is not written"
        )
        continue
      }
      let element = AppIndex.elementType(type)
      if routeTypes[element] == nil {
        // Not a route enum: the modifier presents its content view, from its own screen.
        if let view = binding.view {
          let site = NavigationSite(
            effect: .present(binding.style, .view(view)), owner: binding.owner,
            place: binding.place,
            isAsync: false, cancelsOnDismiss: false, deepLink: nil)
          collectorExtra.append(site)
        } else {
          unplaced.append(
            "\(at(binding.place)): .\(binding.style.rawValue)(item: $\(binding.property)) shows a view the draft cannot name"
          )
        }
      }
    }
  }

  var collectorExtra: [NavigationSite] = []

  mutating func build() {
    findRouteTypes()
    nameRouteCases()
    mapViews()
    chooseStart()
    placeSites()
    if !collectorExtra.isEmpty {
      let extra = collectorExtra
      let deepLinks = spec.deepLinks
      collectorExtra = []
      collector.sites = extra
      collector.deepLinks = []
      collector.unnamed = []
      collector.bindings = []
      collector.destinationTypes = []
      placeSites()
      spec.deepLinks = deepLinks
    }
    for (view, names) in viewDestinations where collector.swipeDisabled.contains(view) {
      for name in names { destinations[name]?.swipeToDismiss = false }
    }
    let ordered =
      (tabs + [root]).filter { !$0.isEmpty }
      + destinationOrder.filter { !tabs.contains($0) && $0 != root }
    spec = NavigationSpec(
      name: DestinationName.make(hints.name), root: tabs.isEmpty ? root : "",
      destinations: ordered.compactMap { destinations[$0] },
      deepLinks: spec.deepLinks, bounds: Bounds(maxStackDepth: 3, maxPresentationDepth: 2))
    if !tabs.isEmpty { spec.tabs = tabs }
  }
}
