import Foundation
import NavCheckTestSupport

@testable import NavCheck

/// A suite over one of the models of real apps in `Tests/RealApps` (graded in
/// `Docs/RealApps.md`): the model, and its places replayed at the model's own bounds.
///
/// ```swift
/// @Suite struct AppModelTests: RealAppModel {
///   static let file = "icecubes.json"
///   @Test func opens() throws { _ = try replay([tap("Timeline", "OpenStatus")]) }
/// }
/// ```
protocol RealAppModel {
  /// The model's file in `Tests/RealApps`.
  static var file: String { get }
}

extension RealAppModel {
  static var url: URL {
    testsFolder.deletingLastPathComponent().appendingPathComponent("RealApps/\(file)")
  }

  static func spec() throws -> NavigationSpec {
    try NavigationSpec(json: Data(contentsOf: url), file: url.path)
  }

  /// Replays `events` at the model's own bounds. The trap question is left unsettled (it would
  /// explore up to a million states from the last one).
  func replay(_ events: [EventReference]) throws -> Replay {
    try Self.spec().replay(events, trapLimit: 0)
  }

  func tap(_ screen: String, _ label: String) -> EventReference {
    .transition(screen: screen, transition: .label(label))
  }
}
