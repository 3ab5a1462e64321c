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
