#!/usr/bin/env python3
"""writecheck: check what `mcpconf sync`, `add` and `remove` write against the real clients.

For each entry of MATRIX (a source tree and the mcpconf commands to run on it) it writes the source
as a case directory, stages a fresh copy as clientcheck.py stages a case (placeholders replaced, .git at
the git root), runs the commands with --root (the case's cwd) and --home and the case's environment
only, and records which files they wrote. The written tree is written back as a case directory (paths
back to @ROOT@, @HOME@, ...), the clients the entry names are run on it exactly as clientcheck.py runs
a case, and clientdiff (clientcase.Compare, what TestRealClients checks) compares their listing with
mcpconf's view of the written tree. On top of that each entry says which servers each client must
list after the write, and with which status (`expect`; None: the client must not list it), so a
server mcpconf wrote and neither side lists is not an agreement.

The trust each client needs is part of the source tree: Claude Code's `hasTrustDialogAccepted` in
~/.claude.json and `enableAllProjectMcpServers` in .claude/settings.local.json, Codex's
`[projects."@ROOT@"] trust_level = "trusted"` in ~/.codex/config.toml, Gemini CLI's
~/.gemini/trustedFolders.json.

Reuses fixcheck.py's staging, snapshot and comparison. Writes <out>/report.json and <out>/REPORT.md
(the diff of every written file); `--record` also writes each written tree with the clients'
observed.json as testdata/clients/<name>/, where TestRealClients (discover) replays it. Not part of
go test.
"""

import argparse
import difflib
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import clientcheck as cc  # noqa: E402
import fixcheck as fc  # noqa: E402

REPO = cc.REPO
ALL = ["claude-code", "codex", "gemini"]

# Trust for all three clients in the staged project (see the module doc).
TRUST = {
    "home/.claude.json": {"projects": {"@ROOT@": {"hasTrustDialogAccepted": True}}},
    "project/.claude/settings.local.json": {"enableAllProjectMcpServers": True},
    "home/.codex/config.toml": '[projects."@ROOT@"]\ntrust_level = "trusted"\n',
    "home/.gemini/trustedFolders.json": {"@ROOT@": "TRUST_FOLDER"},
}
ENV = {"GITHUB_TOKEN": "not-a-real-token", "DOCS_TOKEN": "not-a-real-token"}
GH_ARGS = ["--stdio"]
URL = "http://127.0.0.1:9/mcp"

CLAUDE_SOURCE = {"mcpServers": {
    "gh": {"command": "false", "args": GH_ARGS, "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}},
    "docs": {"type": "http", "url": URL, "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}},
}}
CURSOR_SOURCE = {"mcpServers": {
    "gh": {"command": "false", "args": GH_ARGS, "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}"}},
    "docs": {"url": URL, "headers": {"Authorization": "Bearer ${env:DOCS_TOKEN}"}},
}}
CODEX_SOURCE = ('[mcp_servers.gh]\ncommand = "false"\nargs = ["--stdio"]\nenv_vars = ["GITHUB_TOKEN"]\n\n'
                '[mcp_servers.docs]\nurl = "http://127.0.0.1:9/mcp"\nbearer_token_env_var = "DOCS_TOKEN"\n')
GEMINI_SOURCE = {"mcpServers": {
    "gh": {"command": "false", "args": GH_ARGS, "env": {"GITHUB_TOKEN": "$GITHUB_TOKEN"}},
    "docs": {"type": "http", "url": URL, "headers": {"Authorization": "Bearer $DOCS_TOKEN"}},
}}
# the same servers with timeouts and tool filters: gh's startup and tool-call
# timeouts are equal (Gemini CLI's one "timeout" bounds both), docs has a
# tool-call timeout only (Claude Code's "timeout")
CODEX_TUNED_SOURCE = ('[mcp_servers.gh]\ncommand = "false"\nargs = ["--stdio"]\nenv_vars = ["GITHUB_TOKEN"]\n'
                      'startup_timeout_sec = 30\ntool_timeout_sec = 30\nenabled_tools = ["search", "fetch"]\n'
                      'disabled_tools = ["delete"]\n\n'
                      '[mcp_servers.docs]\nurl = "http://127.0.0.1:9/mcp"\nbearer_token_env_var = "DOCS_TOKEN"\n'
                      'tool_timeout_sec = 120\n')
BOTH = {"gh": "enabled", "docs": "enabled"}
ADD_STDIO = ["add", "gh", "--client", "claude,codex,gemini", "-e", "GITHUB_TOKEN=${GITHUB_TOKEN}",
             "--", "false"] + GH_ARGS
ADD_HTTP = ["add", "docs", URL, "--client", "claude,codex,gemini", "-H", "Authorization: Bearer ${DOCS_TOKEN}"]

LOCAL = ["--scope", "local"]
USER = ["--scope", "user"]
# a ~/.claude.json as Claude Code leaves it: settings of its own, another
# project's entry, and the trust of the staged project (Claude Code writes
# this file itself while it runs; mcpconf must keep every other byte)
CLAUDE_STATE = {"numStartups": 3, "theme": "dark", "userID": "0123abcd",
                "projects": {"/src/other": {"allowedTools": [], "mcpServers": {"other": {"command": "false"}},
                                            "hasTrustDialogAccepted": True},
                             "@ROOT@": {"allowedTools": [], "hasTrustDialogAccepted": True, "lastCost": 0.5}}}
# the trust of TRUST without Claude Code's, which CLAUDE_STATE holds
TRUST_NO_CLAUDE = {k: v for k, v in TRUST.items() if k != "home/.claude.json"}

MATRIX = [
    {"name": "write-sync-claude-to-codex-gemini",
     "what": "a .mcp.json with a stdio server (GITHUB_TOKEN from the variable of that name) and an HTTP server "
             "(Authorization: Bearer from DOCS_TOKEN); the project trusted by all three",
     "tree": dict(TRUST, **{"project/.mcp.json": CLAUDE_SOURCE}),
     "runs": [["sync", "--from", "claude", "--to", "codex,gemini"]],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": BOTH}},
    {"name": "write-sync-cursor-to-claude",
     "what": "a .cursor/mcp.json with the same two servers in Cursor's ${env:NAME} syntax; Claude Code's "
             "project trusted and approved",
     "tree": dict(TRUST, **{"project/.cursor/mcp.json": CURSOR_SOURCE}),
     "runs": [["sync", "--from", "cursor", "--to", "claude"]],
     "clients": ["claude-code"],
     "expect": {"claude-code": BOTH}},
    {"name": "write-sync-codex-to-claude-gemini", "record": False,
     "what": "a project .codex/config.toml with the same two servers (env_vars, bearer_token_env_var); the "
             "project trusted by all three",
     "tree": dict(TRUST, **{"project/.codex/config.toml": CODEX_SOURCE}),
     "runs": [["sync", "--from", "codex", "--to", "claude,gemini"]],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": BOTH}},
    {"name": "write-sync-gemini-to-claude-codex", "record": False,
     "what": "a project .gemini/settings.json with the same two servers ($NAME); the project trusted by all three",
     "tree": dict(TRUST, **{"project/.gemini/settings.json": GEMINI_SOURCE}),
     "runs": [["sync", "--from", "gemini", "--to", "claude,codex"]],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": BOTH}},
    {"name": "write-sync-claude-to-all", "record": False,
     "what": "the .mcp.json of write-sync-claude-to-codex-gemini and a .vscode/mcp.json with a comment and a "
             "server of its own; the project trusted by all three",
     "tree": dict(TRUST, **{"project/.mcp.json": CLAUDE_SOURCE, "project/.vscode/mcp.json":
                            '{\n  // the team\'s own server\n  "servers": {\n    "own": {"command": "false"}\n  }\n}\n'}),
     "runs": [["sync", "--from", "claude", "--to", "cursor,vscode,codex,gemini,opencode"]],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": BOTH}},
    {"name": "write-sync-codex-timeouts",
     "what": "a project .codex/config.toml with the two servers and timeouts and tool filters: gh with "
             "startup_timeout_sec = tool_timeout_sec = 30, enabled_tools and disabled_tools; docs with "
             "tool_timeout_sec = 120; the project trusted by all three. gh synced to Gemini CLI exactly "
             "(timeout, includeTools, excludeTools); both synced to Claude Code with --force (gh's timeout "
             "and docs' as its per-call timeout; the startup timeout and the filters left out with warnings)",
     "tree": dict(TRUST, **{"project/.codex/config.toml": CODEX_TUNED_SOURCE}),
     "runs": [["sync", "gh", "--from", "codex", "--to", "gemini"],
              ["sync", "--from", "codex", "--to", "claude", "--force"]],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": {"gh": "enabled", "docs": None}}},
    {"name": "write-add-three",
     "what": "no server yet; the project trusted by all three",
     "tree": dict(TRUST, **{"project/.keep": ""}),
     "runs": [ADD_STDIO, ADD_HTTP],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": BOTH}},
    {"name": "write-add-remove-codex",
     "what": "no server yet; the project trusted by all three",
     "tree": dict(TRUST, **{"project/.keep": ""}),
     "runs": [ADD_STDIO, ADD_HTTP, ["remove", "gh", "--client", "codex"]],
     "expect": {"claude-code": BOTH, "codex": {"gh": None, "docs": "enabled"}, "gemini": BOTH}},
    {"name": "write-add-local-claude",
     "what": "a ~/.claude.json with Claude Code's own settings, another project's entry and this project's entry "
             "(trust, allowed tools) without servers",
     "tree": dict(TRUST_NO_CLAUDE, **{"home/.claude.json": CLAUDE_STATE}),
     "runs": [ADD_STDIO[:3] + ["claude"] + LOCAL + ADD_STDIO[4:], ADD_HTTP[:4] + ["claude"] + LOCAL + ADD_HTTP[5:]],
     "clients": ["claude-code"],
     "expect": {"claude-code": BOTH}},
    {"name": "write-add-local-claude-new",
     "what": "no ~/.claude.json at all (created, holding only the project's entry), no .git",
     "tree": {"project/.keep": "", "home/.keep": ""},
     "git_root": None,
     "runs": [ADD_STDIO[:3] + ["claude"] + LOCAL + ADD_STDIO[4:]],
     "clients": ["claude-code"],
     "expect": {"claude-code": {"gh": "enabled"}}},
    {"name": "write-remove-local-claude",
     "what": "the ~/.claude.json of write-add-local-claude; both servers added at local scope, then gh removed",
     "tree": dict(TRUST_NO_CLAUDE, **{"home/.claude.json": CLAUDE_STATE}),
     "runs": [ADD_STDIO[:3] + ["claude"] + LOCAL + ADD_STDIO[4:], ADD_HTTP[:4] + ["claude"] + LOCAL + ADD_HTTP[5:],
              ["remove", "gh", "--client", "claude"] + LOCAL],
     "clients": ["claude-code"],
     "expect": {"claude-code": {"gh": None, "docs": "enabled"}}},
    {"name": "write-sync-cursor-to-claude-local",
     "what": "the .cursor/mcp.json of write-sync-cursor-to-claude and the ~/.claude.json of write-add-local-claude",
     "tree": dict(TRUST_NO_CLAUDE, **{"project/.cursor/mcp.json": CURSOR_SOURCE, "home/.claude.json": CLAUDE_STATE}),
     "runs": [["sync", "--from", "cursor", "--to", "claude"] + LOCAL],
     "clients": ["claude-code"],
     "expect": {"claude-code": BOTH}},
    {"name": "write-add-user",
     "what": "the ~/.claude.json of write-add-local-claude, Codex's ~/.codex/config.toml with the project's trust, "
             "no ~/.gemini/settings.json; both servers added at user scope",
     "tree": dict(TRUST_NO_CLAUDE, **{"home/.claude.json": CLAUDE_STATE}),
     "runs": [ADD_STDIO[:4] + USER + ADD_STDIO[4:], ADD_HTTP[:5] + USER + ADD_HTTP[5:]],
     "expect": {"claude-code": BOTH, "codex": BOTH, "gemini": BOTH}},
    {"name": "write-refuse-broken",
     "what": "a project .mcp.json that does not parse (it must be left byte for byte) and no Gemini CLI file; "
             "the add is refused for Claude Code and written for Gemini CLI",
     "tree": dict(TRUST, **{"project/.mcp.json": '{"mcpServers": {"own": {"command": "false"},\n'}),
     "runs": [["add", "gh", "--client", "claude,gemini", "-e", "GITHUB_TOKEN=${GITHUB_TOKEN}", "--", "false"] + GH_ARGS],
     "exits": [1],
     "clients": ["claude-code", "gemini"],
     "unchanged": ["project/.mcp.json"],
     "expect": {"claude-code": {"gh": None}, "gemini": {"gh": "enabled"}}},
    {"name": "write-refuse-claude-json",
     "what": "a ~/.claude.json that does not parse (cut off after the project's entry: it must be left byte for byte)",
     "tree": dict(TRUST_NO_CLAUDE, **{"home/.claude.json":
                                      '{\n  "numStartups": 3,\n  "projects": {\n    "@ROOT@": {"hasTrustDialogAccepted": true}\n'}),
     "runs": [ADD_STDIO[:3] + ["claude"] + LOCAL + ADD_STDIO[4:], ADD_STDIO[:3] + ["claude"] + USER + ADD_STDIO[4:]],
     "exits": [1, 1],
     "clients": ["claude-code"],
     "unchanged": ["home/.claude.json"],
     "expect": {"claude-code": {"gh": None}}},
    {"name": "write-sync-claude-untrusted",
     "what": "the .mcp.json of write-sync-claude-to-codex-gemini with no trust given to any client "
             "(the written servers must show as waiting: pending approval, untrusted)",
     "tree": {"project/.mcp.json": CLAUDE_SOURCE, "home/.keep": ""},
     "runs": [["sync", "--from", "claude", "--to", "codex,gemini"]],
     "expect": {"claude-code": {"gh": "pending-approval", "docs": "pending-approval"},
                "codex": {"gh": None, "docs": None},
                "gemini": {"gh": "untrusted", "docs": "untrusted"}}},
]


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def source_case(entry, dst):
    """Write entry's source tree as a case directory under dst; return (case_dir, case)."""
    d = os.path.join(dst, "source-" + entry["name"])
    for rel, v in entry["tree"].items():
        p = os.path.join(d, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(v if isinstance(v, str) else json.dumps(v, indent=2) + "\n")
    os.makedirs(os.path.join(d, "project"), exist_ok=True)
    os.makedirs(os.path.join(d, "home"), exist_ok=True)
    case = {"description": "", "cwd": "project", "git_root": entry.get("git_root", "project"), "env": dict(ENV),
            "clients": entry.get("clients", ALL)}
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(case, f, indent=2)
    return d, case


def describe(entry, mcpconf_rev):
    cmds = "; ".join("mcpconf " + " ".join(quote(a) for a in r) for r in entry["runs"])
    return (f"Written by mcpconf {mcpconf_rev} (scripts/clientcheck/writecheck.py, entry {entry['name']}): "
            f"from {entry['what']}, `{cmds}`. The files are as mcpconf wrote them; observed.json is the real "
            f"clients reading them.")


def quote(a):
    return "'" + a + "'" if any(c in a for c in " ${}") else a


def write_tree(entry, case_dir, case, mcpconf, work, rev):
    stage = cc.stage_case(case_dir, case)
    try:
        before = fc.snapshot(stage["base"])
        res = {"entry": entry["name"], "runs": [], "changed": []}
        # a file that did not parse before the write (write-refuse-broken) is not the write's finding
        had = set(fc.parse_findings(mcpconf, stage, case))
        env = fc.mcpconf_env(stage, case)
        for r in entry["runs"]:
            # the flags right after the subcommand: what follows "--" is the server's command
            a = [r[0], "--root", stage["cwd"], "--home", stage["home"], "--no-color"] + r[1:]
            p = fc.sh([mcpconf] + a, env=env, cwd=stage["cwd"])
            res["runs"].append({"args": r, "exit": p.returncode,
                                "output": fc.unsubst((p.stdout + p.stderr).strip(), stage)})
        after = fc.snapshot(stage["base"])
        res["touched"] = [rel for rel in entry.get("unchanged", []) if before.get(rel) != after.get(rel)]
        res["parse_findings"] = [list(f) for f in fc.parse_findings(mcpconf, stage, case) if f not in had]
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        out_dir = os.path.join(work, entry["name"])
        shutil.copytree(case_dir, out_dir)
        c = dict(case, description=describe(entry, rev))
        with open(os.path.join(out_dir, "case.json"), "w") as f:
            json.dump(c, f, indent=2)
            f.write("\n")
        for rel in changed:
            b, a = before.get(rel, b""), after.get(rel)
            diff = "".join(difflib.unified_diff(
                b.decode("utf-8", "replace").splitlines(True), (a or b"").decode("utf-8", "replace").splitlines(True),
                "a/" + rel, "b/" + rel))
            res["changed"].append({"file": rel, "diff": fc.unsubst(diff, stage)})
            dst = os.path.join(out_dir, rel)
            if a is None:
                os.remove(dst)
                continue
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "w") as f:
                f.write(fc.unsubst(a.decode("utf-8"), stage))
        res["case_dir"], res["case"] = out_dir, c
        return res
    finally:
        cc.unstage(stage)


def expectations(entry, obs):
    """Where a client's listing misses what the entry expects after the write."""
    out = {}
    for client, want in entry["expect"].items():
        o = obs.get(client) or {}
        got = {s["name"]: s for s in o.get("servers") or []}
        miss = []
        for name, status in want.items():
            s = got.get(name)
            if status is None:
                if s is not None:
                    miss.append(f"{name}: listed ({s.get('status')}), expected gone")
            elif s is None:
                miss.append(f"{name}: not listed, expected {status}")
            elif s.get("status") != status:
                miss.append(f"{name}: {s.get('status')}, expected {status}")
        out[client] = miss
    return out


def listing(obs):
    out = {}
    for k, o in obs.items():
        out[k] = {s["name"]: {f: s.get(f) for f in ("status", "command", "args", "url") if s.get(f) is not None}
                  for s in o.get("servers") or []}
    return out


def write_report(out, results, meta):
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=2, ensure_ascii=False)
    L = ["# writecheck: mcpconf sync, add and remove against the real clients", "",
         f"mcpconf {meta['mcpconf']}, clients {json.dumps(meta['versions'])}, {meta['date']}", "",
         "| entry | client | agrees with mcpconf's view | as expected |", "|---|---|---|---|"]
    for r in results:
        for k in sorted(r.get("disagreements") or {}):
            d = r["disagreements"][k]
            L.append(f"| {r['entry']} | {k} | {'yes' if not d else 'NO'} | "
                     f"{'yes' if not r['expect'].get(k) else 'NO'} |")
    L.append("")
    for r in results:
        L += [f"## {r['entry']}", ""]
        for run in r["runs"]:
            L += [f"`mcpconf {' '.join(quote(a) for a in run['args'])}` (exit {run['exit']})", "",
                  "```", run["output"], "```", ""]
        for k in sorted(r.get("disagreements") or {}):
            L.append(f"- {k}: lists {json.dumps(r['listing'].get(k, {}))}; disagreements "
                     f"{json.dumps(r['disagreements'][k])}; unexpected {json.dumps(r['expect'][k])}")
        L.append("")
        if r.get("touched"):
            L += ["PROBLEM: files that were to stay byte for byte changed: `" + json.dumps(r["touched"]) + "`", ""]
        if r.get("parse_findings"):
            L += ["PROBLEM: parse findings after the write: `" + json.dumps(r["parse_findings"]) + "`", ""]
        for c in r["changed"]:
            L += ["```diff", c["diff"].rstrip("\n"), "```", ""]
    with open(os.path.join(out, "REPORT.md"), "w") as f:
        f.write("\n".join(L))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("entries", nargs="*", help="entry names (default: all)")
    ap.add_argument("--clients-bin", default=os.environ.get("CLIENTCHECK_BIN", ""))
    ap.add_argument("--out", default="", help="report directory (default ~/.cache/mcpconf-writecheck/<commit>)")
    ap.add_argument("--record", action="store_true",
                    help="write each entry's written tree and observed.json as testdata/clients/<entry>/ "
                         "(entries marked record: False only when named)")
    args = ap.parse_args()
    if not args.clients_bin:
        sys.exit("--clients-bin (or CLIENTCHECK_BIN) is required; writecheck.sh sets it")
    rev = fc.git_rev()
    out = args.out or os.path.join(os.path.expanduser("~/.cache/mcpconf-writecheck"), rev)
    os.makedirs(out, exist_ok=True)
    tmp, mcpconf, diffbin, work = fc.setup("writecheck-", out)
    vers = cc.versions(args.clients_bin)
    log("versions:", json.dumps(vers))
    results = []
    for entry in MATRIX:
        if args.entries and entry["name"] not in args.entries:
            continue
        d, case = source_case(entry, tmp)
        r = write_tree(entry, d, case, mcpconf, work, rev)
        obs = fc.run_clients(r["case_dir"], r["case"], args.clients_bin, vers)
        r["disagreements"] = fc.clientdiff(diffbin, r["case_dir"])
        r["expect"] = expectations(entry, obs)
        r["listing"] = listing(obs)
        r["raw"] = {k: o.get("raw") for k, o in obs.items()}
        exits = entry.get("exits") or [0] * len(r["runs"])
        r["failed_runs"] = [run["args"] for run, want in zip(r["runs"], exits) if run["exit"] != want]
        ok = not any(r["disagreements"].values()) and not any(r["expect"].values()) and not r["failed_runs"] \
            and not r["parse_findings"] and not r["touched"]
        log(f"{entry['name']}: {'ok' if ok else 'PROBLEM'} "
            f"(disagreements {json.dumps(r['disagreements'])}, unexpected {json.dumps(r['expect'])})")
        if args.record and (entry.get("record", True) or entry["name"] in args.entries):
            dst = os.path.join(cc.CASES, entry["name"])
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(r["case_dir"], dst)
            log(f"  recorded {os.path.relpath(dst, REPO)}")
        results.append(r)
    meta = {"mcpconf": rev, "versions": vers, "date": fc.sh(["date", "-u", "+%Y-%m-%d"]).stdout.strip()}
    write_report(out, results, meta)
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"report: {out}/REPORT.md")
    bad = [r["entry"] for r in results
           if any(r["disagreements"].values()) or any(r["expect"].values()) or r["failed_runs"] or r["parse_findings"]
           or r["touched"]]
    if bad:
        print("problems: " + ", ".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
