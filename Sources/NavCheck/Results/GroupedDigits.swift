/// `1234567` as `1,234,567`: how every count reads in results and reports.
package func grouped(_ n: Int) -> String {
  let digits = String(n.magnitude)
  var out = ""
  for (i, c) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(c)
  }
  return (n < 0 ? "-" : "") + out
}
