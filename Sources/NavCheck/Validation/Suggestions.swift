// Suggestions for a misspelt name: what the command line, replay and validation offer.

/// `"; did you mean 'x'?"` for the candidate closest to `word`, where one is close enough.
package func didYouMean(_ word: String, _ candidates: [String]) -> String {
  guard let best = closest(to: word, in: candidates) else { return "" }
  return "; did you mean '\(best)'?"
}

/// The candidate with the smallest edit distance to `word`, if it is at most a third of the
/// word's length (and at least 2 edits are allowed); a prefix match counts as close.
package func closest(to word: String, in candidates: [String]) -> String? {
  let lowered = word.lowercased()
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let c = candidate.lowercased()
    var distance = editDistance(Array(lowered), Array(c))
    if lowered.count >= 3 && (c.hasPrefix(lowered) || lowered.hasPrefix(c)) {
      distance = min(distance, 1)
    }
    if best == nil || distance < best!.distance { best = (candidate, distance) }
  }
  guard let best, best.distance <= max(2, word.count / 3) else { return nil }
  return best.name
}

/// The Levenshtein distance, with a transposition counting as one edit.
///
/// - Complexity: O(a.count × b.count)
package func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous2 = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previous2[j - 2] + 1)
      }
    }
    (previous2, previous, current) = (previous, current, previous2)
  }
  return previous[b.count]
}
