#!/usr/bin/env python3
"""Differential harness: generate trees, run the real clients and mcpconf on each, shrink what disagrees.

    scripts/clientcheck/harness.sh                     # everything: 500 trees per client, seed 1
    scripts/clientcheck/harness.sh run --seed 7 --trees 50 --client codex

Steps (each resumable; results live in the run directory, default ~/.cache/mcpconf-harness/seed-<seed>-<commit>):

  run      generate --trees trees per client (gen.py), run the newest installed client on each (clientcheck.py:
           fresh HOME, fresh copy per command) and mcpconf's view of the same tree (clientdiff, the comparison
           of TestRealClients), record agreement
  shrink   group the disagreements by (client, aspect, mcpconf's value, the client's value); shrink trees of each
           group (shrink.py) until new trees stop giving new minimal shapes
  write    write every distinct minimized tree as testdata/clients-pending/gen-<client>-<hash>/ (case.json,
           project/, home/, observed.json) with the run's REPORT.md, and docs/agreement.json (the agreement
           rates docs/clients.md shows: go run ./internal/dev/update)
  all      run, shrink, write
  recompare  judge the stored observations again with the current mcpconf (after a fix; the clients do not run)
  promote  move pending cases that mcpconf now agrees with to testdata/clients/ (after a fix)
  show     print one generated tree and what each side says (--client, --index)

Not part of go test: it needs the real clients (run.sh installs them; harness.sh passes --clients-bin).
"""

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clientcheck  # noqa: E402
import gen  # noqa: E402
import loadpath  # noqa: E402
import coverage as v8coverage  # noqa: E402
import shrink as shrinker  # noqa: E402
import tree as trees  # noqa: E402

REPO = clientcheck.REPO
PENDING = os.path.join(REPO, "testdata", "clients-pending")
CASES = os.path.join(REPO, "testdata", "clients")
AGREEMENT = os.path.join(REPO, "docs", "agreement.json")
SHORT = {"claude-code": "claude", "codex": "codex", "gemini": "gemini", "opencode": "opencode", "kilo": "kilo", "pisces": "pisces", "qwen": "qwen", "copilot": "copilot", "cline": "cline"}
LOCK = threading.Lock()


def log(*a):
    with LOCK:
        print(*a, file=sys.stderr, flush=True)


def write_json(path, v):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(v, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, path)


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# ---------------------------------------------------------------- the two sides

class Sides:
    """Runs the real client and mcpconf (clientdiff) on trees."""

    def __init__(self, run_dir, clients_bin, timeout):
        self.run_dir = run_dir
        self.bin = clients_bin
        clientcheck.TIMEOUT = timeout
        self.clientdiff = os.path.join(run_dir, "clientdiff")
        os.makedirs(run_dir, exist_ok=True)
        if os.environ.get("HARNESS_CLIENTDIFF"):
            # another build of mcpconf's side (an older commit's, to shrink what it got wrong)
            self.clientdiff = os.environ["HARNESS_CLIENTDIFF"]
            log(f"mcpconf's side: {self.clientdiff}")
        else:
            log("building clientdiff (mcpconf's side)")
            subprocess.run(["go", "build", "-o", self.clientdiff, "./internal/clientcase/clientdiff"], cwd=REPO, check=True)
        self.versions = clientcheck.versions(clients_bin)
        log("client versions:", json.dumps(self.versions))

    def diff(self, case_dirs):
        p = subprocess.run([self.clientdiff] + case_dirs, capture_output=True, check=True)
        return json.loads(p.stdout)

    def views(self, tree_list):
        """mcpconf's view of each tree (None where it could not be built)."""
        base = tempfile.mkdtemp(prefix="harness-v-")
        try:
            dirs = []
            for i, t in enumerate(tree_list):
                d = os.path.join(base, str(i))
                trees.write_case(t, d)
                dirs.append(d)
            out = []
            for r, t in zip(self.diff(dirs), tree_list):
                c = (r.get("clients") or {}).get(t["client"])
                out.append(None if not c or c.get("error") else c["view"])
            return out
        finally:
            shutil.rmtree(base, ignore_errors=True)

    def check(self, tree):
        """Run the client and mcpconf on a tree: {"outcome": agree|disagree|error, ...}."""
        base = tempfile.mkdtemp(prefix="harness-")
        try:
            case_dir = os.path.join(base, "case")
            trees.write_case(tree, case_dir)
            case = read_json(os.path.join(case_dir, "case.json"))
            client = tree["client"]
            t0 = time.time()
            try:
                obs = clientcheck.RUNNERS[client](case_dir, case, self.bin, self.versions[client])
            except Exception as e:  # a client or parser failure is the harness's problem, not a disagreement
                return {"outcome": "error", "error": f"{type(e).__name__}: {e}"}
            secs = round(time.time() - t0, 2)
            if obs.get("crashed"):
                # the client's listing command itself crashed: nothing to compare with
                return {"outcome": "client-crash", "error": obs["crashed"], "observed": obs, "seconds": secs}
            if not isinstance(obs.get("exit_code"), int):
                return {"outcome": "error", "error": f"client exit: {obs.get('exit_code')}", "observed": obs,
                        "seconds": secs}
            write_json(os.path.join(case_dir, "observed.json"), {client: obs})
            r = self.diff([case_dir])[0]
            if r.get("error") or r["clients"][client].get("error"):
                return {"outcome": "error", "error": r.get("error") or r["clients"][client]["error"], "observed": obs}
            c = r["clients"][client]
            ds = c["disagreements"]
            return {"outcome": "disagree" if ds else "agree", "disagreements": ds, "view": c["view"],
                    "observed": obs, "seconds": secs}
        finally:
            shutil.rmtree(base, ignore_errors=True)


def signature(client, d):
    return f"{client}|{d['aspect']}|{json.dumps(d['mcpconf'])}|{json.dumps(d['client'])}"


def sig_text(client, d):
    who = trees.CLIENT_NAMES[client]
    return f"{d['aspect']}: mcpconf says {json.dumps(d['mcpconf'])}, {who} says {json.dumps(d['client'])}"


# What is not mcpconf: the harness itself and what it writes.
NOT_MCPCONF = [":(exclude)scripts/clientcheck", ":(exclude)testdata/clients-pending", ":(exclude)docs"]


def git_rev():
    """The last commit that changed mcpconf (anything but the harness and what it writes), +dirty when mcpconf has
    uncommitted changes: what a run checks."""
    try:
        rev = subprocess.run(["git", "log", "-1", "--format=%h", "--abbrev=12", "--", "."] + NOT_MCPCONF, cwd=REPO,
                             capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "."] + NOT_MCPCONF,
                               cwd=REPO, capture_output=True, text=True).stdout.strip()
        return (rev or "unknown") + ("+dirty" if dirty else "")
    except OSError:
        return "unknown"


# ---------------------------------------------------------------- run

def result_path(run_dir, client, i):
    return os.path.join(run_dir, "results", client, f"{i:05d}.json")


def cmd_run(args, sides):
    meta_path = os.path.join(args.out, "meta.json")
    meta = read_json(meta_path) if os.path.exists(meta_path) else {}
    rev = git_rev()
    if meta and (meta.get("seed") != args.seed or meta.get("mcpconf") != rev or meta.get("versions") != sides.versions):
        if not args.force:
            sys.exit(f"{args.out} holds a run of another seed, mcpconf ({meta.get('mcpconf')}) or client versions: "
                     f"pass --force to mix them, or --out another directory")
    meta.update({"seed": args.seed, "mcpconf": rev, "versions": sides.versions})
    meta.setdefault("started", datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"))
    write_json(meta_path, meta)
    jobs = []
    for client in args.clients:
        for i in range(args.trees):
            if not os.path.exists(result_path(args.out, client, i)):
                jobs.append((client, i))
    if not args.no_v8_coverage:
        # each Node client process records the V8 coverage of its loading path (coverage.py)
        os.environ["CLIENTCHECK_V8_COVERAGE"] = os.path.join(args.out, "v8coverage")
    log(f"run: {len(jobs)} (tree, client) pairs to run, {args.jobs} at a time")
    t0 = time.time()
    done = [0]

    def one(job):
        client, i = job
        tree = gen.generate(client, args.seed, i)
        res = sides.check(tree)
        res.update({"client": client, "index": i, "tree": tree})
        write_json(result_path(args.out, client, i), res)
        with LOCK:
            done[0] += 1
            if done[0] % 25 == 0 or done[0] == len(jobs):
                el = time.time() - t0
                print(f"  {done[0]}/{len(jobs)} in {el:.0f}s", file=sys.stderr, flush=True)
        return res

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for _ in ex.map(one, jobs):
            pass
    meta = read_json(meta_path)
    meta["run_seconds"] = round(meta.get("run_seconds", 0) + time.time() - t0)
    write_json(meta_path, meta)
    summary(args)


def load_results(out, clients):
    res = {}
    for client in clients:
        d = os.path.join(out, "results", client)
        res[client] = [read_json(os.path.join(d, f)) for f in sorted(os.listdir(d))] if os.path.isdir(d) else []
    return res


def tally(results):
    n = {"agree": 0, "disagree": 0, "error": 0, "client-crash": 0}
    for r in results:
        n[r["outcome"]] += 1
    ran = n["agree"] + n["disagree"]
    return {"trees": len(results), "agree": n["agree"], "disagree": n["disagree"], "errors": n["error"],
            "client_crashes": n["client-crash"], "rate": round(n["agree"] / ran, 4) if ran else None}


# ---------------------------------------------------------------- recompare

def cmd_recompare(args, sides):
    """Judge the stored client observations of a run again with the current mcpconf: the clients do not run again
    (their answer to a tree does not change with mcpconf), the observations are parsed again from their raw output
    (after a parser fix), and each result's outcome, disagreements and view are rewritten."""
    meta_path = os.path.join(args.out, "meta.json")
    if not os.path.exists(meta_path):
        sys.exit(f"{args.out}: no run to recompare")
    res = load_results(args.out, args.clients)
    for client in args.clients:
        todo = []
        for r in res[client]:
            obs = r.get("observed")
            if not obs or not isinstance(obs.get("exit_code"), int) and not obs.get("crashed"):
                continue
            clientcheck.REPARSE.get(client, lambda o: o)(obs)
            if obs.get("crashed"):
                r.update({"outcome": "client-crash", "error": obs["crashed"]})
                r.pop("disagreements", None)
                write_json(result_path(args.out, client, r["index"]), r)
                continue
            todo.append(r)
        base = tempfile.mkdtemp(prefix="harness-re-")
        try:
            for k in range(0, len(todo), 100):
                batch = todo[k:k + 100]
                dirs = []
                for r in batch:
                    d = os.path.join(base, f"{client}-{r['index']}")
                    trees.write_case(r["tree"], d)
                    write_json(os.path.join(d, "observed.json"), {client: r["observed"]})
                    dirs.append(d)
                for r, out in zip(batch, sides.diff(dirs)):
                    c = (out.get("clients") or {}).get(client) or {}
                    if out.get("error") or c.get("error"):
                        r.update({"outcome": "error", "error": out.get("error") or c.get("error")})
                    else:
                        ds = c["disagreements"]
                        r.update({"outcome": "disagree" if ds else "agree", "disagreements": ds, "view": c["view"]})
                        r.pop("error", None)
                    write_json(result_path(args.out, client, r["index"]), r)
        finally:
            shutil.rmtree(base, ignore_errors=True)
        log(f"{client}: {len(todo)} observations judged again")
    meta = read_json(meta_path)
    meta.setdefault("ran_with", meta.get("mcpconf"))
    meta["mcpconf"] = os.environ.get("HARNESS_MCPCONF_REV") or ("external build" if os.environ.get("HARNESS_CLIENTDIFF") else git_rev())
    meta["recompared"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    write_json(meta_path, meta)
    summary(args)


def groups_of(results, client):
    g = {}
    for r in results:
        for d in r.get("disagreements") or []:
            g.setdefault(signature(client, d), []).append((r, d))
    return g


def summary(args):
    res = load_results(args.out, args.clients)
    for client in args.clients:
        t = tally(res[client])
        log(f"{client}: {t['agree']}/{t['agree'] + t['disagree']} agree ({t['rate']}), {t['errors']} errors")
        g = groups_of(res[client], client)
        for sig, items in sorted(g.items(), key=lambda kv: -len({r['index'] for r, _ in kv[1]})):
            log(f"   {len({r['index'] for r, _ in items}):4d} trees  {sig_text(client, items[0][1])}")


# ---------------------------------------------------------------- shrink

def shrink_path(out, client, sig, index):
    h = hashlib.sha256(sig.encode()).hexdigest()[:8]
    return os.path.join(out, "shrink", client, f"{h}-{index:05d}.json")


def cmd_shrink(args, sides):
    res = load_results(args.out, args.clients)
    tasks = []
    for client in args.clients:
        for sig, items in groups_of(res[client], client).items():
            # smallest trees first; one disagreement per tree
            seen, cands = set(), []
            for r, d in sorted(items, key=lambda x: (trees.size(x[0]["tree"]), x[0]["index"])):
                if r["index"] not in seen:
                    seen.add(r["index"])
                    cands.append((r, d))
            tasks.append((client, sig, cands))
    log(f"shrink: {len(tasks)} groups")

    def group(task):
        client, sig, cands = task
        shapes, stale, n = set(), 0, 0
        for r, d in cands:
            if n >= args.max_per_group or (n >= args.min_per_group and stale >= 3):
                break
            n += 1
            p = shrink_path(args.out, client, sig, r["index"])
            if os.path.exists(p):
                s = read_json(p)
            else:
                log(f"{client} #{r['index']}: shrinking {sig_text(client, d)} (server {d['server']!r})")
                target = {k: d[k] for k in ("server", "aspect", "mcpconf", "client")}

                def oracle(t):
                    c = sides.check(t)
                    if c["outcome"] == "error":
                        return None
                    return c["disagreements"], c["observed"]

                t0 = time.time()
                mini, obs, stats = shrinker.shrink(r["tree"], target, sides.views, oracle, args.max_client_runs)
                if obs is None:  # nothing smaller kept it: the original run is the record
                    obs = r["observed"]
                final = sides.check(mini)  # the record: every disagreement of the minimal tree
                stats["seconds"] = round(time.time() - t0)
                # a client that answers differently on a rerun would make a case that does not replay
                stats["confirmed"] = any(shrinker.same_way(x, target) for x in final.get("disagreements") or [])
                s = {"client": client, "signature": sig, "index": r["index"], "target": target, "tree": mini,
                     "stats": stats, "final": final, "shape": shrinker.shape(mini)}
                write_json(p, s)
                log(f"{client} #{r['index']}: size {stats['start_size']} -> {stats['end_size']} in "
                    f"{stats['client_runs']} client runs, {stats['seconds']}s")
            if s["shape"] in shapes:
                stale += 1
            else:
                shapes.add(s["shape"])
                stale = 0

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        list(ex.map(group, tasks))


# ---------------------------------------------------------------- write

def case_name(client, shape):
    return f"gen-{SHORT[client]}-{hashlib.sha256(shape.encode()).hexdigest()[:8]}"


def cmd_write(args):
    meta = read_json(os.path.join(args.out, "meta.json"))
    res = load_results(args.out, args.clients)
    minimized = {}
    for client in args.clients:
        d = os.path.join(args.out, "shrink", client)
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            s = read_json(os.path.join(d, f))
            if not s["stats"].get("confirmed"):
                log(f"{client} #{s['index']}: the minimal tree did not disagree the same way on a rerun; not recorded")
                continue
            minimized.setdefault((client, s["shape"]), []).append(s)
    # the pending cases of this run replace the previous run's
    if os.path.isdir(PENDING):
        for name in os.listdir(PENDING):
            if any(name.startswith(f"gen-{SHORT[c]}-") for c in args.clients):
                p = os.path.join(PENDING, name)
                shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
    os.makedirs(PENDING, exist_ok=True)
    cases = []
    for (client, shape), ss in sorted(minimized.items()):
        s = min(ss, key=lambda x: (trees.size(x["tree"]), x["index"]))
        name = case_name(client, shape)
        if os.path.isdir(os.path.join(REPO, "testdata", "clients", name)):
            # promoted already: testdata/clients replays it (TestRealClients)
            log(f"{name}: in testdata/clients already; not pending")
            continue
        ds = s["final"]["disagreements"]
        what = "; ".join(f"{d['server'] or '(config)'!s}: {sig_text(client, d)}" for d in ds)
        desc = (f"Generated by the clientcheck harness (seed {meta['seed']}, tree {s['index']}), minimized. "
                f"{trees.describe(s['tree'])} With {trees.CLIENT_NAMES[client]} {meta['versions'][client]} and "
                f"mcpconf {meta['mcpconf']} they disagreed: {what}.")
        d = os.path.join(PENDING, name)
        trees.write_case(s["tree"], d, desc)
        write_json(os.path.join(d, "observed.json"), {client: s["final"]["observed"]})
        cases.append({"name": name, "client": client, "signatures": sorted({signature(client, x) for x in ds}),
                      "disagreements": [{k: x[k] for k in ("server", "aspect", "mcpconf", "client")} for x in ds],
                      "description": desc, "from_trees": sorted({x["index"] for x in ss})})
    # each client's entry is its own last run: the clients of this run
    # replace theirs (the entry they replace moves into its history), the
    # others keep theirs
    prev = read_json(AGREEMENT) if os.path.exists(AGREEMENT) else {"clients": []}
    old = {c["client"]: c for c in prev.get("clients", [])}
    entries = {c["client"]: c for c in prev.get("clients", [])}
    for client in args.clients:
        t = tally(res[client])
        groups = []
        for sig, items in groups_of(res[client], client).items():
            d0 = items[0][1]
            groups.append({"aspect": d0["aspect"], "mcpconf": d0["mcpconf"], "client": d0["client"],
                           "trees": len({r["index"] for r, _ in items}),
                           "cases": sorted(c["name"] for c in cases if sig in c["signatures"])})
        groups.sort(key=lambda g: (-g["trees"], g["aspect"], json.dumps(g["mcpconf"]), json.dumps(g["client"])))
        e = {"client": client, "product": trees.CLIENT_NAMES[client], "version": meta["versions"][client],
             "seed": meta["seed"], "mcpconf": meta["mcpconf"], "ran_with": meta.get("ran_with"),
             "started": meta.get("started"), "run_seconds": meta.get("run_seconds"), **t, "groups": groups}
        # a Node client's own branches when the run recorded them, else the items of its loading path
        coverage = v8coverage.harness_entry(args.out, client, meta["versions"][client], t.get("trees", 0),
                                            os.path.join(REPO, "docs")) or loadpath.coverage(args.out, client)
        if coverage:
            e["coverage"] = coverage
        history = []
        p = old.get(client)
        if p and (p.get("seed"), p.get("mcpconf")) != (meta["seed"], meta["mcpconf"]) and p.get("rate") is not None:
            history.append({"seed": p.get("seed"), "mcpconf": p.get("mcpconf"), "ran_with": p.get("ran_with"),
                            "version": p.get("version"), "rate": p["rate"]})
        history += [h for h in (p or {}).get("history", []) if (h.get("seed"), h.get("mcpconf")) != (meta["seed"], meta["mcpconf"])]
        e["history"] = history[:5]
        entries[client] = e
    order = clientcheck.ALL_CLIENTS
    pending = sorted(n for n in os.listdir(PENDING) if os.path.isdir(os.path.join(PENDING, n)))
    agreement = {
        "generated_by": "scripts/clientcheck/harness.py (python3 scripts/clientcheck/harness.py write --client CLIENT: one client's entry, the others kept)",
        "pending_cases": len(pending),
        "clients": sorted(entries.values(), key=lambda c: order.index(c["client"]) if c["client"] in order else len(order)),
    }
    write_json(AGREEMENT, agreement)
    write_report(agreement, cases)
    log(f"wrote {len(cases)} cases to {os.path.relpath(PENDING, REPO)}, {os.path.relpath(AGREEMENT, REPO)}; now run:"
        f" go run ./internal/dev/update")


def write_report(agreement, cases):
    """REPORT.md of testdata/clients-pending: every client's last run and
    every pending case on disk (this run's and those other clients' runs
    left)."""
    L = ["# Pending cases of the clientcheck harness", "",
         "Generated by `scripts/clientcheck/harness.py write` (do not edit). Each `gen-*` directory is a generated tree,",
         "minimized, on which mcpconf and the real client disagreed. `go test` does not read this directory: once",
         "mcpconf agrees (`python3 scripts/clientcheck/harness.py promote`), a case moves to `testdata/clients/`, where",
         "TestRealClients replays it.", "",
         "| client | version | seed | mcpconf | started | trees | agree | disagree | errors | agreement |",
         "|---|---|---|---|---|---|---|---|---|---|"]
    for c in agreement["clients"]:
        rate = "—" if c["rate"] is None else f"{100 * c['rate']:.1f}%"
        L.append(f"| {c['product']} | {c['version']} | {c.get('seed')} | {c.get('mcpconf')} | {c.get('started')} | "
                 f"{c['trees']} | {c['agree']} | {c['disagree']} | {c['errors']} | {rate} |")
    on_disk = {}
    for name in sorted(os.listdir(PENDING)):
        cj = os.path.join(PENDING, name, "case.json")
        if os.path.isfile(cj):
            on_disk[name] = read_json(cj).get("description", "")
    for c in agreement["clients"]:
        L += ["", f"## {c['product']} {c['version']}", ""]
        if not c["groups"]:
            L.append("No disagreement.")
        for g in c["groups"]:
            L.append(f"- **{g['aspect']}**: mcpconf says `{json.dumps(g['mcpconf'])}`, the client says "
                     f"`{json.dumps(g['client'])}` — {g['trees']} trees; cases: "
                     + (", ".join(f"`{n}`" for n in g["cases"]) or "none (not shrunk)"))
        L.append("")
        for name, desc in on_disk.items():
            if name.startswith(f"gen-{SHORT[c['client']]}-"):
                L += [f"### {name}", "", desc, ""]
    with open(os.path.join(PENDING, "REPORT.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(L).rstrip("\n") + "\n")


# ---------------------------------------------------------------- promote, show

def cmd_promote(args):
    subprocess.run(["go", "build", "-o", os.path.join(tempfile.gettempdir(), "clientdiff-promote"),
                    "./internal/clientcase/clientdiff"], cwd=REPO, check=True)
    names = sorted(n for n in os.listdir(PENDING) if os.path.isfile(os.path.join(PENDING, n, "case.json"))) \
        if os.path.isdir(PENDING) else []
    if not names:
        log("no pending cases")
        return
    out = subprocess.run([os.path.join(tempfile.gettempdir(), "clientdiff-promote")] + [os.path.join(PENDING, n) for n in names],
                         capture_output=True, check=True)
    moved = 0
    for n, r in zip(names, json.loads(out.stdout)):
        ok = not r.get("error") and all(c.get("observed") and not c.get("disagreements") for c in r["clients"].values())
        if ok:
            moved += 1
            if args.dry_run:
                log(f"would promote {n}")
            else:
                shutil.move(os.path.join(PENDING, n), os.path.join(CASES, n))
                log(f"promoted {n}")
        else:
            for c in r.get("clients", {}).values():
                for d in c.get("disagreements") or []:
                    log(f"{n}: still {d['server'] or '(config)'} {d['aspect']}: mcpconf {json.dumps(d['mcpconf'])}, "
                        f"client {json.dumps(d['client'])}")
    log(f"{moved} of {len(names)} pending cases agree now")


def cmd_show(args, sides):
    t = gen.generate(args.client[0], args.seed, args.index)
    print(json.dumps(t, indent=2, ensure_ascii=False))
    print(trees.describe(t))
    r = sides.check(t)
    r.get("observed", {}).pop("get", None)
    print(json.dumps(r, indent=2, ensure_ascii=False))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("step", nargs="?", default="all", choices=["all", "run", "recompare", "shrink", "write", "promote", "show"])
    ap.add_argument("--clients-bin", default=os.environ.get("CLIENTCHECK_BIN", ""),
                    help="directory holding the claude, codex and gemini executables (harness.sh sets it)")
    ap.add_argument("--client", action="append", choices=clientcheck.ALL_CLIENTS, help="only these clients")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--trees", type=int, default=500, help="trees per client (default 500)")
    ap.add_argument("--index", type=int, default=0, help="show: which tree")
    ap.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per client command (default 60)")
    ap.add_argument("--out", help="run directory (default ~/.cache/mcpconf-harness/seed-<seed>-<mcpconf commit>)")
    ap.add_argument("--min-per-group", type=int, default=2, help="shrink at least this many trees per group")
    ap.add_argument("--max-per-group", type=int, default=8, help="shrink at most this many trees per group")
    ap.add_argument("--max-client-runs", type=int, default=150, help="client runs per shrink at most")
    ap.add_argument("--force", action="store_true", help="run: resume a run made with other code or clients")
    ap.add_argument("--dry-run", action="store_true", help="promote: only say what would move")
    ap.add_argument("--no-v8-coverage", action="store_true",
                    help="run: do not record the V8 coverage of Node clients' loading paths (coverage.py)")
    args = ap.parse_args()
    args.clients = args.client or clientcheck.DEFAULT_CLIENTS
    args.out = args.out or os.path.join(os.path.expanduser("~"), ".cache", "mcpconf-harness",
                                        f"seed-{args.seed}-{git_rev().replace('+', '-')}")
    if args.step == "promote":
        return cmd_promote(args)
    if args.step == "write":
        return cmd_write(args)
    if not args.clients_bin:
        sys.exit("--clients-bin (or CLIENTCHECK_BIN) is required; harness.sh sets it")
    sides = Sides(args.out, args.clients_bin, args.timeout)
    if args.step == "show":
        return cmd_show(args, sides)
    if args.step == "recompare":
        return cmd_recompare(args, sides)
    if args.step in ("run", "all"):
        cmd_run(args, sides)
    if args.step in ("shrink", "all"):
        cmd_shrink(args, sides)
    if args.step == "all":
        cmd_write(args)


if __name__ == "__main__":
    main()
