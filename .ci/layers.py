"""The layers hold: each folder of Sources/NavCheck uses only the folders before it in LAYERS,
and the support and explorer targets stay below the core.

Two checks. The names: a folder's code (comments and string literals left out) naming a type
declared at the top level of a file in a later folder. The compiler: each folder's files
type-check with the folders before it alone (`swiftc -typecheck`, the folder's files primary),
so a use the names cannot see (a member a later folder adds in an extension, a conformance
implemented there) fails too. Before it trusts the compiler check, it shows that the check
catches a probe: a file in Model/ calling `check()`, which Checking/ adds to NavigationSpec.

Run from the repository root; prints each backward use with the file and line, and exits 1 if
there is one.
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

# Sources/NavCheck, bottom to top: a spec goes in, states are explored, findings come out.
LAYERS = ["Model", "DSL", "Validation", "Results", "Events", "JSON", "Router", "Checking",
          "Reports", "Runs"]
# The targets below NavCheck, and what each may import.
TARGETS = {"NavCheckSupport": set(), "NavCheckExplorer": {"NavCheckSupport"},
           "NavCheckRecorder": set()}

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|"
    r"indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)
STRING = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"')
COMMENT = re.compile(r"//[^\n]*|/\*(?:.|\n)*?\*/")


def code(text):
    """The text with comments and string literals blanked, lines kept."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    return COMMENT.sub(blank, STRING.sub(blank, text))


def swift_files(folder):
    for root, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


problems = []
core = "Sources/NavCheck"
owner = {}
# Every type name each layer declares at any depth (a nested `Broadcast.Observer` in Model):
# a use of that name there means its own type, even where a later layer declares a top-level
# one of the same name (the DSL's `Observer` alias).
NESTED = re.compile(DECLARATION.pattern.replace("^", r"^\s*", 1), re.M)
declared = {}
for layer in LAYERS:
    for path in swift_files(os.path.join(core, layer)):
        text = code(open(path, encoding="utf-8").read())
        for name in DECLARATION.findall(text):
            owner.setdefault(name, layer)
        declared.setdefault(layer, set()).update(NESTED.findall(text))
unknown = sorted(set(os.listdir(core)) - set(LAYERS) - {"Exports.swift"})
if unknown:
    problems.append(f"{core}: {', '.join(unknown)} not in .ci/layers.py's LAYERS; place them")
for layer in LAYERS:
    for path in swift_files(os.path.join(core, layer)):
        for number, line in enumerate(code(open(path, encoding="utf-8").read()).split("\n"), 1):
            for name in set(re.findall(r"\b[A-Z]\w*\b", line)):
                used = owner.get(name)
                ownLayers = LAYERS[:LAYERS.index(layer) + 1]
                if any(name in declared.get(l, set()) for l in ownLayers):
                    continue
                if used and LAYERS.index(used) > LAYERS.index(layer):
                    problems.append(f"{path}:{number}: {layer} uses {name} of {used}, a later layer")

for target, allowed in TARGETS.items():
    for path in swift_files(os.path.join("Sources", target)):
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            imported = re.match(r"\s*(?:@\w+\s+)*import\s+(NavCheck\w*)", line)
            if imported and imported.group(1) not in allowed:
                problems.append(f"{path}:{number}: {target} imports {imported.group(1)}")



def typecheck_layers(folder, layers, extra=()):
    """Type-checks each layer with the ones before it alone; returns the compiler's errors."""
    modules = os.path.join(folder, "modules")
    os.makedirs(modules, exist_ok=True)
    flags = ["-parse-as-library", "-swift-version", "6", "-package-name", "layers", "-I", modules]
    for target in ["NavCheckSupport", "NavCheckExplorer", "NavCheckRecorder"]:
        files = list(swift_files(os.path.join("Sources", target)))
        run = subprocess.run(
            ["swiftc", "-emit-module", "-module-name", target, *flags,
             "-emit-module-path", os.path.join(modules, target + ".swiftmodule"), *files],
            capture_output=True, text=True)
        if run.returncode != 0:
            return [f"{target} does not build on its own:\n{run.stderr}"]
    # Each layer's check is its own compiler process, independent of the others': they run side
    # by side, one a core, and their errors are reported in layer order.
    below = [os.path.join(core, "Exports.swift")]
    jobs = []
    for layer in layers:
        files = list(swift_files(os.path.join(core, layer))) + [e for l, e in extra if l == layer]
        jobs.append((layer, files, list(below)))
        below += files

    def typecheck(job):
        layer, files, below = job
        primaries = [flag for path in files for flag in ("-primary-file", path)]
        run = subprocess.run(
            ["swiftc", "-frontend", "-typecheck", "-module-name", "NavCheck", *flags,
             *primaries, *below],
            capture_output=True, text=True)
        return [f"{line.strip()}  ({layer} type-checked with {', '.join(layers[:layers.index(layer)]) or 'nothing'} below it)"
                for line in run.stderr.splitlines() if re.match(r"\S+:\d+:\d+: error:", line)]

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return [error for errors in pool.map(typecheck, jobs) for error in errors]


with tempfile.TemporaryDirectory() as scratch:
    # The probe first: the compiler check must fail on an upward call through an extension.
    probe = os.path.join(scratch, "Probe.swift")
    with open(probe, "w", encoding="utf-8") as f:
        f.write("extension NavigationSpec {\n  func probe() { _ = try? check() }\n}\n")
    caught = typecheck_layers(os.path.join(scratch, "probe"), ["Model"], [("Model", probe)])
    if not any("Probe.swift" in error for error in caught):
        problems.append("the compiler check did not catch the probe (Model/ calling check(), "
                        "which Checking/ adds to NavigationSpec): " + "; ".join(caught))
    else:
        print("the probe (Model/ calling NavigationSpec.check(), added in Checking/) fails to "
              "type-check: " + next(e for e in caught if "Probe.swift" in e).split("  (")[0]
              .replace(scratch + os.sep, ""))
    # Every layer but the last, which the build checks with everything.
    problems += typecheck_layers(os.path.join(scratch, "layers"), LAYERS[:-1])

for problem in problems:
    print(problem)
if problems:
    print(f"{len(problems)} use(s) against the layers (Docs/Architecture.md)")
    sys.exit(1)
print(f"layers hold (names and compiler): {' < '.join(LAYERS)}; "
      "NavCheckSupport < NavCheckExplorer < NavCheck; NavCheckRecorder < NavCheck")
