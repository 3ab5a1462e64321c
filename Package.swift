// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavCheck",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "NavCheck", targets: ["NavCheck"]),
    .library(name: "NavCheckTesting", targets: ["NavCheckTesting"]),
    .executable(name: "navcheck", targets: ["navcheck"]),
    // What `navcheck check App.swift` links a spec file against; built next to `navcheck`.
    .library(name: "NavCheckRuntime", type: .dynamic, targets: ["NavCheck"]),
  ],
  targets: [
    .target(name: "NavCheck"),
    .target(name: "NavCheckTesting", dependencies: ["NavCheck"]),
    .target(
      name: "NavCheckSpecs", dependencies: ["NavCheck"], path: "Specs", exclude: ["expected.json"]),
    .executableTarget(name: "navcheck", dependencies: ["NavCheck", "NavCheckSpecs"]),
    .executableTarget(name: "navcheck-benchmark", dependencies: ["NavCheck"], path: "Benchmarks"),
    .testTarget(
      name: "NavCheckTests", dependencies: ["NavCheck", "NavCheckSpecs", "NavCheckTesting"],
      exclude: ["Examples"]),
    // End-to-end tests of the built `navcheck`; fixtures and golden files are read from disk.
    .testTarget(
      name: "NavCheckCLITests", dependencies: ["NavCheck"], exclude: ["Fixtures", "Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
