#!/usr/bin/env python3
"""How much of a client's loading path a harness run's trees reach.

    python3 scripts/clientcheck/loadpath.py --run DIR                  # print what the run's trees reach
    python3 scripts/clientcheck/loadpath.py --run DIR --agreement docs/agreement.json   # and record it there

normalize/loadpath/<client>.json lists every settings key, environment variable, path and message on the
client's way from process start to its server list, read from its code (for Claude Code, a native binary that
V8 coverage cannot see into). An item is reached when one tree of the run holds its input (a settings key in a
settings file, a key of ~/.claude.json, a variable, a file) or the client printed its message, by the item's
`detect` (or, for a setting or state item with a `key`, that key). Items with no way to see them (flags, policy
tiers the trees cannot hold) count as not reached. The figure goes into the client's entry of
docs/agreement.json as `coverage` (docs/clients.md § Agreement: go run ./internal/dev/update).
"""

import argparse
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LOADPATH = os.path.join(REPO, "normalize", "loadpath")

SETTINGS = re.compile(r"(^|/)(settings(\.local)?\.json|managed-settings\.json|managed-settings\.d/[^/]+\.json)$")
STATE = re.compile(r"(^|/)\.claude\.json$|(^|/)\.config\.json$")


def json_of(node):
    return node.get("json") if isinstance(node, dict) else None


def has_setting(tree, key):
    for rel, node in tree["files"].items():
        v = json_of(node)
        if SETTINGS.search(rel) and isinstance(v, dict) and key in v:
            return True
    return False


def has_state(tree, key):
    parts = key.split(".")
    for rel, node in tree["files"].items():
        v = json_of(node)
        if not (STATE.search(rel) and isinstance(v, dict)):
            continue
        if parts[0] == "projects" and len(parts) == 3:
            projects = v.get("projects")
            if isinstance(projects, dict) and any(isinstance(p, dict) and parts[2] in p for p in projects.values()):
                return True
        elif key in v:
            return True
    return False


def output_of(observed):
    out = [observed.get("raw") or "", observed.get("stderr") or ""]
    out += list(((observed.get("get") or {}).get("raw") or {}).values())
    return "\n".join(o for o in out if isinstance(o, str))


def reaches(item, tree, output):
    d = item.get("detect") or {}
    if "env" in d:
        return any(k.startswith(d["env"]) for k in tree.get("env", {}))
    if "file" in d:
        return any(re.search(d["file"], rel) for rel in tree["files"])
    if "tree" in d:
        return re.search(d["tree"], json.dumps(tree, ensure_ascii=False)) is not None
    if "output" in d:
        return re.search(d["output"], output) is not None
    key = item.get("key")
    if item["kind"] == "setting" and key:
        return has_setting(tree, key)
    if item["kind"] == "state" and key:
        return has_state(tree, key)
    return False


def results(run, client):
    for path in sorted(glob.glob(os.path.join(run, "results", client, "*.json"))):
        with open(path, encoding="utf-8") as f:
            r = json.load(f)
        if r.get("tree"):
            yield r["tree"], output_of(r.get("observed") or {})


def measure(run, client):
    with open(os.path.join(LOADPATH, client + ".json"), encoding="utf-8") as f:
        lp = json.load(f)
    items = lp["items"]
    hit = [0] * len(items)
    trees = 0
    for tree, output in results(run, client):
        trees += 1
        for i, it in enumerate(items):
            if reaches(it, tree, output):
                hit[i] += 1
    return lp, items, hit, trees


def coverage(run, client):
    """The coverage entry of docs/agreement.json for client over the run's trees; None when the client has no
    loading path (normalize/loadpath/<client>.json) or the run has no results for it."""
    if not os.path.exists(os.path.join(LOADPATH, client + ".json")):
        return None
    lp, items, hit, trees = measure(run, client)
    if trees == 0:
        return None
    return {
        "reached": sum(1 for n in hit if n), "on_path": len(items), "unit": "items",
        "method": f"{len(items)} items of normalize/loadpath/{client}.json (read from the client's {lp['version']} "
                  f"code), reached when one of the run's {trees} trees holds the input or the client printed the "
                  f"message (scripts/clientcheck/loadpath.py)",
        "missed": [it["name"] for it, n in zip(items, hit) if not n],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", required=True, help="the harness run directory")
    ap.add_argument("--client", default="claude-code")
    ap.add_argument("--agreement", help="record the figure in this docs/agreement.json")
    args = ap.parse_args()
    lp, items, hit, trees = measure(args.run, args.client)
    if trees == 0:
        sys.exit(f"no results for {args.client} in {args.run}")
    for it, n in zip(items, hit):
        print(f"{n:5d}  {it['kind']:8s} {it['name']}")
    reached = sum(1 for n in hit if n)
    print(f"{args.client}: {reached} of {len(items)} loading path items reached by {trees} trees")
    if args.agreement:
        with open(args.agreement, encoding="utf-8") as f:
            agreement = json.load(f)
        for c in agreement["clients"]:
            if c["client"] == args.client:
                c["coverage"] = coverage(args.run, args.client)
        tmp = args.agreement + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(agreement, f, indent=2, ensure_ascii=False)
            f.write("\n")
        os.replace(tmp, args.agreement)


if __name__ == "__main__":
    main()
