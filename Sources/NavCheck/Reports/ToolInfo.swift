/// The tool's name and version, as reports write them (SARIF's driver) and `--version` prints.
package enum ToolInfo {
  /// The version of NavCheck.
  package static let version = "0.1.0"
}
