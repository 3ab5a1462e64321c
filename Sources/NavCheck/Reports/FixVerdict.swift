/// What the fix search says of a violation, in the words every report prints: the checked
/// fixes and what each costs; or that none was found, with why each change tried fails; or
/// that fixes were not searched, and why. The one place a fix or no-fix verdict becomes words.
///
/// ```text
/// fix (each checked: the finding goes and nothing new breaks):
///   - cancel AddTodo's 'Save' with its screen: .async(cancelsOnDismiss: true)
///     costs: the work no longer completes once its screen is gone
/// no fix found: the one change tried fails:
///   - dismiss what is presented first: DismissAll() as deep link 'post''s first action
///     fails: it breaks orphanedCompletion by Composer: async alert 'Publish'
/// fixes not searched (--fixes never)
/// ```
package struct FixVerdict: Equatable {
  /// One change: a checked fix with what it costs, or a change tried with why it fails.
  package struct Item: Equatable {
    package var change: String
    /// `costs: …` for a fix, `fails: …` for a change tried.
    package var note: String?
  }

  /// The verdict: `fix (each checked: …):`, `no fix found: …`, `fixes not searched (…)`.
  package var headline: String
  /// The checked fixes, or the changes tried that fail.
  package var items: [Item] = []
  /// Whether the items are checked fixes (not changes that fail).
  package var found = false

  /// The verdict of `violation`'s fix search; `nil` where nobody searched or said why not (a
  /// result of `check()` alone, as router tests report it).
  package init?(_ violation: Violation) {
    switch violation.fixSearch {
    case .notSearched(nil):
      return nil
    case .notSearched(let reason?):
      headline = "fixes not searched (\(reason))"
    case .searched(let rejected):
      if !violation.fixes.isEmpty {
        headline = "fix (each checked: the finding goes and nothing new breaks):"
        items = violation.fixes.map {
          Item(change: $0.change, note: $0.cost.map { "costs: " + $0 })
        }
        found = true
      } else if rejected.isEmpty {
        headline = "no fix found: NavCheck has no change to try for this finding"
      } else {
        headline =
          "no fix found: "
          + (rejected.count == 1
            ? "the one change tried fails:" : "each of the \(rejected.count) changes tried fails:")
        items = rejected.map { Item(change: $0.change, note: "fails: " + Self.words($0.reason)) }
      }
    }
  }

  /// Why a change tried fails, in words.
  package static func words(_ reason: RejectedFix.Reason) -> String {
    switch reason {
    case .findingStays(let event?):
      "the finding stays: a shortest way to it still ends with \(event)"
    case .findingStays(nil):
      "the finding stays, in the first state"
    case .breaks(let kind, let cause, let others):
      "it breaks \(kind.rawValue)" + (cause.map { " by \($0)" } ?? "")
        + (others > 0 ? " (and \(counted(others, "other new finding")))" : "")
    case .unsettled(let states):
      "its check stopped at \(counted(states, "state")), before it could tell"
    case .invalid(let problem):
      "the changed spec is not valid: \(problem)"
    }
  }

  /// The verdict as indented lines: the headline, then each change (`- `, a fix after the first
  /// `- or `) with its note under it.
  package func lines(indent: String) -> [String] {
    var lines = [indent + headline]
    for (i, item) in items.enumerated() {
      lines.append(indent + "  " + (found && i > 0 ? "- or " : "- ") + item.change)
      if let note = item.note { lines.append(indent + "    " + note) }
    }
    return lines
  }

  /// The verdict as lines that each stand alone (a compiler note is one line): the headline,
  /// with the first change and its note after it; then each other change (`or: `, `also
  /// tried: `).
  package var sentences: [String] {
    guard !items.isEmpty else { return [headline] }
    return items.enumerated().map { i, item in
      (i == 0 ? headline + " " : found ? "or: " : "also tried: ") + item.change
        + (item.note.map { " — " + $0 } ?? "")
    }
  }
}
