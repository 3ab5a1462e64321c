import NavCheck

/// A step on which a router check went on past the spec's own `orphanedCompletion`
/// (Docs/RouterTesting.md): the removal happened, the orphaned work went stale with its screen
/// (its completion must change nothing), an orphaned onDismiss did nothing.
struct SpecFinding: Hashable, Sendable {
  /// The declaration whose work or onDismiss the step orphaned.
  var declaration: DeclarationReference
  /// The step, in a trace's words.
  var words: String

  init(_ finding: (declaration: DeclarationReference, words: String)) {
    declaration = finding.declaration
    words = finding.words
  }

  /// What the rule means for the router, after the step.
  private var consequence: String {
    declaration.kind == .onDismiss
      ? "the onDismiss acts through a router that is gone, so it must change nothing"
      : "the work stays stale, so its completion must change nothing"
  }

  /// Where it is declared: `file:line: title`.
  private var place: String {
    (declaration.location.map { "\($0.filePath):\($0.line): " } ?? "") + declaration.title
  }

  /// The note a check's report prints once per declaration.
  var note: String {
    "note: the spec breaks its own rule orphanedCompletion (\(place)), for example at \"\(words)\"; the check went on past it: \(consequence)"
  }

  /// The line a failure prints under the step.
  var stepNote: String {
    "↳ the spec's own orphanedCompletion (\(place)); the check went on past it: \(consequence)"
  }
}
