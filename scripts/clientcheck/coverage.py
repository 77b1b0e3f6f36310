#!/usr/bin/env python3
"""Coverage of a Node client's own loading code over harness runs (V8 block coverage).

    scripts/clientcheck/harness.sh run --client gemini ...      # records <run>/v8coverage
    scripts/clientcheck/harness.sh write ...                     # the figure, and docs/coverage/gemini.md
    python3 scripts/clientcheck/coverage.py report DIR [--markdown FILE]

With CLIENTCHECK_V8_COVERAGE set (harness.py run sets it), clientcheck.run gives each client process
NODE_V8_COVERAGE (a temporary directory) and, when it exits, keeps only the functions on the client's
loading path (reduce: coverage-path.json names the modules of the bundle, by the `// packages/...ts`
markers esbuild writes, and which functions of each) as one line of DIR/<uuid>.jsonl; the raw files
(megabytes per process) are removed.

report merges every line: a function is reached when some process called it; a block (a branch
V8 reports: an if/else arm, a ternary arm, a loop body, a catch, a short-circuit operand) is
reached when, in some process, the innermost range that holds it ran. The figure is the units
reached over the units on the path (each function, plus each block of the functions called at
all; a function never called counts once, its blocks unknown). Each unit never reached is listed
with its module, function and text, and the reason coverage-reasons.json gives for it (a grammar
rule that should reach it, or why mcpconf does not model it); "no reason yet" otherwise.

Only Node clients: Gemini CLI today (Codex is a Rust binary behind a Node wrapper, Claude Code a
native binary: normalize/loadpath/<client>.json and loadpath.py cover them by messages and keys).
"""

import argparse
import bisect
import glob
import json
import os
import re
import shutil
import sys
import tempfile
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
LOADPATH = os.path.join(HERE, "coverage-path.json")
REASONS = os.path.join(HERE, "coverage-reasons.json")
MARKER = re.compile(r"^// ((?:packages|node_modules)/[^\s]+\.[cm]?[jt]sx?)$", re.M)

_modules = {}  # url -> (offsets16, names, text)


def load_path():
    with open(LOADPATH, encoding="utf-8") as f:
        return json.load(f)


def _utf16_offsets(text, positions):
    """The UTF-16 offsets (V8's) of the code point positions, sorted."""
    out, last, acc = [], 0, 0
    for p in positions:
        acc += len(text[last:p].encode("utf-16-le")) // 2
        out.append(acc)
        last = p
    return out


def module_map(url):
    """The module markers of a bundle file: their UTF-16 offsets and module paths."""
    if url in _modules:
        return _modules[url]
    path = url[len("file://"):] if url.startswith("file://") else url
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        _modules[url] = None
        return None
    ms = list(MARKER.finditer(text))
    offs = _utf16_offsets(text, [m.start() for m in ms])
    _modules[url] = (offs, [module_name(m.group(1)) for m in ms], text)
    return _modules[url]


def module_name(marker):
    """packages/core/dist/src/x.js and packages/core/src/x.ts are one module: packages/core/src/x."""
    return re.sub(r"\.[cm]?[jt]sx?$", "", marker.replace("/dist/src/", "/src/"))


def module_at(mm, off):
    """The module whose marker is the last at or before off."""
    offs, names, _ = mm
    i = bisect.bisect_right(offs, off)
    return names[i - 1] if i > 0 else None


def on_path(client, module, name):
    want = client["modules"].get(module)
    if want is None:
        return False
    if isinstance(want, dict):
        return name not in want.get("except", [])
    return want == "*" or name in want


def reduce(rawdir, outdir):
    """Keep the loading-path functions of every coverage file in rawdir as one jsonl line."""
    lp = load_path()
    kept = []
    for p in glob.glob(os.path.join(rawdir, "*.json")):
        try:
            with open(p, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            continue
        for script in data.get("result", []):
            url = script.get("url", "")
            for cname, client in lp.items():
                if client["package"] not in url:
                    continue
                mm = module_map(url)
                if not mm:
                    continue
                fns = []
                for fn in script.get("functions", []):
                    r0 = fn["ranges"][0]
                    mod = module_at(mm, r0["startOffset"])
                    if mod and fn["functionName"] and on_path(client, mod, fn["functionName"]):
                        fns.append([mod, fn["functionName"], [[r["startOffset"], r["endOffset"], r["count"]] for r in fn["ranges"]]])
                if fns:
                    kept.append({"client": cname, "url": url, "functions": fns})
    if kept:
        os.makedirs(outdir, exist_ok=True)
        with open(os.path.join(outdir, uuid.uuid4().hex + ".jsonl"), "w", encoding="utf-8") as f:
            for k in kept:
                f.write(json.dumps(k, separators=(",", ":")) + "\n")


def coverage_env(env):
    """Give a client process NODE_V8_COVERAGE when CLIENTCHECK_V8_COVERAGE is set: (env, rawdir)."""
    out = os.environ.get("CLIENTCHECK_V8_COVERAGE")
    if not out:
        return env, None
    raw = tempfile.mkdtemp(prefix="v8cov-")
    env = dict(env, NODE_V8_COVERAGE=raw)
    return env, raw


def collect(raw):
    if raw:
        try:
            reduce(raw, os.environ["CLIENTCHECK_V8_COVERAGE"])
        finally:
            shutil.rmtree(raw, ignore_errors=True)


_utf16 = {}  # id(text) -> the text in UTF-16, encoded once per bundle file


def snippet(mm, s, e, width=110):
    _, _, text = mm
    # offsets are UTF-16; the bundle text near them is what a reader greps for
    t16 = _utf16.get(id(text))
    if t16 is None:
        t16 = _utf16[id(text)] = text.encode("utf-16-le")
    frag = t16[2 * s:2 * min(e, s + 400)].decode("utf-16-le", "replace")
    frag = " ".join(frag.split())
    return frag[:width] + ("…" if len(frag) > width else "")


def report(covdir, client_name):
    lp = load_path()
    client = lp[client_name]
    # function key: (module, name, start relative to its module's marker, end relative)
    funcs = {}
    for p in sorted(glob.glob(os.path.join(covdir, "*.jsonl"))):
        with open(p, encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                if rec["client"] != client_name:
                    continue
                mm = module_map(rec["url"])
                if not mm:
                    continue
                offs, names, _ = mm
                for mod, name, ranges in rec["functions"]:
                    if not on_path(client, mod, name):
                        continue  # the path was narrowed since the run
                    s0, e0, c0 = ranges[0]
                    # the module's marker before s0
                    base = offs[bisect.bisect_right(offs, s0) - 1]
                    key = (mod, name, s0 - base, e0 - base)
                    fr = funcs.setdefault(key, {"url": rec["url"], "base": base, "blocks": set(), "runs": []})
                    rel = [(s - base, e - base, c) for s, e, c in ranges]
                    fr["runs"].append(rel)
                    for s, e, _c in rel[1:]:
                        fr["blocks"].add((s, e))
    units = []  # (module, function, kind, reached, text)
    for key, fr in sorted(funcs.items()):
        mod, name, s0, e0 = key
        mm = module_map(fr["url"])
        called = any(run[0][2] > 0 for run in fr["runs"])
        units.append((mod, name, "function", called, snippet(mm, fr["base"] + s0, fr["base"] + e0)))
        if not called:
            continue
        for bs, be in sorted(fr["blocks"]):
            reached = False
            for run in fr["runs"]:
                inner = None
                for s, e, c in run:
                    if s <= bs and be <= e and (inner is None or e - s <= inner[1] - inner[0]):
                        inner = (s, e, c)
                if inner and inner[2] > 0:
                    reached = True
                    break
            units.append((mod, name, "block", reached, snippet(mm, fr["base"] + bs, fr["base"] + be)))
    # functions on the path no process compiled are not in any file: they count as missing too
    seen = {(k[0], k[1]) for k in funcs}
    for mod, want in sorted(client["modules"].items()):
        if isinstance(want, list):
            for name in want:
                if (mod, name) not in seen:
                    units.append((mod, name, "function", False, "(never loaded)"))
    return units


def load_reasons():
    try:
        with open(REASONS, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def reason_for(reasons, mod, name, text):
    for r in reasons.get("reasons", []):
        if r["module"] == mod and r.get("function", name) == name and r.get("match", "") in text:
            return r["reason"]
    return ""


def markdown(client_name, units, version, trees=0):
    reasons = load_reasons()
    total, reached = len(units), sum(1 for u in units if u[3])
    fn = [u for u in units if u[2] == "function"]
    out = [f"# Coverage of {client_name}'s loading path ({version})", "",
           "Generated by `scripts/clientcheck/coverage.py report` from a harness run with "
           f"`CLIENTCHECK_V8_COVERAGE` ({trees} generated trees); the loading path is `scripts/clientcheck/coverage-path.json`, the "
           "reasons `scripts/clientcheck/coverage-reasons.json`. Do not edit by hand.", "",
           f"- units reached: **{reached}/{total}** ({100.0 * reached / max(total, 1):.1f}%)",
           f"- functions called: {sum(1 for u in fn if u[3])}/{len(fn)}",
           f"- blocks reached in the functions called: {sum(1 for u in units if u[2] == 'block' and u[3])}/"
           f"{sum(1 for u in units if u[2] == 'block')}", "",
           f"- never reached: {total - reached}, of which {sum(1 for u in units if not u[3] and reason_for(reasons, u[0], u[1], u[4]))} "
           "with a reason (not modelled, another system, not on the MCP path) and "
           f"{sum(1 for u in units if not u[3] and not reason_for(reasons, u[0], u[1], u[4]))} without one yet (a grammar rule to write)", "",
           "## Never reached", "",
           "| module | function | kind | code | why |", "|---|---|---|---|---|"]
    for mod, name, kind, ok, text in units:
        if ok:
            continue
        why = reason_for(reasons, mod, name, text) or "no reason yet"
        code = text.replace("|", "\\|").replace("`", "'")
        out.append(f"| `{mod.split('/src/', 1)[-1]}` | `{name}` | {kind} | `{code}` | {why} |")
    out.append("")
    return "\n".join(out), reached, total


def harness_entry(run, client, version, trees, docs):
    """The coverage entry of docs/agreement.json for a Node client from a harness run's V8 coverage
    (<run>/v8coverage, which harness.py run records), with its report written as docs/coverage/<client>.md;
    None when the run has none or the client has no path in coverage-path.json."""
    lp = load_path()
    d = os.path.join(run, "v8coverage")
    if client not in lp or not glob.glob(os.path.join(d, "*.jsonl")):
        return None
    units = report(d, client)
    md, reached, total = markdown(lp[client].get("product", client), units, version, trees)
    out = os.path.join(docs, "coverage", client + ".md")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(md)
    reasons = load_reasons()
    missed = [f"{m.split('/src/', 1)[-1]} {n}: {t}".replace("`", "'") for m, n, _k, ok, t in units
              if not ok and not reason_for(reasons, m, n, t)]
    return {
        "reached": reached, "on_path": total, "unit": "functions and branches",
        "method": f"V8 block coverage of {lp[client].get('product', client)}'s own code from process start to its server list over the run's "
                  f"{trees} trees (scripts/clientcheck/coverage.py; the path is scripts/clientcheck/coverage-path.json); "
                  f"docs/coverage/{client}.md lists every unit not reached and why; those without a reason yet follow",
        "missed": missed,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("report", help="merge a coverage directory and print (or write) the report")
    r.add_argument("dir")
    r.add_argument("--client", default="gemini")
    r.add_argument("--version", default="")
    r.add_argument("--markdown", help="write the report here")
    r.add_argument("--json", help="update this client's entry of docs/coverage.json")
    r.add_argument("--trees", type=int, default=0, help="how many generated trees the run had")
    a = ap.parse_args()
    lp = load_path()
    units = report(a.dir, a.client)
    md, reached, total = markdown(lp[a.client].get("product", a.client), units, a.version, a.trees)
    if a.markdown:
        os.makedirs(os.path.dirname(a.markdown) or ".", exist_ok=True)
        with open(a.markdown, "w", encoding="utf-8") as f:
            f.write(md)
    else:
        sys.stdout.write(md)
    if a.json:
        data = {"clients": []}
        if os.path.exists(a.json):
            with open(a.json, encoding="utf-8") as f:
                data = json.load(f)
        product = lp[a.client]["product"]
        entry = {"product": product, "version": a.version, "method": "V8 block coverage (functions, and branches of those called)",
                 "reached": reached, "total": total, "trees": a.trees,
                 "report": os.path.relpath(a.markdown, os.path.dirname(a.json)) if a.markdown else ""}
        data["clients"] = [c for c in data.get("clients", []) if c.get("product") != product] + [entry]
        data["clients"].sort(key=lambda c: c["product"])
        data["generated_by"] = "scripts/clientcheck/coverage.py report --json (Node clients); other clients' entries by hand from their reports"
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, ensure_ascii=False)
            f.write("\n")
    print(f"{a.client}: {reached}/{total} units reached", file=sys.stderr)


if __name__ == "__main__":
    main()
