import NavCheckSpecs
import Testing

@testable import NavCheck

/// The realistic benchmark family (issue 33, `SyntheticSpecs.store`): what its doc comment
/// promises, on its smallest member, so that the benchmark measures what it says.
@Suite("Realistic family")
struct StoreFamilyTests {
  /// Two kinds of page at 2/1: the tabs act on each other through the sign-in flag (explored
  /// as their product, saying why), and each planted finding is there: the add-to-cart outcome
  /// over another alert and under a sheet, a page's request orphaned by leaving it, the charge
  /// orphaned by closing checkout, the gallery's push without a navigation bar, the deep link
  /// and the found search result acting under a presentation.
  @Test func theSmallestStoreCarriesItsFindings() throws {
    let spec = SyntheticSpecs.store(products: 2, maxStackDepth: 2, maxPresentationDepth: 1)
    var options = ExplorationOptions()
    options.reduction = .always
    let result = try spec.check(options: options)
    #expect(result.complete)
    #expect(!result.reduced)
    #expect(result.fullProductReason?.contains("reads flag 'signedIn'") == true)
    let found = Set(
      result.violations.map { "\($0.kind.rawValue) \($0.declaration?.title ?? "-")" })
    for expected in [
      "duplicateAlert Product0: 'Add to cart' outcome 'added'",
      "actionFromCoveredScreen Product1: 'Add to cart' outcome 'failed'",
      "orphanedCompletion Product0: async 'Add to cart' with outcomes 'added', 'failed'",
      "orphanedCompletion Payment: async 'Pay' with outcomes 'paid', 'declined'",
      "pushWithoutNavigation Gallery: push Product0 'Similar'",
      "actionFromCoveredScreen Search: 'Search' outcome 'found'",
    ] {
      #expect(found.contains(expected), "\(expected) not in \(found.sorted())")
    }
    #expect(
      result.violations.contains {
        $0.kind == .actionFromCoveredScreen && $0.declaration?.title.hasPrefix("deep link") == true
      })
  }
}
