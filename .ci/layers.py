"""The layers hold: each folder of Sources/NavCheck uses only the folders before it in LAYERS,
and the support and explorer targets stay below the core.

A folder "uses" another when its code (comments and string literals left out) names a type
declared at the top level of a file in that folder. Run from the repository root; prints
each backward use with the file and line, and exits 1 if there is one.
"""
import os
import re
import sys

# Sources/NavCheck, bottom to top: a spec goes in, states are explored, findings come out.
LAYERS = ["Model", "DSL", "Validation", "Results", "Events", "JSON", "Router", "Checking",
          "Reports"]
# The targets below NavCheck, and what each may import.
TARGETS = {"NavCheckSupport": set(), "NavCheckExplorer": {"NavCheckSupport"}}

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
for layer in LAYERS:
    for path in swift_files(os.path.join(core, layer)):
        for name in DECLARATION.findall(code(open(path, encoding="utf-8").read())):
            owner.setdefault(name, layer)
unknown = sorted(set(os.listdir(core)) - set(LAYERS) - {"Exports.swift"})
if unknown:
    problems.append(f"{core}: {', '.join(unknown)} not in .ci/layers.py's LAYERS; place them")
for layer in LAYERS:
    for path in swift_files(os.path.join(core, layer)):
        for number, line in enumerate(code(open(path, encoding="utf-8").read()).split("\n"), 1):
            for name in set(re.findall(r"\b[A-Z]\w*\b", line)):
                used = owner.get(name)
                if used and LAYERS.index(used) > LAYERS.index(layer):
                    problems.append(f"{path}:{number}: {layer} uses {name} of {used}, a later layer")

for target, allowed in TARGETS.items():
    for path in swift_files(os.path.join("Sources", target)):
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            imported = re.match(r"\s*(?:@\w+\s+)*import\s+(NavCheck\w*)", line)
            if imported and imported.group(1) not in allowed:
                problems.append(f"{path}:{number}: {target} imports {imported.group(1)}")

for problem in problems:
    print(problem)
if problems:
    print(f"{len(problems)} use(s) against the layers (Docs/Architecture.md)")
    sys.exit(1)
print(f"layers hold: {' < '.join(LAYERS)}; NavCheckSupport < NavCheckExplorer < NavCheck")
