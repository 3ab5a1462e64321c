/// A change to a spec that removes a finding, and was checked to: the spec with the change was
/// explored again, the finding was gone and nothing new broke.
///
/// ```swift
/// let result = try spec.check()
/// for violation in spec.suggestingFixes(for: result).violations {
///   for fix in violation.fixes { print(fix.change, fix.cost ?? "") }
/// }
/// // cancel 'Save' with its screen: Dismiss().async(cancelsOnDismiss: true)
/// ```
public struct SuggestedFix: Sendable {
  /// The change, in words, then the DSL that says it.
  public var change: String
  /// What else the change does, where it takes something from the user ("the user can no
  /// longer swipe Edit down").
  public var cost: String?
  /// The spec with the change: what the check explored.
  public var patched: NavigationSpec
}

/// A change the fix search tried and does not suggest, with why.
///
/// ```swift
/// for violation in spec.suggestingFixes(for: try spec.check()).violations {
///   if case .searched(let rejected) = violation.fixSearch {
///     for change in rejected { print(change.change, change.reason) }
///   }
/// }
/// // dismiss what is presented first: DismissAll() as deep link 'post''s first action
/// // breaks(orphanedCompletion, cause: "Composer: async alert 'Publish'", others: 0)
/// ```
public struct RejectedFix: Sendable, Equatable {
  /// Why a change does not hold.
  public enum Reason: Sendable, Equatable {
    /// The changed spec still has the finding; `event` is the event that breaks the rule at the
    /// end of a shortest way to it (`nil` where the first state breaks it).
    case findingStays(event: String?)
    /// The changed spec breaks a rule the spec did not break: the first such finding's rule,
    /// the declaration that causes it, and how many other new findings there are.
    case breaks(ViolationKind, cause: String?, others: Int)
    /// Exploring the changed spec stopped at `states` states, before it could tell.
    case unsettled(states: Int)
    /// The changed spec does not validate: the first problem.
    case invalid(String)
  }

  /// The change, in the words of `SuggestedFix.change`.
  public var change: String
  /// Why it does not hold.
  public var reason: Reason
}

/// Whether the changes that could remove a violation were searched: what lets a report say
/// "no fix found" (each change tried, and why it fails) apart from "fixes not searched".
///
/// ```swift
/// let result = spec.suggestingFixes(for: try spec.check())
/// if case .searched(let rejected) = result.violations[0].fixSearch, result.violations[0].fixes.isEmpty {
///   print("no fix found among \(rejected.count) changes")
/// }
/// ```
public enum FixSearch: Sendable, Equatable {
  /// Not searched (what `check()` leaves); `reason` says why, where the caller says
  /// (`"--fixes never"`).
  case notSearched(reason: String?)
  /// Searched: the changes that hold are `Violation.fixes`; `rejected` are those that do not.
  case searched(rejected: [RejectedFix])
}
