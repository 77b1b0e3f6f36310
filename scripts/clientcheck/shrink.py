"""The shrinker: reduce a generated tree that disagrees to a minimal tree that still disagrees the same way.

Same way: the disagreement keeps its server, aspect, mcpconf's value and the client's value
(clientcase.Compare's fields). Each step proposes smaller trees — drop a file, an environment variable,
the working directory's depth, the .git, a file's trailing text, a key of a table, an element of a list, a
table's or list's whole content — and keeps the first one for which both the real client and mcpconf
still disagree that way. A cheap check first: mcpconf's side alone (clientdiff without observed.json,
milliseconds) must still say the same value, or the client is not run at all. Passes repeat until none
of the proposals keeps the disagreement (1-minimal in these steps), or the budget runs out.
"""

import copy
import json
import re

from tree import size

BASE_NAMES = ["a", "b", "c", "d"]


def any_server(target):
    """A whole-config refusal is the same whichever server shows it: the shrinker may drop the one it started
    from and keep another."""
    return target["client"] == "refused"


def same_way(d, target):
    keys = ("aspect", "mcpconf", "client") if any_server(target) else ("server", "aspect", "mcpconf", "client")
    return all(d.get(k) == target.get(k) for k in keys)


def view_agrees(view, target):
    """Does mcpconf's view (clientdiff's "view") still hold its side of the target disagreement?"""
    if target["server"] == "":
        return not view
    mine = view if any_server(target) else [s for s in view if s["name"] == target["server"]]
    if target["aspect"] in ("exists", "status"):
        if target["mcpconf"] == "missing":
            return not mine
        return any(s["status"] == target["mcpconf"] for s in mine)
    field = {"command": "command", "url": "url", "args": "args"}[target["aspect"]]
    want = target["mcpconf"]
    return any((s.get(field) or ([] if field == "args" else "")) == want for s in mine)


# ---------------------------------------------------------------- proposals

def _paths(v, path=()):
    """Every (path, value) inside a value, outer ones first."""
    out = []
    if isinstance(v, dict):
        for k, x in v.items():
            out.append((path + (k,), x))
        for k, x in v.items():
            out += _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out.append((path + (i,), x))
        for i, x in enumerate(v):
            out += _paths(x, path + (i,))
    return out


def _get(v, path):
    for p in path:
        v = v[p]
    return v


# A variable that moves a client's directory, and where its files are without it.
REBASE = {
    "CLAUDE_CONFIG_DIR": [("home/cfg/.claude.json", "home/.claude.json"), ("home/cfg/", "home/.claude/")],
    "CODEX_HOME": [("home/cx/", "home/.codex/")],
    "GEMINI_CLI_HOME": [("home/gh/", "home/")],
}


def rebase(t, var):
    """Drop the variable and move its directory's files to the default place (not over a file already there)."""
    if t["env"].get(var) != "@HOME@/" + REBASE[var][-1][0].split("/")[1]:
        return False
    t["env"].pop(var)
    moved = {}
    for rel in list(t["files"]):
        for src, dst in REBASE[var]:
            if rel == src or (src.endswith("/") and rel.startswith(src)):
                new = dst + rel[len(src):]
                if new in t["files"] or new in moved:
                    return False
                moved[new] = t["files"].pop(rel)
                break
    if not moved:
        return False
    t["files"].update(moved)


def lift(t):
    """Start one directory higher, the files of the working directory moved up with it."""
    up = t["cwd"].rsplit("/", 1)[0]
    src = t["cwd"] + "/"
    moved = {}
    for rel in list(t["files"]):
        if rel.startswith(src):
            new = up + "/" + rel[len(src):]
            if new in t["files"]:
                return False
            moved[new] = t["files"].pop(rel)
    if not moved:
        return False
    t["cwd"] = up
    t["files"].update(moved)


def unlink(t, link):
    """Start at the link's target instead of through the link, and drop the link."""
    target = t["links"].pop(link)
    if not t["links"]:
        t.pop("links")
    if t["cwd"] == link or t["cwd"].startswith(link + "/"):
        t["cwd"] = target + t["cwd"][len(link):]


def proposals(tree):
    """Smaller trees, coarse to fine."""
    out = []

    def with_(fn):
        t = copy.deepcopy(tree)
        if fn(t) is not False:
            out.append(t)

    for rel in sorted(tree["files"]):
        with_(lambda t, rel=rel: t["files"].pop(rel))
    for k in sorted(tree["env"]):
        with_(lambda t, k=k: t["env"].pop(k))
        if k in REBASE:
            with_(lambda t, k=k: rebase(t, k))
    if tree["cwd"].count("/") > 0:
        with_(lambda t: t.__setitem__("cwd", tree["cwd"].rsplit("/", 1)[0]))
        with_(lift)
    if tree["git_root"] is not None:
        with_(lambda t: t.__setitem__("git_root", None))
    if tree.get("profile"):
        with_(lambda t: t.pop("profile"))
    for k in sorted(tree.get("links") or {}):
        with_(lambda t, k=k: unlink(t, k))
    for k in sorted(tree.get("modes") or {}):
        with_(lambda t, k=k: t["modes"].pop(k))
    for rel in sorted(tree["files"]):
        node = tree["files"][rel]
        if node.get("tail"):
            with_(lambda t, rel=rel: t["files"][rel].pop("tail"))
        key = "json" if "json" in node else "toml" if "toml" in node else None
        if key is None:
            continue
        for path, val in _paths(node[key]):
            def drop(t, rel=rel, path=path):
                parent = _get(t["files"][rel][key], path[:-1])
                parent.pop(path[-1])
            with_(drop)
        for path, val in _paths(node[key]):
            if isinstance(val, (dict, list)) and val:
                def empty(t, rel=rel, path=path, val=val):
                    parent = _get(t["files"][rel][key], path[:-1])
                    parent[path[-1]] = type(val)()
                with_(empty)
        if isinstance(node[key], (dict, list)) and node[key]:
            with_(lambda t, rel=rel: t["files"][rel].__setitem__(key, type(node[key])()))
    return out


# ---------------------------------------------------------------- shape

def shape(tree):
    """The tree with its plain server names (a, b, c, d) renamed in order of appearance: trees that differ only
    in which plain names they use are one case."""
    order = []
    d = {k: tree[k] for k in ("cwd", "git_root", "env", "files")}
    if tree.get("links"):
        d["links"] = tree["links"]
    text = json.dumps(d, sort_keys=True, ensure_ascii=False)
    for m in re.finditer(r'"([abcd])"', text):
        if m.group(1) not in order:
            order.append(m.group(1))
    mapping = {n: BASE_NAMES[i] for i, n in enumerate(order)}
    text = re.sub(r'"([abcd])"', lambda m: '"' + mapping[m.group(1)] + '"', text)
    return tree["client"] + ":" + text


# ---------------------------------------------------------------- the loop

def shrink(tree, target, view_of, oracle, max_client_runs=200, log=None):
    """view_of(trees) -> [view] (mcpconf only, for a batch); oracle(tree) -> (disagreements, observed) or None when
    the client run failed. Returns (tree, observed, stats)."""
    cur, cur_obs = tree, None
    stats = {"client_runs": 0, "view_checks": 0, "steps": 0, "start_size": size(tree)}
    progress = True
    while progress and stats["client_runs"] < max_client_runs:
        progress = False
        cands = proposals(cur)
        if not cands:
            break
        views = view_of(cands)
        stats["view_checks"] += len(cands)
        for cand, view in zip(cands, views):
            if view is None or not view_agrees(view, target):
                continue
            if stats["client_runs"] >= max_client_runs:
                break
            stats["client_runs"] += 1
            res = oracle(cand)
            if res is None:
                continue
            ds, obs = res
            if any(same_way(d, target) for d in ds):
                cur, cur_obs = cand, obs
                stats["steps"] += 1
                progress = True
                if log:
                    log(f"  step {stats['steps']}: size {size(cur)} ({stats['client_runs']} client runs)")
                break
    stats["end_size"] = size(cur)
    stats["minimal"] = not progress
    return cur, cur_obs, stats
