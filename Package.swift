// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavCheck",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    // The platform-neutral core: spec model, DSL, explorer, checking, reports. Builds for iOS.
    .library(name: "NavCheck", targets: ["NavCheck"]),
    // XCTest and Swift Testing helpers an app's test target imports. Builds for iOS.
    .library(name: "NavCheckTesting", targets: ["NavCheckTesting"]),
    // What an app's router calls to record a run for `navcheck validate`: no dependency, so it
    // links into an iOS app. Builds for iOS.
    .library(name: "NavCheckRecorder", targets: ["NavCheckRecorder"]),
    // The command line as a library, for a package that ships its own runner (macOS, Linux).
    .library(name: "NavCheckCommand", targets: ["NavCheckCommand"]),
    .executable(name: "navcheck", targets: ["navcheck"]),
    // What `navcheck check App.swift` links a spec file against; built next to `navcheck`.
    .library(name: "NavCheckRuntime", type: .dynamic, targets: ["NavCheck", "NavCheckCommand"]),
    // `swift package navcheck`: checks a package's specs and prints Xcode-style lines.
    .plugin(name: "NavCheckPlugin", targets: ["NavCheckPlugin"]),
  ],
  targets: [
    // Low-level buffers, fixed-seed hashing and random numbers the other targets share; not API.
    .target(name: "NavCheckSupport"),
    // The breadth-first explorer over any model whose states are byte strings: it knows no
    // navigation.
    .target(name: "NavCheckExplorer", dependencies: ["NavCheckSupport"]),
    // The run recorder: a router's steps as JSON lines; Foundation only.
    .target(name: "NavCheckRecorder"),
    .target(
      name: "NavCheck", dependencies: ["NavCheckExplorer", "NavCheckRecorder", "NavCheckSupport"]),
    .target(
      name: "NavCheckTesting", dependencies: ["NavCheck", "NavCheckExplorer", "NavCheckSupport"]),
    // Reads an app's SwiftUI code (the toolchain's syntax trees) and drafts a spec from it, or
    // compares a spec with it: pure and platform-neutral; the command runs the parser.
    .target(name: "NavCheckSource", dependencies: ["NavCheck"]),
    .target(name: "NavCheckCommand", dependencies: ["NavCheck", "NavCheckSource", "NavCheckSupport"]),
    .target(
      name: "NavCheckSpecs", dependencies: ["NavCheck"], path: "Specs", exclude: ["expected.json"]),
    .executableTarget(name: "navcheck", dependencies: ["NavCheckCommand", "NavCheckSpecs"]),
    .plugin(
      name: "NavCheckPlugin",
      capability: .command(
        intent: .custom(
          verb: "navcheck",
          description:
            "Check the package's navigation specs (NavCheck/*.json, NavCheck/*.swift) and print Xcode-style issues"
        ),
        permissions: [
          .writeToPackageDirectory(
            reason:
              "navcheck writes the report (--output) or the baseline (--write-baseline) you name")
        ]),
      dependencies: ["navcheck"]),
    .executableTarget(
      name: "navcheck-benchmark", dependencies: ["NavCheck", "NavCheckCommand", "NavCheckSpecs"],
      path: "Benchmarks", exclude: ["baseline.json", "differential.py", "v2consistency.py"]),
    // What the test targets share: XCTest cases that assert where failures are reported.
    .target(
      name: "NavCheckTestSupport", dependencies: ["NavCheck", "NavCheckTesting"],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "NavCheckTests",
      dependencies: [
        "NavCheck", "NavCheckExplorer", "NavCheckRecorder", "NavCheckSupport", "NavCheckSpecs",
        "NavCheckTesting", "NavCheckTestSupport",
      ],
      exclude: ["Examples"]),
    // The example routers of the README's "Test your router", each with its bug and its fix.
    .testTarget(
      name: "RouterExamplesTests",
      dependencies: [
        "NavCheck", "NavCheckTesting", "NavCheckTestSupport", "navcheck-crashing-router",
        "navcheck-tab-paths-router",
      ]),
    // Adopters' code as of the end of issue 31, frozen: the example routers' adapters and the
    // README's, built on the public API alone. A change that stops them compiling breaks
    // adopters: keep the old spelling, deprecated (CHANGELOG.md).
    .testTarget(
      name: "SourceCompatibilityTests", dependencies: ["NavCheck", "NavCheckTesting"],
      path: "Tests/SourceCompatibility"),
    // A program whose router crashes: the journal test runs it in a child process.
    .executableTarget(
      name: "navcheck-crashing-router",
      dependencies: ["NavCheck", "NavCheckTesting", "NavCheckTestSupport"],
      path: "Tests/Fixtures/CrashingRouter"),
    // A program that checks a router holding a dictionary and prints the state count: the
    // hash-seed test runs it in child processes, each with its own seed.
    .executableTarget(
      name: "navcheck-tab-paths-router",
      dependencies: ["NavCheck", "NavCheckTesting", "NavCheckTestSupport"],
      path: "Tests/Fixtures/TabPathsRouter"),
    // The command's library-level tests, and end-to-end tests of the built `navcheck`; fixtures
    // and golden files are read from disk.
    .testTarget(
      name: "NavCheckCLITests",
      dependencies: [
        "NavCheck", "NavCheckCommand", "NavCheckRecorder", "NavCheckSource", "NavCheckSupport",
        "NavCheckTestSupport",
      ],
      exclude: ["Fixtures", "Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
