"""Generated trees: the data the harness generates, runs, shrinks and writes as case directories.

A tree is plain JSON (so a run can be stored, resumed and replayed):

    {
      "client": "codex",                      # observed.json key: claude-code, codex, gemini
      "cwd": "project/sub",                   # where the client starts
      "git_root": "project",                  # or null: no .git at all
      "env": {"CODEX_HOME": "@HOME@/cx"},     # the case's environment (placeholders allowed)
      "links": {"link": "project"},           # optional: symbolic links staged in the case (cwd "link/sub")
      "files": {                              # path under the case dir -> node
        "home/cx/config.toml": {"toml": {...}, "tail": "x = = 1"},
        "project/.mcp.json": {"json": {...}},
        "home/.gemini/settings.json": {"text": "{ broken"}
      }
    }

A node is {"json": value} (written with indent 2), {"toml": table} (written by to_toml; "tail" is
raw text appended, e.g. a syntax error) or {"text": str} (written as is).
"""

import hashlib
import json
import os
import re
import shutil

CLIENT_NAMES = {"claude-code": "Claude Code", "codex": "Codex", "gemini": "Gemini CLI", "opencode": "opencode", "kilo": "Kilo Code CLI", "pisces": "pisces (oh-my-pi)",
                "qwen": "Qwen Code", "copilot": "Copilot CLI", "cline": "Cline CLI"}


# ---------------------------------------------------------------- TOML

BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_key(k):
    return k if BARE.match(k) else json.dumps(k, ensure_ascii=False)


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a TOML basic string
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(toml_key(k) + " = " + toml_value(x) for k, x in v.items()) + " }" if v else "{}"
    if v is None:
        raise ValueError("TOML has no null")
    raise TypeError(type(v))


def to_toml(table):
    """Scalars and arrays of a table first, then its sub-tables as [a.b] sections."""
    out = []

    def emit(tbl, path):
        scalars = [(k, v) for k, v in tbl.items() if not isinstance(v, dict)]
        subs = [(k, v) for k, v in tbl.items() if isinstance(v, dict)]
        if path and (scalars or not subs):
            if out:
                out.append("")
            out.append("[" + ".".join(toml_key(p) for p in path) + "]")
        for k, v in scalars:
            out.append(toml_key(k) + " = " + toml_value(v))
        for k, v in subs:
            emit(v, path + [k])

    emit(table, [])
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- nodes

def render(node):
    if "json" in node:
        return json.dumps(node["json"], indent=2, ensure_ascii=False) + "\n"
    if "toml" in node:
        text = to_toml(node["toml"])
        if node.get("tail"):
            text += node["tail"] + "\n"
        return text
    return node["text"]


def canonical(tree):
    keys = ("client", "cwd", "git_root", "env", "files", "profile", "modes")
    d = {k: tree.get(k) for k in keys}
    if tree.get("links"):  # only when present, so the hashes of trees without links stay as they were
        d["links"] = tree["links"]
    return json.dumps(d, sort_keys=True, ensure_ascii=False)


def has_system(tree):
    """Whether the tree holds machine-wide files (system/…: laid over / while the client runs)."""
    return any(rel.startswith("system/") for rel in tree["files"])


def tree_hash(tree, n=8):
    return hashlib.sha256(canonical(tree).encode()).hexdigest()[:n]


def case_json(tree, description):
    c = {
        "description": description,
        "cwd": tree["cwd"],
        "git_root": tree["git_root"],
        "env": tree["env"],
        "clients": [tree["client"]],
    }
    if tree.get("profile"):
        c["profile"] = tree["profile"]
    if tree.get("links"):
        c["links"] = tree["links"]
    if has_system(tree):
        c["system"] = True
        modes = {k: v for k, v in (tree.get("modes") or {}).items() if k in tree["files"] or any(
            f.startswith(k + "/") for f in tree["files"])}
        if modes:
            c["modes"] = modes
    return c


def write_case(tree, case_dir, description=None):
    """Write the tree as a clientcheck case directory (case.json, project/, home/)."""
    if os.path.exists(case_dir):
        shutil.rmtree(case_dir)
    os.makedirs(case_dir)
    for part in ("project", "home"):
        os.makedirs(os.path.join(case_dir, part))
    for rel, node in sorted(tree["files"].items()):
        p = os.path.join(case_dir, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8") as f:
            f.write(render(node))
    for part in ("project", "home"):
        d = os.path.join(case_dir, part)
        if not os.listdir(d):
            open(os.path.join(d, ".keep"), "w").close()
    with open(os.path.join(case_dir, "case.json"), "w", encoding="utf-8") as f:
        json.dump(case_json(tree, description or describe(tree)), f, indent=2, ensure_ascii=False)
        f.write("\n")


# ---------------------------------------------------------------- description

def _servers_of(v):
    """The servers found in a node's value (every mcpServers / mcp_servers table): name and definition."""
    names = []

    def walk(x, path):
        if isinstance(x, dict):
            for k, y in x.items():
                if k in ("mcpServers", "mcp_servers") and isinstance(y, dict):
                    names.extend((".".join(path) + ": " if path else "") + json.dumps(n, ensure_ascii=False) + " "
                                 + json.dumps(d, ensure_ascii=False, separators=(",", ":")) for n, d in y.items())
                else:
                    walk(y, path + [k])

    walk(v, [])
    return names


def _keys_of(v, skip=("mcpServers", "mcp_servers")):
    """The dotted paths of the leaves of a value, servers left out."""
    out = []

    def walk(x, path):
        if isinstance(x, dict) and x:
            for k, y in x.items():
                if k in skip:
                    continue
                walk(y, path + [k])
        elif path:
            out.append(".".join(path) + "=" + json.dumps(x, ensure_ascii=False))

    walk(v, [])
    return out


def describe(tree):
    """One paragraph: what the tree holds, file by file."""
    parts = [f"{CLIENT_NAMES.get(tree['client'], tree['client'])}, started in {tree['cwd']}"]
    parts[0] += f" (git root {tree['git_root']})" if tree["git_root"] else " (no .git)"
    if tree.get("profile"):
        parts[0] += f" with --profile {tree['profile']}"
    for k, v in sorted((tree.get("links") or {}).items()):
        parts.append(f"{k} is a symbolic link to {v}")
    for k, v in sorted((tree.get("modes") or {}).items()):
        parts.append(f"{k} has mode {v}")
    if tree["env"]:
        parts.append("env " + ", ".join(f"{k}={v}" for k, v in sorted(tree["env"].items())))
    for rel, node in sorted(tree["files"].items()):
        if "text" in node:
            parts.append(f"{rel}: text {json.dumps(node['text'][:80], ensure_ascii=False)}")
            continue
        v = node.get("json", node.get("toml"))
        bits = []
        servers = _servers_of(v)
        if servers:
            bits.append("servers " + ", ".join(servers))
        keys = _keys_of(v)
        if keys:
            bits.append("; ".join(keys[:12]) + (" …" if len(keys) > 12 else ""))
        if node.get("tail"):
            bits.append("then " + json.dumps(node["tail"]))
        if not isinstance(v, dict):
            bits.append("the value " + json.dumps(v, ensure_ascii=False)[:80])
        parts.append(f"{rel}: " + (" — ".join(bits) if bits else "empty"))
    return ". ".join(parts) + "."


def size(tree):
    """How big a tree is, for the shrinker's progress and for picking the smallest."""
    return len(canonical(tree))
