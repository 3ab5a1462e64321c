/// Where a declaration was written: a line of a Swift spec file, or a place in a JSON spec.
///
/// Every DSL node records its location from `#fileID`, `#filePath` and `#line`, so a spec error
/// or a violation points at the line to change. Specs read from JSON carry the file, the line
/// and the JSON path of the object that declared the node.
///
/// ```swift
/// let push = Push("Detail")               // push.transition.location?.line == this line
/// print(push.transition.location!)         // "TodoApp/Spec.swift:12"
/// ```
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The file in `Module/File.swift` form (`#fileID`), or the JSON file's name.
  public var fileID: String
  /// The full path of the file (`#filePath`), or the JSON file's path as given.
  public var filePath: String
  /// The 1-based line.
  public var line: Int
  /// The JSON path of the declaring object (`destinations[1].transitions[0]`), for JSON specs.
  public var jsonPath: String?

  /// Creates a location.
  public init(fileID: String, filePath: String, line: Int, jsonPath: String? = nil) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.jsonPath = jsonPath
  }

  /// `fileID:line`, the form compilers print.
  public var description: String {
    if let jsonPath { return "\(fileID):\(line) (\(jsonPath))" }
    return "\(fileID):\(line)"
  }
}
