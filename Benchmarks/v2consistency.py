#!/usr/bin/env python3
"""Self-consistency of SEMANTICS v2 on random specs: one navcheck build, no baseline.

Generates random valid v2 JSON specs (tabs or modules, modals, dialogs, sequences, pushStack,
selectTab, showModule, onDismiss with every actsOn, flags, guards, async outcomes, stack and
app work, deep links) from one seed, and for each checks that
  - `navcheck check` neither crashes nor rejects it (exit 0, 1 or 2);
  - the JSON result is the same at 1 and 3 threads (wall time and thread count masked);
  - every violation it reports replays (`navcheck replay SPEC REPORT --violation N`) to the
    same rule.

With --v3, the specs also use SEMANTICS v3 (Docs/Semantics.md §11): deep links on the selected
stack or a tab's router, work that no tap starts (`"tap": false`), `start` and `cancel` actions,
swipes to dismiss with conditions, tab buttons, toasts, item presentations, module switches
that keep the selected tab, broadcasts, window-level prompts, presentations on the app.

Usage:
    python3 Benchmarks/v2consistency.py NAVCHECK [--count N (default 100)] [--seed S (default 1)]
        [--v3]

Exit status 0 when every spec is consistent, 1 otherwise.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

MAX_STATES = 200_000
MASKED = ("seconds", "threads", "statesPerSecond")


def gen(seed, v3=False):
    r = random.Random(seed)
    n = r.randint(2, 5)
    names = [f"D{i}" for i in range(n)]
    flags = [f"f{i}" for i in range(r.randint(0, 2))]
    spec = {"name": f"R{seed}"}
    kind = r.choice(["root", "tabs", "modules"])
    if kind == "root": spec["root"] = names[0]
    elif kind == "tabs": spec["tabs"] = names[:2]
    else: spec["modules"] = [{"name": "M0", "root": names[0]}, {"name": "M1", "tabs": names[:2]}]
    if flags: spec["flags"] = [{"name": f, "initially": r.random() < 0.3} for f in flags]
    spec["bounds"] = {"maxStackDepth": r.randint(1, 3), "maxPresentationDepth": r.randint(1, 2)}
    tabs = names[:2] if kind != "root" else []
    modules = ["M0", "M1"] if kind == "modules" else [spec["name"]]
    def action(depth=0):
        k = r.choice(["push", "sheet", "fullScreenCover", "modal", "dismiss", "dismissEnvironment", "alert",
                      "pushStack", "selectTab", "showModule", "setFlag", "dismissAll", "dismissStack", "dismissPresented"])
        a = {"action": k}
        if k in ("push", "sheet", "fullScreenCover", "modal"):
            a["destination"] = r.choice(names)
            if k == "modal" and r.random() < 0.3: a["dismissOnBackgroundTap"] = False
            if depth == 0 and r.random() < 0.3:
                od = {"actions": [action(1) for _ in range(r.randint(1, 2))]}
                if r.random() < 0.4: od["actsOn"] = r.choice(["screen", "stack", "app"])
                a["onDismiss"] = od
        elif k == "alert":
            a["alert"] = r.choice(["A", "B"])
            if r.random() < 0.5: a["style"] = "confirmationDialog"
            if depth == 0:
                a["buttons"] = [{"label": f"b{i}", **({"actions": [action(1)]} if r.random() < 0.6 else {})} for i in range(r.randint(0, 2))]
                for b in a["buttons"]:
                    if flags and r.random() < 0.3: b["when"] = r.choice(flags)
        elif k == "pushStack": a["destinations"] = [r.choice(names) for _ in range(r.randint(1, 2))]
        elif k == "selectTab":
            if not tabs: return {"action": "dismissAlert"}
            a["tab"] = r.choice(tabs)
        elif k == "showModule": a["module"] = r.choice(modules)
        elif k == "setFlag":
            if not flags: return {"action": "dismissAlert"}
            a["flag"] = r.choice(flags); a["value"] = r.random() < 0.5
        return a
    dests = []
    for i, nm in enumerate(names):
        trs = []
        for j in range(r.randint(0, 4)):
            t = {}
            if r.random() < 0.3:
                t["trigger"] = "async"; t["label"] = f"w{j}"
                if r.random() < 0.3: t["cancelsOnDismiss"] = True
                if r.random() < 0.4: t["actsOn"] = r.choice(["stack", "app"])
                if r.random() < 0.5:
                    t["outcomes"] = [{"label": "ok", "actions": [action()]}, {"label": "no", "actions": [] if r.random() < 0.5 else [action()]}]
                else:
                    t["actions"] = [action() for _ in range(r.randint(1, 2))]
            else:
                t["actions"] = [action() for _ in range(r.randint(1, 2))]
                t["label"] = f"t{j}"
            if flags and r.random() < 0.3: t[r.choice(["when", "unless"])] = r.choice(flags)
            trs.append(t)
        d = {"name": nm, "transitions": trs}
        if r.random() < 0.3: d["navigation"] = False
        if r.random() < 0.2: d["swipeToDismiss"] = False
        dests.append(d)
    # async labels for unlessPending
    for d in dests:
        asyncs = [t["label"] for t in d["transitions"] if t.get("trigger") == "async"]
        for t in d["transitions"]:
            if asyncs and t.get("trigger") != "async" and r.random() < 0.3: t["unlessPending"] = r.choice(asyncs)
    spec["destinations"] = dests
    if r.random() < 0.5:
        dl = {"name": "dl", "actions": [action(1)]}
        if r.random() < 0.5: dl["start"] = "active"
        if flags and r.random() < 0.3: dl["when"] = r.choice(flags)
        spec["deepLinks"] = [dl]
    if v3:
        add_v3(r, spec, tabs, action)
    return spec


def add_v3(r, spec, tabs, action):
    """SEMANTICS v3 on a generated spec, drawn from its own generator's stream (so the v2 part
    is what it would be without --v3): links on a router, untapped work, start and cancel, swipe
    conditions, tab buttons, toasts, item presentations, broadcasts, window prompts, the app's
    presenter."""
    for link in spec.get("deepLinks", []):
        choice = r.random()
        if choice < 0.3:
            link["start"] = "stack"
        elif choice < 0.6 and tabs:
            link["start"] = "tab"
            link["tab"] = r.choice(tabs)
    for d in spec["destinations"]:
        work = [t for t in d["transitions"] if t.get("trigger") == "async"]
        for t in work:
            if r.random() < 0.3:
                t["tap"] = False
                for key in ("when", "unless", "unlessPending"):
                    t.pop(key, None)
        if d.get("swipeToDismiss", True) and r.random() < 0.3:
            # The sheet's swipe only while its conditions hold (§11.3).
            flags = [f["name"] for f in spec.get("flags", [])]
            conditions = {}
            if flags and r.random() < 0.5: conditions[r.choice(["when", "unless"])] = r.choice(flags)
            labelled = [t["label"] for t in work]
            if labelled and (not conditions or r.random() < 0.5):
                conditions["unlessPending"] = r.choice(labelled)
            if conditions: d["swipeToDismiss"] = conditions
        if work and r.random() < 0.6:
            # First in a tap's sequence: performed from a screen of d (§11.2).
            kind = r.choice(["start", "cancel"])
            first = {"action": kind, "work": r.choice(work)["label"]}
            d["transitions"].append(
                {"actions": [first] + ([action()] if r.random() < 0.5 else []), "label": "v3"})
    # Stack and app work may be started from anywhere, a deep link too (naming its destination).
    movable = [(d["name"], t["label"]) for d in spec["destinations"] for t in d["transitions"]
               if t.get("trigger") == "async" and t.get("actsOn") in ("stack", "app")
               and not t.get("cancelsOnDismiss")]
    if movable and r.random() < 0.5:
        name, label = r.choice(movable)
        spec.setdefault("deepLinks", []).append(
            {"name": "work", "start": "active",
             "actions": [{"action": r.choice(["start", "cancel"]), "work": label, "destination": name}]})
    # Tab buttons (§11.5), drawn last so that the specs above stay what they were: on the spec's
    # tabs, or on a module with tabs, performed from the selected stack's top.
    owners = ([spec] if "tabs" in spec else []) + [m for m in spec.get("modules", []) if "tabs" in m]
    flags = [f["name"] for f in spec.get("flags", [])]
    for owner in owners:
        if r.random() < 0.5:
            button = {"name": "Item", "actions": [action()] + ([action()] if r.random() < 0.3 else [])}
            if flags and r.random() < 0.3: button[r.choice(["when", "unless"])] = r.choice(flags)
            owner["tabButtons"] = [button]
    # Toasts (§11.4), drawn last again: a transition of some destination shows one, whose tap
    # acts from a start (the tabs' when the spec has tabs); another may close it.
    if r.random() < 0.5:
        d = r.choice(spec["destinations"])
        toast = {"action": "toast", "toast": r.choice(["T", "U"])}
        starts = ["active", "root", "stack"] + (["tab"] if tabs else [])
        start = r.choice(starts)
        if start != "active": toast["start"] = start
        if start == "tab": toast["tab"] = r.choice(tabs)
        if r.random() < 0.4: toast["level"] = "root"
        if r.random() < 0.3: toast["expires"] = False
        if r.random() < 0.7: toast["onTap"] = [action()]
        d["transitions"].append({"actions": [toast], "label": "toast"})
        if r.random() < 0.3:
            r.choice(spec["destinations"])["transitions"].append(
                {"actions": [{"action": "dismissToast"}], "label": "untoast"})
    # Item presentations (§11.6) and module switches keeping the tab (§11.9), drawn last.
    tabbed = {spec["name"]} if "tabs" in spec else {"M1"} if "modules" in spec else set()
    def walk(actions):
        for a in actions:
            if a.get("action") in ("sheet", "fullScreenCover") and r.random() < 0.4:
                a["item"] = True
            # A module switch that keeps the selected tab (§11.9), to a module with tabs.
            if a.get("action") == "showModule" and a["module"] in tabbed and r.random() < 0.5:
                a["keepTab"] = True
            for b in a.get("buttons", []): walk(b.get("actions", []))
            walk(a.get("onTap", []))
    for d in spec["destinations"]:
        for t in d["transitions"]:
            if "actions" in t: walk(t["actions"])
            elif t.get("action"): walk([t])
            for o in t.get("outcomes", []): walk(o.get("actions", []))
    # Broadcasts (§11.7), drawn last: one or two, each with observers of distinct destinations,
    # acting on their screen or their stack's top, maybe guarded by a flag.
    if r.random() < 0.6:
        names = [d["name"] for d in spec["destinations"]]
        casts = []
        for b in range(r.randint(1, 2)):
            observers = []
            for name in r.sample(names, r.randint(1, min(2, len(names)))):
                observer = {"destination": name,
                            "actions": [action()] + ([action()] if r.random() < 0.3 else [])}
                if r.random() < 0.5: observer["actsOn"] = "stack"
                observers.append(observer)
            cast = {"name": f"b{b}", "observers": observers}
            if flags and r.random() < 0.3: cast[r.choice(["when", "unless"])] = r.choice(flags)
            casts.append(cast)
        spec["broadcasts"] = casts
    # Window prompts (§11.8), drawn last: an alert at window level, shown by a tap, by an async
    # outcome or by a deep link; its buttons act from the active screen.
    def prompt():
        alert = {"action": "alert", "alert": r.choice(["P", "Q"]), "level": "window",
                 "buttons": [{"label": "Go", "actions": [action()]}, {"label": "No"}]}
        if r.random() < 0.3: alert["style"] = "confirmationDialog"
        if r.random() < 0.3: alert["buttons"] = alert["buttons"][1:]
        return alert
    if r.random() < 0.5:
        r.choice(spec["destinations"])["transitions"].append({"actions": [prompt()], "label": "ask"})
        work = [t for d in spec["destinations"] for t in d["transitions"]
                if t.get("trigger") == "async" and t.get("outcomes")]
        if work and r.random() < 0.5:
            r.choice(r.choice(work)["outcomes"]).setdefault("actions", []).append(prompt())
        if r.random() < 0.3:
            spec.setdefault("deepLinks", []).append({"name": "prompt", "actions": [prompt()]})
    # The app's presenter (§11.10), drawn last: some presentations are the app's, above the tabs.
    def on_app(actions):
        for a in actions:
            if a.get("action") in ("sheet", "fullScreenCover", "modal") and r.random() < 0.25:
                a["presenter"] = "app"
            for b in a.get("buttons", []): on_app(b.get("actions", []))
            on_app(a.get("onTap", []))
    for d in spec["destinations"]:
        for t in d["transitions"]:
            if "actions" in t: on_app(t["actions"])
            elif t.get("action"): on_app([t])
            for o in t.get("outcomes", []): on_app(o.get("actions", []))
    for link in spec.get("deepLinks", []): on_app(link.get("actions", []))


def run(navcheck, args):
    p = subprocess.run([navcheck] + args, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def check_spec(navcheck, path):
    """The problems of one spec, in words; empty where it is consistent."""
    problems = []
    results = {}
    for threads in (1, 3):
        code, out, err = run(
            navcheck,
            ["check", path, "--threads", str(threads), "--format", "json", "--max-states",
             str(MAX_STATES), "--progress", "never"])
        if code not in (0, 1, 2):
            return [f"exit {code} at {threads} thread(s): {err.strip()[:300]}"]
        result = json.loads(out)["results"][0]
        for key in MASKED:
            result.pop(key, None)
        results[threads] = (result, out)
    if results[1][0] != results[3][0]:
        problems.append("results differ between 1 and 3 threads")
    result, report = results[1]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(report)
        report_path = f.name
    try:
        for i, violation in enumerate(result["violations"], 1):
            code, out, err = run(navcheck, ["replay", path, report_path, "--violation", str(i)])
            text = out + err
            kind = violation["kind"]
            expected = "trap" if kind == "trap" else f"breaks {kind}"
            if expected not in text:
                problems.append(f"violation {i} ({kind}) does not replay: {text.strip()[-200:]}")
    finally:
        os.unlink(report_path)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("navcheck")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--v3", action="store_true", help="also use SEMANTICS v3's constructs")
    options = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for n in range(options.count):
            seed = options.seed * 100_000 + n
            path = os.path.join(folder, f"v2-{seed}.json")
            with open(path, "w") as f:
                json.dump(gen(seed, options.v3), f)
            problems = check_spec(options.navcheck, path)
            for problem in problems:
                print(f"seed {seed}: {problem}")
            failures += bool(problems)
    kind = "v3" if options.v3 else "v2"
    print(f"v2consistency: {options.count} random {kind} specs, {failures} inconsistent")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
