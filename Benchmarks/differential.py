#!/usr/bin/env python3
"""Differential check: two builds of `navcheck` must give byte-identical results on v1 specs.

A refactor of the state representation (encoding, visited set, explorer buffers) must not
change what a v1 spec means: the same states, transitions, pruned events, depth, violations,
shortest traces, messages and warnings, in the same order, for every thread count, and the
same cut-off point when --max-states stops a run. This script generates random valid v1 JSON
specs (SEMANTICS.md §8, without the parts listed in "Changes from v1") from one seed, runs
`navcheck check SPEC --threads T --max-states 200000 --format json|text` with both builds and
compares stdout, stderr and the exit status after masking what legitimately differs between
runs (wall time, speed, the thread count and the tool's version). It does the same for the
bundled specs (`check` alone and `check NAME` for each name of `navcheck list`) and for every
spec of the shared examples folder; those the BEFORE build rejects as invalid (exit 65: the v2
examples) are compared too, but reported apart.

Usage:
    python3 Benchmarks/differential.py BEFORE_NAVCHECK AFTER_NAVCHECK [--count N (default 300)]
        [--seed S (default 1)] [--threads 1,3] [--keep DIR] [--examples DIR]

Exit status 0 when every output matches, 1 on any mismatch, 2 on a usage error.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

MAX_STATES = 200_000
RUN_TIMEOUT = 600  # seconds for one navcheck run; a hang is reported as a mismatch
WORKERS = 2

# JSON keys whose values differ from run to run or build to build without meaning anything.
MASKED_KEYS = {"seconds", "threads", "statesPerSecond", "version"}
MASKED_KEY_SUFFIXES = ("Seconds", "PerSecond")

# The counts line of the text report ends with the wall time, the speed and the thread count:
# "4 states, 7 transitions, 0 pruned, depth 2, 0.00 s (20,817 states/s), 3 threads".
# Only that tail is masked, so the counts before it are still compared.
TEXT_TIMING = re.compile(
    r"(, depth \d+), \S+ s \([^()\n]* states/s\), \d+ threads?$",
    re.M)

# MARK: - Random v1 specs

LABELS = ["Open", "Save", "Close", "Next", "Back", "More", "Share", "Delete", "Edit", "Sync",
          "Refresh", "Details", "Done 'now'", 'Say "hi"', "Café ✓", "a\\b", "Tab\tlabel"]
BUTTON_LABELS = ["OK", "Cancel", "Delete", "Retry", "Later", "Keep 'both'", "Ünïcode"]
ALERT_NAMES = ["Confirm", "Error", "DeleteAll", "Rate us", "Paywall"]
DEEP_LINK_NAMES = ["promo", "open item", "reset"]

# Non-alert actions with their weights: show actions are common, dismiss actions of every
# kind appear often enough that each one is met in most runs of a few dozen specs.
ACTION_WEIGHTS = [
    ("push", 24), ("sheet", 10), ("fullScreenCover", 5), ("startFlow", 4), ("next", 3),
    ("nextOrDismissEnvironment", 3), ("dismiss", 5), ("dismissTo", 2), ("dismissCount", 2),
    ("dismissStack", 2), ("dismissEnvironment", 4), ("popTo", 2), ("dismissAll", 2),
    ("dismissPresented", 2), ("dismissAlert", 2),
]
# A "tame" spec uses only what cannot break a rule by itself (shows that the user can always
# undo, and dismissals that never fail), so that some specs hold, run into --max-states without
# a violation (exit 2) and print the reports of those cases.
TAME_ACTION_WEIGHTS = [
    ("push", 24), ("sheet", 10), ("startFlow", 4), ("dismissAll", 2), ("dismissPresented", 2),
    ("dismissAlert", 2),
]


class SpecGenerator:
    """Random valid v1 specs, deterministic for one `random.Random`."""

    def __init__(self, rng):
        self.rng = rng

    def spec(self, index):
        rng = self.rng
        self.tame = rng.random() < 0.2
        self.destinations = [f"D{i}" for i in range(rng.randint(2, 8))]
        self.flows = [f"F{i}" if rng.random() < 0.7 else f"Flow {i}"
                      for i in range(rng.choice([0, 0, 1, 1, 2]))]
        spec = {"name": f"Random{index:04d}",
                "root": "D0" if rng.random() < 0.8 else rng.choice(self.destinations),
                "bounds": {"maxStackDepth": rng.choice([1, 2, 3, 3, 4, 4]),
                           "maxPresentationDepth": rng.choice([1, 2, 2, 3, 3])},
                "destinations": [self.destination(name) for name in self.destinations]}
        if self.flows or rng.random() < 0.2:
            spec["flows"] = [self.flow(name) for name in self.flows]
        links = rng.choice([0, 0, 1, 2])
        if links or rng.random() < 0.2:
            spec["deepLinks"] = [self.deep_link(name)
                                 for name in rng.sample(DEEP_LINK_NAMES, links)]
        return spec

    def destination(self, name):
        rng = self.rng
        result = {"name": name}
        for option, p_false in (("navigation", 0.25), ("swipeToDismiss", 0.3)):
            roll = rng.random()
            if roll < p_false and not self.tame:
                result[option] = False
            elif roll < p_false + 0.15:
                result[option] = True
        count = rng.choice([0, 1, 2, 3, 3, 4, 4, 5, 5])
        labels = rng.sample(LABELS, count)
        result["transitions"] = [self.transition(labels[i]) for i in range(count)]
        return result

    def transition(self, label):
        rng = self.rng
        t = self.action(allow_alert=True, alert_depth=0)
        roll = rng.random()
        # Tame async work only closes things, and goes with its screen.
        if self.tame and roll < 0.3 and t["action"] not in (
                "dismissAll", "dismissPresented", "dismissAlert"):
            roll = 0.3 + 0.7 * rng.random()
        if roll < 0.3:
            t["trigger"] = "async"
            roll = 0 if self.tame else rng.random()
            if roll < 0.4:
                t["cancelsOnDismiss"] = True
            elif roll < 0.7:
                t["cancelsOnDismiss"] = False
        elif roll < 0.4:
            t["trigger"] = "user"
        if rng.random() < 0.65:
            t["label"] = label
        return t

    def action(self, allow_alert, alert_depth):
        rng = self.rng
        if allow_alert and rng.random() < (0.15 if alert_depth == 0 else 0.3):
            return self.alert(alert_depth)
        weights = TAME_ACTION_WEIGHTS if self.tame else ACTION_WEIGHTS
        kinds = [(k, w) for k, w in weights if k != "startFlow" or self.flows]
        kind = rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        action = {"action": kind}
        if kind in ("push", "sheet", "fullScreenCover", "dismissTo", "popTo"):
            action["destination"] = rng.choice(self.destinations)
        elif kind == "dismiss" and rng.random() < 0.4:
            action["destination"] = rng.choice(self.destinations)
        elif kind == "startFlow":
            action["flow"] = rng.choice(self.flows)
        elif kind == "dismissCount":
            action["count"] = rng.randint(1, 3)
        return action

    def alert(self, depth):
        rng = self.rng
        result = {"action": "alert", "alert": rng.choice(ALERT_NAMES)}
        count = rng.randint(0, 3)
        if count or rng.random() < 0.7:
            buttons = []
            for label in rng.sample(BUTTON_LABELS, count):
                button = {"label": label}
                if rng.random() < 0.6:
                    # A nested alert at most two deep keeps the spec readable.
                    button["action"] = self.action(allow_alert=depth < 1, alert_depth=depth + 1)
                buttons.append(button)
            result["buttons"] = buttons
        return result

    def flow(self, name):
        rng = self.rng
        return {"name": name,
                "steps": [{"style": rng.choice(["push", "push", "sheet"] if self.tame
                                               else ["push", "push", "sheet", "fullScreenCover"]),
                           "destination": rng.choice(self.destinations)}
                          for _ in range(rng.randint(1, 3))]}

    def deep_link(self, name):
        rng = self.rng
        link = {"name": name}
        if self.tame:
            # From the app root after clearing everything above it: nothing covers the screen.
            link["actions"] = [{"action": "dismissAll"}, self.action(False, 0)]
            return link
        roll = rng.random()
        if roll < 0.4:
            link["start"] = "active"
        elif roll < 0.6:
            link["start"] = "root"
        link["actions"] = [self.action(allow_alert=True, alert_depth=0)
                           for _ in range(rng.randint(1, 3))]
        return link


# MARK: - Running and normalising


def run(binary, args, cwd):
    """Runs one navcheck command; returns (exit status, stdout, stderr) as text."""
    try:
        p = subprocess.run([binary, *args], cwd=cwd, capture_output=True, timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return ("timeout", "", f"timed out after {RUN_TIMEOUT} s\n")
    # surrogateescape keeps stray bytes distinct, so the comparison stays byte for byte.
    return (p.returncode, p.stdout.decode("utf-8", "surrogateescape"),
            p.stderr.decode("utf-8", "surrogateescape"))


JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
JSON_SCALAR = re.compile(r'\s*:\s*("(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)')


def is_masked(key):
    return key in MASKED_KEYS or key.endswith(MASKED_KEY_SUFFIXES)


def mask_json(text):
    """The JSON report with the values of masked keys replaced, every other byte kept.

    It works on the text rather than re-serialising a parsed value, so that a change of
    number formatting, key order or indentation is still a difference. Keys are found by
    walking string tokens, so a key's name inside a string value is left alone.
    """
    out = []
    pos = 0
    i = 0
    while True:
        m = JSON_STRING.search(text, i)
        if not m:
            break
        try:
            key = json.loads(m.group(0))
        except ValueError:  # not JSON after all (a crash's partial output): no key
            key = None
        value = JSON_SCALAR.match(text, m.end())
        # A string is a key when ':' follows it; then the value may be masked.
        if value and key is not None and is_masked(key):
            out.append(text[pos:value.start(1)])
            out.append('"<masked>"')
            pos = value.end(1)
            i = value.end(1)
        elif value and value.group(1).startswith('"'):
            i = value.end(1)  # skip the string value: it is no key
        else:
            i = m.end()
    out.append(text[pos:])
    return "".join(out)


# Each build's bundled specs live in its own checkout: their source paths differ, nothing else.
CHECKOUT_SPECS = re.compile(r"/[^\s\"']*/Specs/")


def normalise(text, fmt):
    text = CHECKOUT_SPECS.sub("<checkout>/Specs/", text)
    if fmt == "json":
        return mask_json(text)
    return TEXT_TIMING.sub(r"\1, <time>", text)


def first_difference(a, b):
    """The first line where a and b differ: (line number, line of a, line of b)."""
    la, lb = a.split("\n"), b.split("\n")
    for n in range(max(len(la), len(lb))):
        x = la[n] if n < len(la) else "<end of output>"
        y = lb[n] if n < len(lb) else "<end of output>"
        if x != y:
            return n + 1, x, y
    return None


def short(line, width=140):
    line = repr(line)[1:-1]
    return line if len(line) <= width else line[:width] + "…"


class Case:
    """One spec (file, bundled name or none for all bundled) to run with both builds."""

    def __init__(self, group, title, spec_args, spec_file=None):
        self.group = group  # "random", "bundled", "example"
        self.title = title
        self.spec_args = spec_args
        self.spec_file = spec_file
        self.mismatches = []  # (threads, format, description, before_raw, after_raw)
        self.before_exit = None
        self.before_json = None  # the parsed BEFORE json report at the first thread count
        self.thread_variation = False  # BEFORE's output differs between thread counts


def run_case(case, before, after, threads, cwd):
    normalised_by_threads = {}
    for t in threads:
        for fmt in ("json", "text"):
            args = ["check", *case.spec_args, "--threads", str(t),
                    "--max-states", str(MAX_STATES), "--format", fmt]
            b = run(before, args, cwd)
            a = run(after, args, cwd)
            nb = (b[0], normalise(b[1], fmt), normalise(b[2], "text"))
            na = (a[0], normalise(a[1], fmt), normalise(a[2], "text"))
            normalised_by_threads.setdefault(fmt, {})[t] = nb
            if case.before_exit is None:
                case.before_exit = b[0]
            if fmt == "json" and case.before_json is None:
                try:
                    case.before_json = json.loads(b[1])
                except ValueError:
                    case.before_json = None
            if nb == na and "timeout" not in (b[0], a[0]):
                continue
            if nb[0] != na[0]:
                what = f"exit status {nb[0]} vs {na[0]}"
                diff = first_difference(nb[1], na[1]) or first_difference(nb[2], na[2])
                if diff:
                    what += f"; line {diff[0]}: before: {short(diff[1])} | after: {short(diff[2])}"
            elif nb[1] != na[1]:
                n, x, y = first_difference(nb[1], na[1])
                what = f"stdout line {n}: before: {short(x)} | after: {short(y)}"
            elif nb[2] != na[2]:
                n, x, y = first_difference(nb[2], na[2])
                what = f"stderr line {n}: before: {short(x)} | after: {short(y)}"
            else:
                what = "timeout"
            case.mismatches.append((t, fmt, what, b, a))
    for fmt, by_threads in normalised_by_threads.items():
        outputs = list(by_threads.values())
        if any(o != outputs[0] for o in outputs[1:]):
            case.thread_variation = True
    return case


def keep_mismatch(case, keep_dir):
    base = re.sub(r"[^A-Za-z0-9_.-]+", "_", case.title)
    if case.spec_file:
        shutil.copy(case.spec_file, os.path.join(keep_dir, base))
    for t, fmt, _, b, a in case.mismatches:
        for side, out in (("before", b), ("after", a)):
            path = os.path.join(keep_dir, f"{base}.t{t}.{fmt}.{side}")
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(f"exit {out[0]}\n--- stdout\n{out[1]}--- stderr\n{out[2]}")


def bundled_names(binary, cwd):
    status, out, err = run(binary, ["list"], cwd)
    if status != 0:
        sys.exit(f"differential: `{binary} list` failed ({status}): {err.strip()}")
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def describe_distribution(cases):
    complete = cut = violating = unknown = 0
    states = []
    for case in cases:
        report = case.before_json
        if not report or not report.get("results"):
            unknown += 1
            continue
        r = report["results"][0]
        if r.get("complete"):
            complete += 1
        else:
            cut += 1
        if r.get("violations"):
            violating += 1
        states.append(r.get("states", 0))
    line = (f"random specs (BEFORE, first thread count): {complete} complete, "
            f"{cut} cut short at --max-states {MAX_STATES}, {violating} with violations")
    if states:
        line += (f"; states min {min(states)}, median {statistics.median(states):g}, "
                 f"max {max(states)}")
    if unknown:
        line += f"; {unknown} without a JSON result"
    return line


def main():
    parser = argparse.ArgumentParser(
        description="Check that two navcheck builds give byte-identical results on v1 specs.")
    parser.add_argument("before", help="the navcheck binary before the change")
    parser.add_argument("after", help="the navcheck binary after the change")
    parser.add_argument("--count", type=int, default=300, help="random specs (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument("--threads", default="1,3", help="thread counts (default 1,3)")
    parser.add_argument("--keep", help="folder for mismatching specs and outputs "
                        "(default: a new temporary folder)")
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--examples",
                        default=os.path.join(repo, os.pardir, "shared", "examples"),
                        help="folder of example specs (default: ../shared/examples beside "
                        "the repository)")
    args = parser.parse_args()
    try:
        threads = [int(t) for t in args.threads.split(",") if t.strip()]
    except ValueError:
        parser.error(f"--threads: expected numbers separated by commas, got {args.threads!r}")
    if not threads or args.count < 0:
        parser.error("--threads needs at least one count and --count must be 0 or more")
    before, after = os.path.abspath(args.before), os.path.abspath(args.after)
    for binary in (before, after):
        if not os.access(binary, os.X_OK):
            parser.error(f"{binary} is not an executable file")

    keep_dir = args.keep or tempfile.mkdtemp(prefix="navcheck-differential-")
    os.makedirs(keep_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="navcheck-differential-work-")
    print(f"differential: mismatching specs and outputs go to {keep_dir}", flush=True)

    cases = []
    generator = SpecGenerator(random.Random(args.seed))
    for i in range(args.count):
        name = f"random{i:04d}.json"
        with open(os.path.join(work, name), "w") as f:
            json.dump(generator.spec(i), f, indent=1, ensure_ascii=False)
            f.write("\n")
        cases.append(Case("random", name, [name], os.path.join(work, name)))
    cases.append(Case("bundled", "(all bundled)", []))
    for name in bundled_names(before, work):
        cases.append(Case("bundled", name, [name]))
    examples = os.path.normpath(os.path.abspath(args.examples))
    if os.path.isdir(examples):
        for name in sorted(os.listdir(examples)):
            if name.endswith(".json") and not name.endswith(".expected.json"):
                path = os.path.join(examples, name)
                cases.append(Case("example", name, [path], path))
    else:
        print(f"differential: warning: no examples folder at {examples}", flush=True)

    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        futures = [pool.submit(run_case, c, before, after, threads, work) for c in cases]
        for future in futures:  # in order, so the report is the same from run to run
            case = future.result()
            group = case.group
            if group == "example" and case.before_exit == 65:
                group = "v2-example (rejected by BEFORE)"
            for t, fmt, what, _, _ in case.mismatches:
                print(f"MISMATCH {group} {case.title} threads={t} format={fmt}: {what}",
                      flush=True)
            if case.mismatches:
                keep_mismatch(case, keep_dir)

    randoms = [c for c in cases if c.group == "random"]
    bundled = [c for c in cases if c.group == "bundled"]
    examples_v1 = [c for c in cases if c.group == "example" and c.before_exit != 65]
    examples_v2 = [c for c in cases if c.group == "example" and c.before_exit == 65]
    invalid = [c for c in randoms if c.before_exit not in (0, 1, 2)]
    varied = [c for c in cases if c.thread_variation]

    print(describe_distribution(randoms))
    if invalid:
        print(f"differential: warning: BEFORE did not check {len(invalid)} generated specs "
              f"(exit {sorted({str(c.before_exit) for c in invalid})}): "
              + ", ".join(c.title for c in invalid[:10]))
    if varied:
        print(f"differential: note: BEFORE's output differs between thread counts for "
              f"{len(varied)} specs (not a mismatch between builds): "
              + ", ".join(c.title for c in varied[:10]))

    def mismatching(group):
        return sum(len(c.mismatches) for c in group)

    v1_mismatches = mismatching(randoms) + mismatching(bundled) + mismatching(examples_v1)
    v2_mismatches = mismatching(examples_v2)
    print(f"v2 specs, rejected by BEFORE: {len(examples_v2)} "
          f"({', '.join(c.title for c in examples_v2) or 'none'}): {v2_mismatches} mismatches")
    print(f"differential: {len(randoms)} random specs x {len(threads)} thread counts x 2 formats, "
          f"{len(bundled) - 1} bundled (and all at once), {len(examples_v1)} example"
          f"{'' if len(examples_v1) == 1 else 's'}: {v1_mismatches} mismatches")
    shutil.rmtree(work, ignore_errors=True)
    if v1_mismatches or v2_mismatches:
        print(f"differential: mismatching specs and both outputs kept in {keep_dir}")
    elif not args.keep:
        os.rmdir(keep_dir)
    return 1 if v1_mismatches or v2_mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
