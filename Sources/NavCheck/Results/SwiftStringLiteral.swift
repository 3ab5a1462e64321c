/// `text` as a Swift string literal, for code a report prints to paste: `"Add \"milk\""`.
/// Backslashes, quotes and control characters are escaped.
package func swiftStringLiteral(_ text: String) -> String {
  var out = "\""
  for c in text.unicodeScalars {
    switch c {
    case "\\": out += "\\\\"
    case "\"": out += "\\\""
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case "\0": out += "\\0"
    default:
      if c.value < 0x20 {
        out += "\\u{\(String(c.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(c)
      }
    }
  }
  return out + "\""
}
