#!/usr/bin/env python3
"""fixcheck: check `mcpconf lint --fix --unsafe-fixes` against the real clients.

For every tree under testdata/clients/<case>/ and testdata/fixtures/<case>/ it stages a fresh copy
(as clientcheck.py stages a case: placeholders replaced, .git at the git root), runs
`mcpconf lint --fix --unsafe-fixes --scope all` with the tree's --root (the case's cwd), --home,
--system and --profile and the case's environment only, and records which files changed. For each
tree where something changed it then checks:

* every fixed file still parses: `mcpconf lint --format json` on the fixed copy has no `syntax`
  (or `refused-config`) finding the unfixed copy did not have;
* comments survived: no line holding a comment (`#`, `//`, `/*`) of a changed file is gone;
* the real clients still read the fixed files and list what mcpconf's view says: the fixed tree is
  written back as a case directory (paths back to @ROOT@, @HOME@, ...), the clients named by the
  case are run on it exactly as clientcheck.py runs a case (fresh copy and HOME per command), and
  clientdiff (clientcase.Compare, what TestRealClients checks) compares their listing with mcpconf's
  view of the same fixed tree. The unfixed tree is the baseline: its committed observed.json for a
  testdata/clients case, a fresh run of the clients for a fixture (fixtures were never run on them).

A fixture becomes a case as cmd/mcpconf's golden test stages it: the fixture directory is the project
(cwd, no .git), its home/ the home, its system/ the machine's root; the clients are its `clients`
file's claude, codex and gemini (all three when it has none).

Writes <out>/report.json and <out>/REPORT.md (the diff of every fixed file). Not part of go test.
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import clientcheck as cc  # noqa: E402

REPO = cc.REPO
FIXTURES = os.path.join(REPO, "testdata", "fixtures")
FIXTURE_CONTROL = {"names", "formats", "clients"}
FIXTURE_CLIENTS = {"claude": "claude-code", "codex": "codex", "gemini": "gemini"}
PARSE_RULES = {"syntax", "refused-config"}
COMMENT = re.compile(r"(^|\s)(#|//|/\*)")


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def git_rev():
    p = sh(["git", "rev-parse", "--short", "HEAD"], cwd=REPO)
    rev = p.stdout.strip()
    if sh(["git", "status", "--porcelain", "--", ".", ":!docs", ":!scripts"], cwd=REPO).stdout.strip():
        rev += "+dirty"
    return rev


# ---------------------------------------------------------------- trees


def fixture_case(name, dst):
    """Write fixture NAME as a case directory under dst; return (case_dir, case)."""
    src = os.path.join(FIXTURES, name)
    case_dir = os.path.join(dst, "fixture-" + name)
    proj = os.path.join(case_dir, "project")
    os.makedirs(proj)
    for e in sorted(os.listdir(src)):
        s = os.path.join(src, e)
        if e.startswith("want.") or e in FIXTURE_CONTROL:
            continue
        if e in ("home", "system") and os.path.isdir(s):
            shutil.copytree(s, os.path.join(case_dir, e))
        elif os.path.isdir(s):
            shutil.copytree(s, os.path.join(proj, e))
        else:
            shutil.copy2(s, os.path.join(proj, e))
    clients = list(cc.ALL_CLIENTS)
    cf = os.path.join(src, "clients")
    if os.path.exists(cf):
        with open(cf) as f:
            clients = [FIXTURE_CLIENTS[w] for w in f.read().split() if w in FIXTURE_CLIENTS]
    case = {"description": f"testdata/fixtures/{name} as a case (fixcheck)", "cwd": "project",
            "git_root": None, "clients": clients}
    if os.path.isdir(os.path.join(src, "system")):
        case["system"] = True
    with open(os.path.join(case_dir, "case.json"), "w") as f:
        json.dump(case, f, indent=2)
    return case_dir, case


def trees(tmp, only):
    out = []
    for name in sorted(os.listdir(cc.CASES)):
        d = os.path.join(cc.CASES, name)
        if os.path.isfile(os.path.join(d, "case.json")) and (not only or name in only):
            with open(os.path.join(d, "case.json")) as f:
                out.append(("clients/" + name, d, json.load(f)))
    fdir = os.path.join(tmp, "fixture-cases")
    os.makedirs(fdir)
    for name in sorted(os.listdir(FIXTURES)):
        if os.path.isdir(os.path.join(FIXTURES, name)) and (not only or "fixtures/" + name in only or name in only):
            d, case = fixture_case(name, fdir)
            out.append(("fixtures/" + name, d, case))
    return out


# ---------------------------------------------------------------- fixing


def snapshot(base):
    files = {}
    for part in ("project", "home", "system"):
        top = os.path.join(base, part)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if d != ".git"]
            for fn in filenames:
                p = os.path.join(dirpath, fn)
                if os.path.islink(p) or not os.path.isfile(p):
                    continue
                with open(p, "rb") as f:
                    files[os.path.relpath(p, base)] = f.read()
    return files


def mcpconf_args(stage, case):
    a = ["--scope", "all", "--root", stage["cwd"], "--home", stage["home"]]
    if case.get("system"):
        a += ["--system", stage["system"]]
    if case.get("profile"):
        a += ["--profile", case["profile"]]
    return a


def mcpconf_env(stage, case):
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": stage["home"], "NO_COLOR": "1"}
    for k, v in case.get("env", {}).items():
        env[k] = cc.subst(v, stage)
    return env


def parse_findings(mcpconf, stage, case):
    p = sh([mcpconf, "lint", "--format", "json"] + mcpconf_args(stage, case), env=mcpconf_env(stage, case))
    try:
        fs = json.loads(p.stdout).get("findings") or []
    except json.JSONDecodeError:
        return [{"rule": "lint-failed", "message": (p.stdout + p.stderr).strip()[:500]}]
    return sorted({(f.get("rule"), f.get("path"), f.get("message")) for f in fs if f.get("rule") in PARSE_RULES})


def unsubst(text, stage):
    """The staged absolute paths back to the placeholders (longest first; @ROOT@ before an equal @CWD@)."""
    pairs = [(stage["root"], "@ROOT@"), (stage["cwd"], "@CWD@"), (stage["home"], "@HOME@")]
    if stage.get("gitroot"):
        pairs.append((stage["gitroot"], "@GITROOT@"))
    for path, ph in sorted(pairs, key=lambda p: -len(p[0])):
        text = text.replace(path, ph)
    return text


def lost_comments(before, after):
    def lines(b):
        out = {}
        for ln in b.decode("utf-8", "replace").splitlines():
            m = COMMENT.search(ln)
            if m:
                s = ln[m.start(2):].strip()  # the comment, not the value the fix may change
                out[s] = out.get(s, 0) + 1
        return out
    a = lines(after)
    lost = []
    for s, n in lines(before).items():
        if a.get(s, 0) < n:
            lost.append(s)
    return lost


def fix_tree(label, case_dir, case, mcpconf, work):
    """Stage, fix, and (when something changed) write the fixed case directory."""
    c = dict(case, http_capture=False)  # @PORT@ -> 9 for mcpconf; a capture case's fixed copy keeps @PORT@
    stage = cc.stage_case(case_dir, c)
    try:
        before = snapshot(stage["base"])
        parse_before = parse_findings(mcpconf, stage, c)
        p = sh([mcpconf, "lint", "--fix", "--unsafe-fixes", "--format", "json"] + mcpconf_args(stage, c),
               env=mcpconf_env(stage, c))
        after = snapshot(stage["base"])
        res = {"tree": label, "fix_exit": p.returncode, "changed": []}
        if p.returncode == 3:
            res["fix_error"] = (p.stderr or p.stdout).strip()[:2000]
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        if not changed:
            return res
        parse_after = parse_findings(mcpconf, stage, c)
        res["new_parse_findings"] = [list(f) for f in parse_after if f not in parse_before]
        fixed_dir = os.path.join(work, label.replace("/", "-"))
        shutil.copytree(case_dir, fixed_dir, ignore=shutil.ignore_patterns("observed.json"))
        for rel in changed:
            b, a = before.get(rel, b""), after.get(rel)
            diff = "".join(difflib.unified_diff(
                b.decode("utf-8", "replace").splitlines(True), (a or b"").decode("utf-8", "replace").splitlines(True),
                "a/" + rel, "b/" + rel))
            res["changed"].append({"file": rel, "diff": unsubst(diff, stage), "lost_comments": lost_comments(b, a or b"")})
            dst = os.path.join(fixed_dir, rel)
            if a is None:
                os.remove(dst)
                continue
            orig = os.path.join(case_dir, rel)
            with open(orig, "rb") as f:
                orig_text = f.read().decode("utf-8", "replace")
            text = unsubst(a.decode("utf-8"), stage)
            if "@PORT@" in orig_text:
                text = text.replace("127.0.0.1:9", "127.0.0.1:@PORT@")
            with open(dst, "w") as f:
                f.write(text)
        res["fixed_case"] = fixed_dir
        return res
    finally:
        cc.unstage(stage)


# ---------------------------------------------------------------- clients


def run_clients(case_dir, case, clients_bin, vers):
    observed = {}
    for c in case.get("clients", cc.DEFAULT_CLIENTS):
        observed[c] = cc.RUNNERS[c](case_dir, case, clients_bin, vers[c])
    with open(os.path.join(case_dir, "observed.json"), "w") as f:
        json.dump(observed, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return observed


def clientdiff(binary, case_dir):
    p = subprocess.run([binary, case_dir], capture_output=True, text=True, check=True)
    r = json.loads(p.stdout)[0]
    if r.get("error"):
        return {"error": r["error"]}
    return {k: (v.get("error") or v.get("disagreements")) for k, v in r["clients"].items()}


def read_state(obs):
    """What says whether a client read its files: exit code, stderr, diagnostics, what it listed."""
    out = {}
    for k, o in obs.items():
        out[k] = {"exit_code": o.get("exit_code"), "stderr": (o.get("stderr") or "")[:1000],
                  "diagnostics": [d.get("message") for d in o.get("diagnostics") or []],
                  "servers": {s["name"]: s.get("status") for s in o.get("servers") or []},
                  "markers": o.get("markers") or {}}
    return out


UNREADABLE = re.compile(r"pars|JSON|TOML|invalid|Skipped|syntax|expected", re.I)


def read_changes(before, after):
    """(problems, notes): problems say a client reads a fixed file worse than the unfixed one."""
    problems, notes = [], []
    if after["exit_code"] != before["exit_code"] or after["stderr"] != before["stderr"]:
        worse = after["exit_code"] != 0 or (after["stderr"] and after["stderr"] != before["stderr"])
        (problems if worse else notes).append(
            f"exit code {before['exit_code']} -> {after['exit_code']}, stderr {before['stderr']!r} -> {after['stderr']!r}")
    for d in after["diagnostics"]:
        if d not in before["diagnostics"]:
            (problems if UNREADABLE.search(d) else notes).append(f"new diagnostic: {d}")
    for d in before["diagnostics"]:
        if d not in after["diagnostics"]:
            notes.append(f"diagnostic gone: {d}")
    for n in sorted(set(before["servers"]) | set(after["servers"])):
        b, a = before["servers"].get(n, "missing"), after["servers"].get(n, "missing")
        if a != b:
            (problems if a in ("missing", "invalid") else notes).append(f"server {n}: {b} -> {a}")
    for m in sorted(set(before["markers"]) | set(after["markers"])):
        b, a = before["markers"].get(m), after["markers"].get(m)
        if a != b:
            notes.append(f"marker {m}: {b} -> {a}")
    return problems, notes


def check_clients(res, label, case_dir, case, clients_bin, vers, diffbin, work):
    if not case.get("clients", cc.DEFAULT_CLIENTS):
        res["clients"] = "none of claude-code, codex, gemini reads this tree"
        return res
    fixed = res["fixed_case"]
    if label.startswith("fixtures/"):
        base_dir = os.path.join(work, "base-" + label.replace("/", "-"))
        shutil.copytree(case_dir, base_dir)
        base_obs = run_clients(base_dir, case, clients_bin, vers)
    else:
        base_dir = case_dir
        with open(os.path.join(case_dir, "observed.json")) as f:
            base_obs = json.load(f)
    obs = run_clients(fixed, case, clients_bin, vers)
    res["before"] = {"disagreements": clientdiff(diffbin, base_dir), "read": read_state(base_obs)}
    res["after"] = {"disagreements": clientdiff(diffbin, fixed), "read": read_state(obs)}
    res["raw_after"] = {k: o.get("raw") for k, o in obs.items()}
    res["read_problems"], res["read_notes"] = {}, {}
    for k in obs:
        pr, no = read_changes(res["before"]["read"][k], res["after"]["read"][k])
        res["read_problems"][k], res["read_notes"][k] = pr, no
    return res


# ---------------------------------------------------------------- report


def verdict(res):
    if not res.get("changed"):
        return "unchanged"
    bad = []
    if res.get("new_parse_findings"):
        bad.append("parse")
    if any(c["lost_comments"] for c in res["changed"]):
        bad.append("comments")
    if isinstance(res.get("after"), dict):
        for k, d in res["after"]["disagreements"].items():
            if d:
                bad.append(f"{k}-disagrees")
            if res["read_problems"].get(k):
                bad.append(f"{k}-reads-worse")
    return ",".join(bad) or "ok"


def setup(prefix, out):
    """A temporary directory with mcpconf and clientdiff built from this
    checkout, and an empty OUT/cases to work in: (tmp, mcpconf, clientdiff,
    work). writecheck.py shares it."""
    tmp = tempfile.mkdtemp(prefix=prefix)
    mcpconf, diffbin = os.path.join(tmp, "mcpconf"), os.path.join(tmp, "clientdiff")
    log("building mcpconf and clientdiff")
    subprocess.run(["go", "build", "-o", mcpconf, "./cmd/mcpconf"], cwd=REPO, check=True)
    subprocess.run(["go", "build", "-o", diffbin, "./internal/clientcase/clientdiff"], cwd=REPO, check=True)
    work = os.path.join(out, "cases")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return tmp, mcpconf, diffbin, work


def write_report(out, results, meta):
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=2, ensure_ascii=False)
    changed = [r for r in results if r.get("changed")]
    L = [f"# fixcheck: mcpconf lint --fix --unsafe-fixes against the real clients", "",
         f"mcpconf {meta['mcpconf']}, clients {json.dumps(meta['versions'])}, {meta['date']}", "",
         f"{len(results)} trees, {len(changed)} changed by the fixes.", ""]
    per = {}
    for r in changed:
        if isinstance(r.get("after"), dict):
            for k, d in r["after"]["disagreements"].items():
                before = r["before"]["disagreements"].get(k)
                p = per.setdefault(k, [0, 0, 0])
                p[0] += 1
                p[1] += 0 if d else 1
                p[2] += 1 if (d and not before) else 0
    L += ["| client | fixed trees run | agree after fix | newly disagree |", "|---|---|---|---|"]
    for k in sorted(per):
        L.append(f"| {k} | {per[k][0]} | {per[k][1]} | {per[k][2]} |")
    L.append("")
    for r in changed:
        L += [f"## {r['tree']}: {verdict(r)}", ""]
        if r.get("new_parse_findings"):
            L += ["new parse findings: `" + json.dumps(r["new_parse_findings"]) + "`", ""]
        if isinstance(r.get("after"), dict):
            for k in sorted(r["after"]["disagreements"]):
                L.append(f"- {k}: disagreements before the fix {json.dumps(r['before']['disagreements'][k])}, "
                         f"after {json.dumps(r['after']['disagreements'][k])}")
                for x in r["read_problems"].get(k, []):
                    L.append(f"  - PROBLEM: {x}")
                for x in r["read_notes"].get(k, []):
                    L.append(f"  - {x}")
            L.append("")
        elif r.get("clients"):
            L += [r["clients"], ""]
        for c in r["changed"]:
            if c["lost_comments"]:
                L += ["lost comment lines: `" + json.dumps(c["lost_comments"]) + "`", ""]
            L += ["```diff", c["diff"].rstrip("\n"), "```", ""]
    with open(os.path.join(out, "REPORT.md"), "w") as f:
        f.write("\n".join(L))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trees", nargs="*", help="clients case or fixture names (default: all)")
    ap.add_argument("--clients-bin", default=os.environ.get("CLIENTCHECK_BIN", ""))
    ap.add_argument("--out", default="", help="report directory (default ~/.cache/mcpconf-fixcheck/<commit>)")
    ap.add_argument("--no-clients", action="store_true", help="fix and check parsing and comments only")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if not args.clients_bin and not args.no_clients:
        sys.exit("--clients-bin (or CLIENTCHECK_BIN) is required; fixcheck.sh sets it")
    rev = git_rev()
    out = args.out or os.path.join(os.path.expanduser("~/.cache/mcpconf-fixcheck"), rev)
    os.makedirs(out, exist_ok=True)
    tmp, mcpconf, diffbin, work = setup("fixcheck-", out)
    ts = trees(tmp, set(args.trees))
    results = []
    for label, d, case in ts:
        r = fix_tree(label, d, case, mcpconf, work)
        log(f"{label}: {len(r['changed'])} file(s) changed" + (f" (fix exit 3: {r['fix_error']})" if r.get("fix_error") else ""))
        results.append((r, d, case))
    vers = {} if args.no_clients else cc.versions(args.clients_bin)
    if not args.no_clients:
        log("versions:", json.dumps(vers))
        todo = [(r, d, case) for r, d, case in results if r.get("changed")]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            futs = {ex.submit(check_clients, r, r["tree"], d, case, args.clients_bin, vers, diffbin, work): r
                    for r, d, case in todo}
            for fu in concurrent.futures.as_completed(futs):
                r = fu.result()
                log(f"{r['tree']}: {verdict(r)}")
    results = [r for r, _, _ in results]
    meta = {"mcpconf": rev, "versions": vers, "date": sh(["date", "-u", "+%Y-%m-%d"]).stdout.strip()}
    write_report(out, results, meta)
    shutil.rmtree(tmp, ignore_errors=True)
    changed = [r for r in results if r.get("changed")]
    print(f"{len(results)} trees, {len(changed)} changed; report: {out}/REPORT.md")
    for r in changed:
        print(f"  {r['tree']}: {verdict(r)}")


if __name__ == "__main__":
    main()
