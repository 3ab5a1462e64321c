import Foundation
import NavCheck

// Temporary driver: reads a JSON spec and prints the JSON result.
let path = CommandLine.arguments[1]
let data = FileManager.default.contents(atPath: path)!
do {
  let spec = try NavigationSpec(json: data, file: path)
  let threads = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 2
  let result = try spec.check(threads: threads)
  print(result.jsonValue.text())
} catch {
  print(error)
  exit(65)
}
