/// One thing wrong with a spec: what, where, and how to fix it.
///
/// ```swift
/// do { try spec.validate() } catch let error as SpecError {
///   for problem in error.problems { print(problem) }
///   // TodoApp/Spec.swift:14: error: no destination named 'TodoDetial'; did you mean 'TodoDetail'?
/// }
/// ```
public struct SpecProblem: Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in one sentence (with the fix where there is an obvious one).
  public var message: String
  /// The declaration at fault, where known.
  public var location: SourceLocation?
  /// The JSON path of the value at fault (`destinations[1].transitions[0].destination`), for JSON
  /// specs; otherwise the declaration's place in the spec (`Destination 'List' › transition 2`).
  public var path: String?

  /// Creates a problem.
  public init(_ message: String, location: SourceLocation? = nil, path: String? = nil) {
    self.message = message
    self.location = location
    self.path = path
  }

  /// `file:line: error: [path: ]message`, the form compilers and editors understand.
  public var description: String {
    var text = ""
    if let location { text += "\(location.filePath):\(location.line): " }
    text += "error: "
    if let path { text += "\(path): " }
    return text + message
  }
}

/// The error a spec that cannot be checked throws: every problem found, at once.
///
/// ```swift
/// do { _ = try NavigationSpec(json: data) } catch let error as SpecError {
///   print(error)   // one line per problem
/// }
/// ```
public struct SpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The problems, in the order of the spec.
  public var problems: [SpecProblem]

  /// Creates an error from its problems.
  public init(_ problems: [SpecProblem]) { self.problems = problems }

  /// One line per problem.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
