#!/usr/bin/env python3
"""Run the real AI clients on the trees under testdata/clients/ and record what they say.

For each case directory testdata/clients/<case>/ (project/, home/, case.json) this script
stages a fresh copy of the tree into a temporary directory for every client command it runs,
creates the .git directory the case asks for, runs the client with a temporary HOME and a
minimal, fixed environment, parses the output and writes testdata/clients/<case>/observed.json.

It is NOT part of `go test`: it needs the real clients (npm packages, see run.sh and README.md).
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coverage  # noqa: E402
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(REPO, "testdata", "clients")
ALL_CLIENTS = ["claude-code", "codex", "gemini", "opencode", "kilo", "pisces", "qwen", "copilot", "cline"]
# The clients a case runs when its case.json names none (opencode and pisces only when named).
DEFAULT_CLIENTS = ["claude-code", "codex", "gemini"]
TIMEOUT = 90

# Noise printed by Codex when CODEX_HOME is under /tmp; it says nothing about the config.
NOISE = [re.compile(r"^WARNING: proceeding, even though we could not create PATH aliases.*$")]


# ---------------------------------------------------------------- staging

class CaptureHandler(BaseHTTPRequestHandler):
    """Records each request (method, path, headers named X-* and Authorization), answers 404."""

    def _record(self):
        hdrs = {k: v for k, v in self.headers.items() if k.lower().startswith("x-") or k.lower() == "authorization"}
        self.server.requests.append({"method": self.command, "path": self.path, "headers": dict(sorted(hdrs.items()))})
        n = int(self.headers.get("Content-Length") or 0)
        if n:
            self.rfile.read(n)
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_DELETE = do_HEAD = _record

    def log_message(self, *a):
        pass


def start_capture_server():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), CaptureHandler)
    srv.requests = []
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def unstage(stage):
    if stage.get("http"):
        stage["http"].shutdown()
        stage["http"].server_close()
    shutil.rmtree(stage["base"], ignore_errors=True)


def placeholders(stage):
    return [
        ("@PORT@", str(stage["http"].server_address[1]) if stage.get("http") else "9"),
        ("@GITROOT@", stage["gitroot"] or ""),
        ("@CWD@", stage["cwd"]),
        ("@ROOT@", stage["root"]),
        ("@HOME@", stage["home"]),
    ]


def subst(text, stage):
    for k, v in placeholders(stage):
        text = text.replace(k, v)
    return text


def copy_tree(src, dst, stage):
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames.sort()
        rel = os.path.relpath(dirpath, src)
        out = os.path.normpath(os.path.join(dst, rel))
        os.makedirs(out, exist_ok=True)
        for fn in sorted(filenames):
            s = os.path.join(dirpath, fn)
            d = os.path.join(out, fn)
            with open(s, "rb") as f:
                data = f.read()
            try:
                text = data.decode("utf-8")
                data = subst(text, stage).encode("utf-8")
            except UnicodeDecodeError:
                pass
            with open(d, "wb") as f:
                f.write(data)
            os.chmod(d, os.stat(s).st_mode & 0o777)


def stage_case(case_dir, case):
    """Copy project/ and home/ into a new temp dir; return the paths."""
    base = tempfile.mkdtemp(prefix="clientcheck-")
    stage = {
        "case": case,
        "base": base,
        "root": os.path.join(base, "project"),
        "home": os.path.join(base, "home"),
    }
    stage["cwd"] = os.path.join(base, case.get("cwd", "project"))
    if case.get("http_capture"):
        stage["http"] = start_capture_server()
    gr = case.get("git_root")
    stage["gitroot"] = os.path.join(base, gr) if gr else None
    parts = ["project", "home"] + (["system"] if case.get("system") else []) + \
        ([case["worktree"]] if case.get("worktree") else [])
    for part in parts:
        src = os.path.join(case_dir, part)
        dst = os.path.join(base, part)
        if os.path.isdir(src):
            copy_tree(src, dst, stage)
        else:
            os.makedirs(dst, exist_ok=True)
    if case.get("system"):
        # laid over the machine's root in a private mount namespace (see run)
        stage["system"] = os.path.join(base, "system")
    for link, target in case.get("links", {}).items():
        # a symbolic link (relative) to another part of the staged case
        lp = os.path.join(base, link)
        os.makedirs(os.path.dirname(lp), exist_ok=True)
        os.symlink(os.path.relpath(os.path.join(base, target), os.path.dirname(lp)), lp)
    os.makedirs(stage["cwd"], exist_ok=True)
    for d in case.get("mkdirs", []):
        os.makedirs(os.path.join(base, d), exist_ok=True)
    for p, mode in case.get("modes", {}).items():
        os.chmod(os.path.join(base, p), int(mode, 8))
    if stage["gitroot"]:
        os.makedirs(stage["gitroot"], exist_ok=True)
        git = ["git", "-C", stage["gitroot"]]
        genv = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", HOME=stage["home"],
                    GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
                    GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid",
                    GIT_AUTHOR_DATE="2026-01-01T00:00:00Z", GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
        subprocess.run(git + ["init", "-q", "-b", "main"], check=True, env=genv)
        if case.get("git_commit"):
            subprocess.run(git + ["add", "-A", "-f", "."], check=True, env=genv)
            subprocess.run(git + ["commit", "-q", "-m", "case"], check=True, env=genv)
        if case.get("worktree"):
            # a linked worktree of the git root (which needs a commit) at
            # the case's worktree part, its files put back after
            wt = os.path.join(base, case["worktree"])
            aside = wt + ".files"
            os.rename(wt, aside)
            subprocess.run(git + ["worktree", "add", "-q", "--detach", wt], check=True, env=genv)
            copy_tree(aside, wt, stage)
            shutil.rmtree(aside)
        # git init wrote nothing into HOME, but make sure no stray git config is left there
        for f in (".gitconfig",):
            p = os.path.join(stage["home"], f)
            if os.path.exists(p):
                os.remove(p)
    return stage


def client_env(stage, clients_bin):
    env = {
        "PATH": clients_bin + ":/usr/local/bin:/usr/bin:/bin",
        "HOME": stage["home"],
        "USER": os.environ.get("USER", "root"),
        "LOGNAME": os.environ.get("LOGNAME", os.environ.get("USER", "root")),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
        # opt-outs: no updates, telemetry or other traffic (the network is closed anyway)
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "GEMINI_TELEMETRY_ENABLED": "false",
        "GEMINI_CLI_DISABLE_AUTO_UPDATE": "true",
        "OPENCODE_DISABLE_AUTOUPDATE": "1",
        # opencode keeps its data, cache and state under the XDG dirs: inside the temp HOME
        "XDG_DATA_HOME": os.path.join(stage["home"], ".local", "share"),
        "XDG_CACHE_HOME": os.path.join(stage["home"], ".cache"),
        "XDG_STATE_HOME": os.path.join(stage["home"], ".local", "state"),
    }
    if stage["case"].get("links"):
        # started from a shell in cwd, whose path may go through a link
        env["PWD"] = stage["cwd"]
    for k, v in stage["case"].get("env", {}).items():
        env[k] = subst(v, stage)
    return env


def clean(text, stage):
    """Replace temp paths, drop noise lines, trim trailing space."""
    reps = [(stage["home"], "<HOME>"), (stage["root"], "<ROOT>"), (stage["base"], "<TMP>")]
    if stage.get("http"):
        reps.append(("127.0.0.1:%d" % stage["http"].server_address[1], "127.0.0.1:<PORT>"))
    for a, b in reps:
        # also the realpath (e.g. /tmp is a symlink on some systems)
        ra = os.path.realpath(a)
        text = text.replace(a, b)
        if ra != a:
            text = text.replace(ra, b)
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if any(n.match(line) for n in NOISE):
            continue
        if re.match(r"^\s+\d+: <unknown>$", line) or line == "Stack backtrace:":
            continue  # Rust backtraces of a stripped binary
        lines.append(line.rstrip())
    return "\n".join(lines).strip("\n")


# Clients that read a named profile on top of their user config when told
# (case.json "profile"), and how they are told.
PROFILE_FLAGS = {"codex": ["--profile"]}


def with_profile(client, cmd, stage):
    """cmd with the case's profile selected, for the clients that have profiles."""
    name = stage["case"].get("profile")
    if not name or client not in PROFILE_FLAGS:
        return cmd
    return cmd[:1] + PROFILE_FLAGS[client] + [name] + cmd[1:]


def in_system(cmd, stage):
    """Wrap cmd so that it runs in a private mount namespace where each top-level directory of
    the staged system/ is laid over the machine's own (an overlay whose lower layer is the real
    one): the client sees the case's /etc/gemini-cli, the machine's files are never touched.
    Needs root (unshare -m)."""
    if not stage["case"].get("system"):
        return cmd
    sysdir = os.path.join(stage["base"], "system")
    unshare, mount = shutil.which("unshare"), shutil.which("mount")
    if not unshare or not mount:
        sys.exit("a case with \"system\" needs unshare and mount (util-linux), run as root")
    mounts = []
    for d in sorted(os.listdir(sysdir)):
        if not os.path.isdir("/" + d):
            sys.exit(f"system/{d}: /{d} does not exist on this machine; only existing top-level directories can be overlaid")
        mounts.append(f"{mount} -t overlay overlay -o lowerdir={shlex.quote(os.path.join(sysdir, d))}:/{d} /{d}")
    script = " && ".join([f"{mount} --make-rprivate /"] + mounts + ['exec "$@"'])
    return [unshare, "-m", "sh", "-c", script, "sh"] + cmd


def run(cmd, stage, clients_bin, client=None):
    env, cov = coverage.coverage_env(client_env(stage, clients_bin))
    if client:
        cmd = with_profile(client, cmd, stage)
    cmd = in_system(cmd, stage)
    try:
        p = subprocess.run(cmd, cwd=stage["cwd"], env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=TIMEOUT)
        rc = p.returncode
        out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        rc = "timeout"
        out = (e.stdout or b"").decode("utf-8", "replace")
        err = (e.stderr or b"").decode("utf-8", "replace")
    coverage.collect(cov)
    return rc, clean(out, stage), clean(err, stage)


def check_markers(stage):
    """markers: did the file appear? captures: what did a started server write (null: never started)?"""
    res = {}
    for m in stage["case"].get("markers", []):
        res[m] = os.path.exists(os.path.join(stage["base"], m))
    caps = {}
    if stage.get("http"):
        # one entry per distinct request; clients retry and probe, so keep it deterministic
        seen = []
        for r in stage["http"].requests:
            if r not in seen:
                seen.append(r)
        caps["http"] = sorted(seen, key=lambda r: json.dumps(r, sort_keys=True))
    for m in stage["case"].get("captures", []):
        p = os.path.join(stage["base"], m)
        if os.path.exists(p):
            with open(p, encoding="utf-8", errors="replace") as f:
                caps[m] = clean(f.read(), stage)
        else:
            caps[m] = None
    return {"markers": res, "captures": caps}


# ---------------------------------------------------------------- names

def scan_names(stage):
    """Every key of an `mcpServers` (or Claude Code's `managedMcpServers`) object in any JSON
    file of the staged tree, machine-wide files included."""
    names = set()

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k in ("mcpServers", "managedMcpServers") and isinstance(x, dict):
                    names.update(x.keys())
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for top in (stage["root"], stage["home"], stage.get("system")):
        if not top:
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            if ".git" in dirnames:
                dirnames.remove(".git")
            for fn in filenames:
                if not fn.endswith(".json"):
                    continue
                try:
                    with open(os.path.join(dirpath, fn)) as f:
                        walk(json.load(f))
                except Exception:
                    pass
    names.update(stage["case"].get("names", []))
    return sorted(names)


# ---------------------------------------------------------------- claude code

CLAUDE_SCOPES = [("Local config", "local"), ("Project config", "project"), ("User config", "user"),
                 ("Dynamic config", "dynamic"), ("Enterprise", "managed"), ("Managed", "managed"),
                 ("Plugin", "plugin"), ("claude.ai", "claudeai")]


def claude_status(text):
    t = text
    if "Pending approval" in t:
        return "pending-approval"
    if "Rejected" in t:
        return "rejected"
    if "Disabled" in t:
        return "disabled"
    if "Connected" in t or "Failed to connect" in t or "Needs authentication" in t:
        return "enabled"
    return "unknown"


def claude_health(text):
    if "Connected" in text and "Failed" not in text:
        return "connected"
    if "Failed to connect" in text:
        return "failed"
    if "Needs authentication" in text:
        return "needs-auth"
    return "not-checked"


def parse_claude_get(name, text):
    lines = text.split("\n")
    if not lines or lines[0].strip() != name + ":":
        return None
    fields, cur = {}, None
    for line in lines[1:]:
        if not line.strip():
            cur = None
            continue
        m = re.match(r"^  ([A-Za-z ]+):(?: (.*))?$", line)
        if m and not line.startswith("    "):
            key, val = m.group(1), (m.group(2) or "")
            fields[key] = val
            cur = key
            if key in ("Environment", "Headers"):
                fields[key] = {}
            continue
        if cur in ("Environment", "Headers") and line.startswith("    "):
            s = line.strip()
            sep = "=" if cur == "Environment" else ": "
            k, _, v = s.partition(sep)
            fields[cur][k] = v
    srv = {"name": name}
    status_text = fields.get("Status", "")
    srv["status"] = claude_status(status_text)
    srv["client_status"] = re.sub(r"^[^\w]+\s*", "", status_text)
    srv["health"] = claude_health(status_text)
    scope_text = fields.get("Scope", "")
    for prefix, sc in CLAUDE_SCOPES:
        if scope_text.startswith(prefix):
            srv["scope"] = sc
            break
    else:
        srv["scope"] = scope_text
    srv["transport"] = fields.get("Type", "")
    if "Command" in fields:
        srv["command"] = fields["Command"]
        a = fields.get("Args", "")
        srv["args"] = a.split(" ") if a else []
    if "URL" in fields:
        if fields["URL"].endswith("/\u2026"):
            srv["url_redacted"] = True  # a managed-settings server's URL is shown as origin/…
        else:
            srv["url"] = fields["URL"]
    if fields.get("Environment"):
        srv["env"] = fields["Environment"]
    if fields.get("Headers"):
        srv["headers"] = fields["Headers"]
    return srv


LIST_LINE = re.compile(r"^([A-Za-z0-9_.:@ -]+): (.*?) - ([✓✔✘✗⏸⊘⚠△!○].*)$")


def parse_claude_list(raw):
    listed = {}
    for line in raw.split("\n"):
        m = LIST_LINE.match(line)
        if m:
            listed[m.group(1)] = {"detail": m.group(2), "status_text": m.group(3)}
    # "MCP config diagnostics" blocks: "[Section]" header, optional "Location:", then ├/└ items
    diags, kind, section, location, seen = [], None, None, None, False
    for line in raw.split("\n"):
        if line.startswith("MCP config diagnostics"):
            seen = True
            continue
        if not seen:
            continue
        m = re.match(r"^\[([^\]]+)\](.*)$", line)
        if m:
            kind, section, location = m.group(1), m.group(2).strip() or None, None
            continue
        if line.startswith("Location: "):
            location = line[len("Location: "):]
            continue
        m = re.match(r"^\s*[├└] (.*)$", line)
        if m:
            msg = m.group(1)
            d = {"kind": kind}
            if section:
                d["section"] = section
            if location:
                d["location"] = location
            lv = re.match(r"^\[(\w+)\] (.*)$", msg)
            if lv:
                d["level"], msg = lv.group(1).lower(), lv.group(2)
            d["message"] = msg
            diags.append(d)
    return listed, diags


# A diagnostic about one server: "[NAME] …", or "(PATH) [NAME] …" when it is about a file other than the
# one its group names (a parent directory's .mcp.json).
def claude_diag_names(d, name):
    return re.match(r"^(?:\([^)]*\) )?\[" + re.escape(name) + r"\] ", d["message"]) is not None


def claude_servers(listed, diags, gets):
    """The servers of `claude mcp list` (listed, diags: parse_claude_list) and `claude mcp get NAME` (gets:
    name -> output), as observed.json records them."""
    servers = []
    for name in sorted(gets):
        srv = parse_claude_get(name, gets[name])
        if srv is None:
            # not known to Claude Code; a diagnostic may say why (e.g. url without type, a
            # reserved name)
            for d in diags:
                if claude_diag_names(d, name) and (
                        "Skipped" in d["message"] or "reserved MCP server name" in d["message"]
                        or "was not loaded" in d["message"]):
                    srv = {"name": name, "status": "invalid", "diagnostic": d["message"]}
            if srv is None:
                continue
        if name in listed and srv.get("transport") == "stdio" and srv.get("command") == "stdio" and not srv.get("args"):
            # `claude mcp get` shows a plugin's stdio server as "Command: stdio" with no args (2.1.331:
            # the dynamic config's fields); `claude mcp list` shows its command line, as
            # `${command} ${args.join(" ")}`: no args leave a space after the command (read as none: one empty
            # argument would print the same)
            command, _, rest = listed[name]["detail"].partition(" ")
            srv["command"], srv["args"] = command, rest.split(" ") if rest else []
        srv["listed"] = name in listed
        servers.append(srv)
    return servers


def reparse_claude(obs):
    """observed.json's Claude Code servers parsed again from the raw outputs it keeps (after a parser fix)."""
    listed, diags = parse_claude_list(obs["raw"])
    obs["servers"] = claude_servers(listed, diags, obs.get("get", {}).get("raw", {}))
    return obs


def run_claude(case_dir, case, clients_bin, version):
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run(["claude", "mcp", "list"], st, clients_bin)
        markers = check_markers(st)
        names = scan_names(st)
    finally:
        unstage(st)
    listed, diags = parse_claude_list(out)
    res = {"version": version, "command": "claude mcp list", "exit_code": rc, "raw": out}
    if err:
        res["stderr"] = err
    gets = {}
    for name in sorted(set(names) | set(listed)):
        st = stage_case(case_dir, case)
        try:
            grc, gout, gerr = run(["claude", "mcp", "get", name], st, clients_bin)
        finally:
            unstage(st)
        gets[name] = (gout + ("\n" + gerr if gerr else "")).strip()
    servers = claude_servers(listed, diags, gets)
    res["servers"] = servers
    if diags:
        res["diagnostics"] = diags
    res["get"] = {"command": "claude mcp get NAME", "raw": gets}
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


# ---------------------------------------------------------------- codex

def run_codex(case_dir, case, clients_bin, version):
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run(["codex", "mcp", "list", "--json"], st, clients_bin, "codex")
        markers = check_markers(st)
    finally:
        unstage(st)
    res = {"version": version, "command": " ".join(with_profile("codex", ["codex", "mcp", "list", "--json"], st)), "exit_code": rc, "raw": out}
    if err:
        res["stderr"] = err
    servers = []
    try:
        data = json.loads(out) if out.strip() else None
    except json.JSONDecodeError:
        data = None
    if isinstance(data, list):
        for s in data:
            t = s.get("transport", {}) or {}
            ttype = t.get("type", "")
            srv = {
                "name": s.get("name"),
                # requirements.toml's allow list: disabled_reason "requirements (FILE)"
                "status": "enabled" if s.get("enabled") else
                          "blocked" if str(s.get("disabled_reason") or "").startswith("requirements") else "disabled",
                "transport": {"stdio": "stdio", "streamable_http": "http"}.get(ttype, ttype),
            }
            if s.get("disabled_reason") is not None:
                srv["disabled_reason"] = s["disabled_reason"]
            if "command" in t:
                srv["command"] = t["command"]
                srv["args"] = t.get("args") or []
                if t.get("env"):
                    srv["env"] = t["env"]
                if t.get("env_vars"):
                    srv["env_vars"] = t["env_vars"]
                if t.get("cwd"):
                    srv["cwd"] = t["cwd"]
            if "url" in t:
                srv["url"] = t["url"]
                if t.get("bearer_token_env_var"):
                    srv["bearer_token_env_var"] = t["bearer_token_env_var"]
            servers.append(srv)
    res["servers"] = sorted(servers, key=lambda s: s["name"])
    gets = {}
    for name in case.get("codex_get", []):
        st = stage_case(case_dir, case)
        try:
            grc, gout, gerr = run(["codex", "mcp", "get", name, "--json"], st, clients_bin, "codex")
        finally:
            unstage(st)
        gets[name] = (gout + ("\n" + gerr if gerr else "")).strip()
    if gets:
        res["get"] = {"command": "codex mcp get NAME --json", "raw": gets}
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


# ---------------------------------------------------------------- gemini

# "<icon> NAME[ (from EXTENSION)]: DETAIL (TRANSPORT) - STATUS"; names may hold spaces
GEMINI_LINE = re.compile(r"^(\S+) (.+?)(?: \(from (.+?)\))?: (.*?)\s*\(([a-z-]+)\) - (.+)$")
GEMINI_BARE = re.compile(r"^(\S+) (.+?)(?: \(from (.+?)\))?:\s+- (\w+)$")
GEMINI_EXTENSION = re.compile(r"^([✓✗]) ([A-Za-z0-9-]+) \(")
UNTRUSTED = "disabled because this folder is untrusted"
EXTENSION_HASH = re.compile(r"^ (ID|name): [0-9a-f]{64}$")


def gemini_stable(text):
    """Gemini CLI loads extensions concurrently: the warnings of the ones it skips come in any
    order, so runs of them are sorted; `extensions list` prints hashes of staged paths (ID, name),
    which are dropped."""
    out, run_ = [], []
    for line in text.split("\n") + [None]:
        if line is not None and line.startswith("Warning: Skipping extension in "):
            run_.append(line)
            continue
        out.extend(sorted(run_))
        run_ = []
        if line is not None and not EXTENSION_HASH.match(line):
            out.append(line)
    return "\n".join(out)


def gemini_extensions(case_dir, case, clients_bin):
    """`gemini extensions list`: which installed extensions are enabled in this folder (✓) or not (✗).
    `gemini mcp list` lists (and even connects) the servers of a disabled extension, but a session
    never starts them (core ExtensionLoader.start starts active extensions only;
    McpClientManager.maybeDiscoverMcpServer skips an inactive extension's server)."""
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run(["gemini", "extensions", "list"], st, clients_bin)
    finally:
        unstage(st)
    both = gemini_stable("\n".join(x for x in (out, err) if x))
    active = {}
    for line in both.split("\n"):
        m = GEMINI_EXTENSION.match(line)
        if m:
            active[m.group(2)] = m.group(1) == "✓"
    return {"command": "gemini extensions list", "exit_code": rc, "raw": both, "active": active}


def parse_gemini_list(both, extensions=None):
    """The servers of `gemini mcp list`'s output; extensions is gemini_extensions' result, when a
    server comes from an extension."""
    untrusted = UNTRUSTED in both
    servers = []
    for line in both.split("\n"):
        m = GEMINI_LINE.match(line)
        if m:
            icon, name, ext, detail, transport, status = m.groups()
        else:
            # a server with neither url nor command prints "<icon> name:  - Status"
            m = GEMINI_BARE.match(line)
            if not m:
                continue
            icon, name, ext, status = m.groups()
            detail, transport = "", ""
        st_word = status.strip()
        if transport == "" and st_word != "Blocked":
            status_v = "invalid"  # neither url/httpUrl nor command: no transport can be created
        elif transport == "":
            status_v = "blocked"  # its lists block it before its shape is looked at
        elif ext and extensions and extensions["active"].get(ext) is False and st_word in ("Connected", "Disconnected", "Connecting"):
            status_v = "disabled"  # its extension is disabled here: a session does not start it
        elif st_word == "Disabled":
            status_v = "untrusted" if untrusted else "disabled"
        elif st_word == "Blocked":
            status_v = "blocked"
        elif st_word in ("Connected", "Disconnected", "Connecting"):
            status_v = "enabled"
        else:
            status_v = "unknown"
        srv = {"name": name, "status": status_v, "client_status": st_word, "transport": transport}
        if ext:
            srv["extension"] = ext
        if st_word in ("Connected", "Disconnected"):
            srv["health"] = "connected" if st_word == "Connected" else "failed"
        if transport == "":
            pass
        elif transport == "stdio" and detail and " " not in detail and (detail + " (stdio)") in line:
            # "url (type)" prints the type as written: a url server of "type": "stdio" (a stdio
            # line always has a space before "(stdio)": "command args (stdio)", "command  (stdio)")
            srv["url"] = detail
        elif transport == "stdio":
            parts = detail.split(" ") if detail else []
            srv["command"] = parts[0] if parts else ""
            srv["args"] = parts[1:]
        else:
            srv["url"] = detail
        servers.append(srv)
    return sorted(servers, key=lambda s: s["name"])


def run_gemini(case_dir, case, clients_bin, version):
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run(["gemini", "mcp", "list"], st, clients_bin)
        markers = check_markers(st)
    finally:
        unstage(st)
    # Gemini CLI prints its whole listing through its debug logger, on stderr: record both streams.
    both = gemini_stable("\n".join(x for x in (out, err) if x))
    res = {"version": version, "command": "gemini mcp list", "exit_code": rc, "raw": both}
    untrusted = UNTRUSTED in both
    res["untrusted_warning"] = untrusted
    extensions = None
    if any((GEMINI_LINE.match(l) or GEMINI_BARE.match(l)) and (GEMINI_LINE.match(l) or GEMINI_BARE.match(l)).group(3)
           for l in both.split("\n")):
        extensions = gemini_extensions(case_dir, case, clients_bin)
        res["extensions"] = extensions
    servers = parse_gemini_list(both, extensions)
    if untrusted and any(s["client_status"] == "Disabled" for s in servers):
        # In an untrusted folder "Disabled" is also what a server switched off in mcp-server-enablement.json
        # shows (Gemini CLI checks that first). Ask again with the folder trusted: what is still Disabled is
        # switched off, the rest is disabled by the untrusted folder only.
        # The workspace's mcp.allowed and mcp.excluded are taken away for the probe: an untrusted folder does not
        # apply them (its listing shows the workspace's servers all the same), so the trusted run applies the same
        # lists (a workspace mcp.allowed would otherwise block what was Disabled).
        probe = dict(case, env=dict(case.get("env", {}), GEMINI_CLI_TRUST_WORKSPACE="true"))
        st = stage_case(case_dir, probe)
        try:
            ws = os.path.join(st["cwd"], ".gemini", "settings.json")
            if os.path.isfile(ws) and os.path.realpath(os.path.dirname(ws)) != os.path.realpath(
                    os.path.join(st["home"], ".gemini")):
                try:
                    with open(ws, encoding="utf-8") as f:
                        wv = json.load(f)
                except (ValueError, OSError):
                    wv = None
                if isinstance(wv, dict) and "mcp" in wv:
                    # the lists only: the list command shows the workspace's servers trusted or not
                    del wv["mcp"]
                    with open(ws, "w", encoding="utf-8") as f:
                        json.dump(wv, f)
            prc, pout, perr = run(["gemini", "mcp", "list"], st, clients_bin)
        finally:
            unstage(st)
        praw = "\n".join(x for x in (pout, perr) if x)
        res["trust_probe"] = {"command": "GEMINI_CLI_TRUST_WORKSPACE=true gemini mcp list (without the workspace's mcp lists)", "exit_code": prc,
                              "raw": praw}
        probe_disabled(servers, praw)
    res["servers"] = servers
    reparse_gemini(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


def probe_disabled(servers, praw):
    """A server still Disabled with the folder trusted is switched off (disabled), not only untrusted.
    A probe that still says the folder is untrusted did not trust it (GEMINI_RESTRICTED_MODE wins over
    GEMINI_CLI_TRUST_WORKSPACE): its Disabled says nothing more."""
    if UNTRUSTED in praw:
        return
    still = {s["name"] for s in parse_gemini_list(praw) if s["client_status"] == "Disabled"}
    for s in servers:
        if s["status"] == "untrusted" and s["name"] in still:
            s["status"] = "disabled"


GEMINI_CRASH = re.compile(r"An unexpected critical error occurred:\s*(.*)")


def reparse_gemini(obs):
    """observed.json's Gemini CLI servers parsed again from the raw outputs it keeps (after a parser fix), and a
    listing that crashed marked (`gemini mcp list` throws on some values, e.g. args that are a string:
    "server.args?.join is not a function"): what it printed before is no answer about the servers."""
    if "raw" in obs and "servers" in obs:
        servers = parse_gemini_list(obs["raw"], obs.get("extensions"))
        if obs.get("trust_probe"):
            probe_disabled(servers, obs["trust_probe"]["raw"])
        obs["servers"] = servers
    m = GEMINI_CRASH.search(obs.get("raw", ""))
    if m:
        obs["crashed"] = m.group(1).strip()
    return obs


# ---------------------------------------------------------------- qwen

# Qwen Code (npm @qwen-code/qwen-code), a fork of Gemini CLI. `qwen mcp list` prints
# "<icon> NAME: DETAIL (TRANSPORT) - STATUS" (colours whatever NO_COLOR says); a server with neither
# url nor command "<icon> NAME:  - STATUS". It connects to every server it does not hold back for
# approval: the trees use unreachable commands and loopback URLs, and the whole process group is
# killed after each run (nothing it starts outlives it).
QWEN_LINE = re.compile(r"^(\S+) (.+?): (.*?)\s*\((stdio|sse|http)\) - (.+)$")
QWEN_BARE = re.compile(r"^(\S+) (.+?):\s+- (.+)$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
QWEN_CRASH = re.compile(r"^(TypeError|Error|RangeError): (.*)$", re.M)


def parse_qwen_list(raw):
    servers = []
    if "Configured MCP servers:" not in raw:
        return servers
    for line in raw.split("\n"):
        m = QWEN_LINE.match(line)
        if m:
            icon, name, detail, transport, word = m.groups()
        else:
            m = QWEN_BARE.match(line)
            if not m or m.group(1) not in ("\u2713", "\u2717", "\u2026", "\u25cf"):
                continue
            icon, name, word = m.groups()
            detail, transport = "", ""
        if icon not in ("\u2713", "\u2717", "\u2026", "\u25cf"):
            continue
        word = word.strip()
        if word == "Pending approval":
            status = "pending-approval"
        elif word == "Rejected":
            status = "rejected"
        elif transport == "":
            status = "invalid"  # neither httpUrl, url nor command: nothing to connect to
        elif word.startswith(("Connected", "Disconnected", "Connecting")):
            status = "enabled"
        else:
            status = "unknown"
        srv = {"name": name, "status": status, "client_status": word, "transport": transport}
        if transport == "stdio":
            parts = detail.split(" ") if detail else []
            srv["command"] = parts[0] if parts else ""
            srv["args"] = [a for a in parts[1:] if a != ""]
        elif transport:
            srv["url"] = detail
        servers.append(srv)
    return sorted(servers, key=lambda s: s["name"])


def reparse_qwen(obs):
    """The servers parsed again from the raw output; a listing that crashed (`qwen mcp list` throws on args that
    are not an array: "server.args?.join is not a function") marked: what it printed before is no answer."""
    raw = obs.get("raw", "")
    obs["servers"] = parse_qwen_list(raw)
    obs.pop("crashed", None)
    m = QWEN_CRASH.search(raw)
    if m and "Configured MCP servers:" in raw:
        obs["crashed"] = m.group(2).strip()
    return obs


def run_group(cmd, stage, clients_bin):
    """run() in a process group of its own, killed whole afterwards."""
    import signal
    env, cov = coverage.coverage_env(client_env(stage, clients_bin))
    cmd = in_system(cmd, stage)
    p = subprocess.Popen(cmd, cwd=stage["cwd"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=TIMEOUT)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    coverage.collect(cov)
    out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    return rc, clean(ANSI.sub("", out), stage), clean(ANSI.sub("", err), stage)


def run_qwen(case_dir, case, clients_bin, version):
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run_group(["qwen", "mcp", "list"], st, clients_bin)
        markers = check_markers(st)
        corrupted = sorted(os.path.relpath(os.path.join(d, f), st["base"])
                           for top in (st["root"], st["home"]) for d, _, fs in os.walk(top) for f in fs if f.endswith(".corrupted"))
    finally:
        unstage(st)
    raw = "\n".join(x for x in (out, err) if x)
    res = {"version": version, "command": "qwen mcp list", "exit_code": rc, "raw": raw}
    if corrupted:
        res["corrupted"] = corrupted  # the copies Qwen Code kept of settings files it could not parse
    reparse_qwen(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


# ---------------------------------------------------------------- pisces

# pisces is oh-my-pi (npm @oh-my-pi/pi-coding-agent) with its directory renamed: .omp is .pisces.
PISCES_DIR = os.environ.get("CLIENTCHECK_PISCES", os.path.expanduser("~/.cache/mcpconf-clientcheck-pisces"))
PISCES_PKG = "node_modules/@oh-my-pi/pi-coding-agent"


def stage_as_omp(stage):
    """Rename every staged .pisces directory (project and home) to .omp, the name oh-my-pi reads."""
    for top in (stage["root"], stage["home"]):
        for d, dirs, _ in os.walk(top):
            for name in list(dirs):
                if name == ".pisces":
                    os.rename(os.path.join(d, name), os.path.join(d, ".omp"))
                    dirs.remove(name)
                    dirs.append(".omp")


def run_pisces(case_dir, case, clients_bin, version):
    """oh-my-pi's own loader (scripts/clientcheck/pisces.ts under bun): Settings.init,
    loadAllMCPConfigs(cwd), validateServerConfig; the servers it reads, with what it does with each."""
    st = stage_case(case_dir, case)
    bun = os.path.join(PISCES_DIR, "node_modules", ".bin", "bun")
    cmd = [bun, os.path.join(HERE, "pisces.ts"), os.path.join(PISCES_DIR, PISCES_PKG), st["cwd"]]
    try:
        stage_as_omp(st)
        rc, out, err = run(cmd, st, clients_bin)
        markers = check_markers(st)
    finally:
        unstage(st)
    out = out.replace("/.omp/", "/.pisces/").replace("~/.omp", "~/.pisces").replace('".omp/', '".pisces/')
    res = {"version": version, "command": "bun pisces.ts (Settings.init, loadAllMCPConfigs, validateServerConfig)",
           "exit_code": rc, "raw": out}
    if err:
        res["stderr"] = err
    reparse_pisces(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


# ---------------------------------------------------------------- opencode

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# "●  ✗ NAME \x1b[90mfailed": the status word follows the dim colour code; names may hold spaces
OPENCODE_LINE = re.compile(r"^●\s+\S+ (.+?) \x1b\[90m(.+)$")
OPENCODE_DETAIL = re.compile(r"^│\s+(.*)$")


def parse_opencode_list(raw):
    """Each server of `opencode mcp list`: name, its word (connected, failed, disabled, needs
    authentication, ...) and the lines under it (an error, then the command or URL)."""
    out, cur = [], None
    for line in raw.split("\n"):
        m = OPENCODE_LINE.match(line)
        if m:
            cur = {"name": m.group(1), "word": ANSI.sub("", m.group(2)).strip(), "detail": []}
            out.append(cur)
            continue
        m = OPENCODE_DETAIL.match(line)
        if cur is not None and m and m.group(1).strip():
            cur["detail"].append(ANSI.sub("", m.group(1)).strip())
        elif not line.startswith("│"):
            cur = None
    return out


def opencode_servers(listed, merged):
    """observed servers: status from the list, command/args/url from the merged config
    (`opencode debug config`'s "mcp"), which the list prints joined by spaces."""
    servers = []
    for it in listed:
        word = it["word"]
        detail = " ".join(it["detail"])
        if word == "disabled":
            status = "disabled"
        elif word == "failed" and detail.startswith("Invalid MCP URL"):
            status = "invalid"  # a remote url it cannot parse fails before dialing
        else:
            status = "enabled"
        srv = {"name": it["name"], "status": status, "client_status": word}
        if word in ("connected", "failed"):
            srv["health"] = "connected" if word == "connected" else "failed"
        e = merged.get(it["name"]) if isinstance(merged, dict) else None
        if isinstance(e, dict):
            srv["transport"] = {"local": "stdio", "remote": "http"}.get(e.get("type"), e.get("type") or "")
            cmd = e.get("command")
            if isinstance(cmd, list) and cmd:
                srv["command"], srv["args"] = cmd[0], cmd[1:]
            if isinstance(e.get("url"), str):
                srv["url"] = e["url"]
            if isinstance(e.get("environment"), dict):
                srv["env"] = e["environment"]
            # every header the merged entry sends, none recorded as {} (a header one file gives
            # another's url must show: testdata/clients/kilo-merge-retype)
            srv["headers"] = e["headers"] if isinstance(e.get("headers"), dict) else {}
        servers.append(srv)
    return sorted(servers, key=lambda s: s["name"])


def opencode_merged(raw):
    """The "mcp" object of `opencode debug config`'s JSON (None when it printed none)."""
    i = raw.find("{")
    if i < 0:
        return None
    try:
        d, _ = json.JSONDecoder().raw_decode(raw[i:])
    except ValueError:
        return None
    return d.get("mcp") if isinstance(d, dict) else None


def reparse_opencode(obs):
    if "raw" in obs and "servers" in obs:
        merged = opencode_merged((obs.get("debug_config") or {}).get("raw", ""))
        obs["servers"] = opencode_servers(parse_opencode_list(obs["raw"]), merged or {}) if obs.get("exit_code") == 0 else []
    return obs


def run_opencode(case_dir, case, clients_bin, version):
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run(["opencode", "mcp", "list"], st, clients_bin)
        markers = check_markers(st)
    finally:
        unstage(st)
    raw = "\n".join(x for x in (out, err) if x)
    res = {"version": version, "command": "opencode mcp list", "exit_code": rc, "raw": raw}
    if rc != 0:
        res["stderr"] = ANSI.sub("", err or out)
    st = stage_case(case_dir, case)
    try:
        drc, dout, derr = run(["opencode", "debug", "config"], st, clients_bin)
    finally:
        unstage(st)
    res["debug_config"] = {"command": "opencode debug config", "exit_code": drc,
                           "raw": "\n".join(x for x in (dout, derr) if x)}
    res["servers"] = []
    reparse_opencode(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


# ---------------------------------------------------------------- kilo (Kilo Code CLI, an opencode fork)

# "WARN ... service=kilocode.config source=<path> err=ConfigInvalidError skipped config due to error"
KILO_SKIPPED = re.compile(r"source=(\S+) err=(\S+) skipped config due to error")
KILO_ENV = {"KILO_DISABLE_MODELS_FETCH": "1", "KILO_DISABLE_AUTOUPDATE": "1", "KILO_TELEMETRY_DISABLED": "1"}


def reparse_kilo(obs):
    """As opencode's (the same `mcp list` output and `debug config` JSON), plus the files kilo
    skipped ("skipped config due to error" in its logs), each named once."""
    reparse_opencode(obs)
    skipped = []
    for m in KILO_SKIPPED.finditer(ANSI.sub("", obs.get("raw", ""))):
        if [m.group(1), m.group(2)] not in skipped:
            skipped.append([m.group(1), m.group(2)])
    if skipped:
        obs["skipped_files"] = [{"path": p, "error": e} for p, e in skipped]
    return obs


def run_kilo(case_dir, case, clients_bin, version):
    """`kilo mcp list --print-logs --log-level WARN` (statuses, skipped files) and `kilo debug
    config` (the merged "mcp"); offline, temp HOME and XDG dirs inside it, as opencode's."""
    case = dict(case, env=dict(KILO_ENV, **case.get("env", {})))
    st = stage_case(case_dir, case)
    try:
        rc, out, err = run(["kilo", "mcp", "list", "--print-logs", "--log-level", "WARN"], st, clients_bin)
        markers = check_markers(st)
    finally:
        unstage(st)
    raw = "\n".join(x for x in (out, err) if x)
    res = {"version": version, "command": "kilo mcp list --print-logs --log-level WARN", "exit_code": rc, "raw": raw}
    st = stage_case(case_dir, case)
    try:
        drc, dout, derr = run(["kilo", "debug", "config"], st, clients_bin)
    finally:
        unstage(st)
    res["debug_config"] = {"command": "kilo debug config", "exit_code": drc, "raw": dout}
    res["servers"] = []
    reparse_kilo(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


def reparse_pisces(obs):
    try:
        v = json.loads(obs.get("raw", ""))
    except ValueError:
        obs["servers"] = []
        return obs
    obs["servers"] = v.get("servers", [])
    if v.get("shadowed"):
        obs["shadowed"] = v["shadowed"]
    return obs


def pisces_version():
    try:
        with open(os.path.join(PISCES_DIR, PISCES_PKG, "package.json")) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return "unknown"


# ---------------------------------------------------------------- copilot (GitHub Copilot CLI)

# copilot unpacks its bundle under $XDG_CACHE_HOME/copilot/pkg on first run (~200 MB): one folder
# shared by every run, outside the staged HOME (env CLIENTCHECK_COPILOT_CACHE)
COPILOT_CACHE = os.environ.get("CLIENTCHECK_COPILOT_CACHE",
                               os.path.join(os.path.expanduser("~"), ".cache", "mcpconf-clientcheck-copilot", "xdg-cache"))
# 'Warning: workspace MCP config "PATH": Skipping invalid MCP server "NAME": why Skipping invalid …'
COPILOT_INVALID = re.compile(r'Skipping invalid MCP server "((?:[^"\\]|\\.)*)"')


def copilot_servers(listed, err):
    """observed servers: `copilot mcp list --json`'s mcpServers (enabled true or false), then the
    entries it skipped with a warning (invalid) that no other file's entry replaced."""
    servers, seen = [], set()
    for name, e in (listed or {}).items():
        if not isinstance(e, dict):
            continue
        srv = {"name": name, "status": "enabled" if e.get("enabled", True) else "disabled",
               "client_source": e.get("source", "")}
        if isinstance(e.get("command"), str):
            srv["command"] = e["command"]
            srv["args"] = [a for a in e.get("args") or [] if isinstance(a, str)]
        if isinstance(e.get("url"), str):
            srv["url"] = e["url"]
        srv["transport"] = {"local": "stdio", "streamable-http": "http"}.get(e.get("type"), e.get("type") or ("stdio" if "command" in e else "http"))
        servers.append(srv)
        seen.add(name)
    for m in COPILOT_INVALID.finditer(err or ""):
        name = json.loads('"' + m.group(1) + '"')
        if name not in seen:
            servers.append({"name": name, "status": "invalid"})
            seen.add(name)
    return sorted(servers, key=lambda s: s["name"])


def reparse_copilot(obs):
    try:
        listed = json.loads(obs.get("raw", "")).get("mcpServers")
    except (ValueError, AttributeError):
        listed = None
    obs["servers"] = copilot_servers(listed, obs.get("stderr", "")) if obs.get("exit_code") == 0 else []
    return obs


def run_copilot(case_dir, case, clients_bin, version):
    st = stage_case(case_dir, case)
    os.makedirs(COPILOT_CACHE, exist_ok=True)
    st["case"] = dict(case, env=dict(case.get("env", {}), XDG_CACHE_HOME=COPILOT_CACHE))
    try:
        rc, out, err = run(["copilot", "mcp", "list", "--json"], st, clients_bin)
        markers = check_markers(st)
    finally:
        unstage(st)
    res = {"version": version, "command": "copilot mcp list --json", "exit_code": rc, "raw": out}
    if err:
        res["stderr"] = err
    reparse_copilot(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res

# ---------------------------------------------------------------- cline

# Cline CLI's transportType -> mcpconf's transport names
CLINE_TRANSPORTS = {"stdio": "stdio", "sse": "sse", "streamableHttp": "http"}


def reparse_cline(obs):
    """`cline config mcp --json` prints [{name, transportType, disabled, path}] (exit 0), or
    nothing and exits 1 with the reason on stderr (a file it cannot parse or whose schema fails:
    it then loads no MCP server at all)."""
    servers = []
    if obs.get("exit_code") == 0:
        try:
            listed = json.loads(obs.get("raw") or "[]")
        except ValueError:
            listed = []
        for it in listed if isinstance(listed, list) else []:
            t = it.get("transportType", "")
            servers.append({"name": it.get("name", ""), "status": "disabled" if it.get("disabled") else "enabled",
                            "client_status": t + (" (disabled)" if it.get("disabled") else ""),
                            "connects": CLINE_TRANSPORTS.get(t, t)})
    obs["servers"] = sorted(servers, key=lambda s: s["name"])
    return obs


def run_cline(case_dir, case, clients_bin, version):
    """`cline config mcp --json` with auto-update off, in a session of its own: whatever it leaves
    running in its process group is killed when it returns."""
    st = stage_case(case_dir, case)
    try:
        env = client_env(st, clients_bin)
        env["CLINE_NO_AUTO_UPDATE"] = "1"
        p = subprocess.Popen(in_system(["cline", "config", "mcp", "--json"], st), cwd=st["cwd"], env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
        try:
            out, err = p.communicate(timeout=TIMEOUT)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
            out, err = b"", b""
        finally:
            try:
                os.killpg(p.pid, 9)
            except OSError:
                pass
            p.wait()
        out = clean(out.decode("utf-8", "replace"), st)
        err = clean(err.decode("utf-8", "replace"), st)
        markers = check_markers(st)
    finally:
        unstage(st)
    res = {"version": version, "command": "cline config mcp --json", "exit_code": rc, "raw": out}
    if err:
        # {"ts": …, "type": "error", "message": …}: the time stamp is noise
        msgs = []
        for line in err.split("\n"):
            try:
                msgs.append(json.loads(line).get("message", line))
            except (ValueError, AttributeError):
                msgs.append(line)
        res["stderr"] = "\n".join(msgs)
    reparse_cline(res)
    for k in ("markers", "captures"):
        if markers[k]:
            res[k] = markers[k]
    return res


def cline_version(clients_bin):
    """The cline package's version, from the package.json beside the bin link (the binary's
    --version starts the update check)."""
    p = os.path.join(clients_bin, "cline")
    try:
        d = os.path.dirname(os.path.dirname(os.path.realpath(p)))
        with open(os.path.join(d, "package.json")) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return "not installed" if not os.path.exists(p) else "unknown"


# observed.json parsed again from the raw outputs it keeps, per client (harness.py recompare)
REPARSE = {"claude-code": reparse_claude, "gemini": reparse_gemini, "opencode": reparse_opencode, "pisces": reparse_pisces,
           "qwen": reparse_qwen, "copilot": reparse_copilot, "cline": reparse_cline, "kilo": reparse_kilo}


# ---------------------------------------------------------------- main

def versions(clients_bin, clients=None):
    env = {"PATH": clients_bin + ":/usr/local/bin:/usr/bin:/bin", "HOME": tempfile.mkdtemp(prefix="clientcheck-v-"),
           "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
    out = {}
    for client, cmd, rx in (("claude-code", ["claude", "--version"], r"(\d+\.\d+\.\d+)"),
                            ("codex", ["codex", "--version"], r"(\d+\.\d+\.\d+)"),
                            ("gemini", ["gemini", "--version"], r"(\d+\.\d+\.\d+)"),
                            ("opencode", ["opencode", "--version"], r"(\d+\.\d+\.\d+)"),
                            ("qwen", ["qwen", "--version"], r"(\d+\.\d+\.\d+)"),
                            ("copilot", ["copilot", "--version"], r"(\d+\.\d+\.\d+)"),
                            ("kilo", ["kilo", "--version"], r"(\d+\.\d+\.\d+)")):
        if clients and client not in clients:
            continue
        if not shutil.which(cmd[0], path=env["PATH"]):
            out[client] = "not installed"
            continue
        p = subprocess.run(cmd, env=env, capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        m = re.search(rx, p.stdout.decode())
        out[client] = m.group(1) if m else "unknown"
    shutil.rmtree(env["HOME"], ignore_errors=True)
    out["pisces"] = pisces_version()
    if not clients or "cline" in clients:
        out["cline"] = cline_version(clients_bin)
    return out


RUNNERS = {"claude-code": run_claude, "codex": run_codex, "gemini": run_gemini, "opencode": run_opencode, "pisces": run_pisces,
           "qwen": run_qwen, "copilot": run_copilot, "cline": run_cline, "kilo": run_kilo}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cases", nargs="*", help="case names (default: every case)")
    ap.add_argument("--clients-bin", default=os.environ.get("CLIENTCHECK_BIN", ""),
                    help="directory holding the claude, codex and gemini executables")
    ap.add_argument("--client", action="append", choices=ALL_CLIENTS, help="run only these clients")
    args = ap.parse_args()
    if not args.clients_bin:
        sys.exit("--clients-bin (or CLIENTCHECK_BIN) is required; run.sh sets it")
    vers = versions(args.clients_bin, args.client)
    print("versions:", json.dumps(vers), file=sys.stderr)
    names = args.cases or sorted(d for d in os.listdir(CASES) if os.path.isfile(os.path.join(CASES, d, "case.json")))
    for name in names:
        case_dir = os.path.join(CASES, name)
        with open(os.path.join(case_dir, "case.json")) as f:
            case = json.load(f)
        clients = case.get("clients", DEFAULT_CLIENTS)
        obs_path = os.path.join(case_dir, "observed.json")
        observed, kept = {}, {}
        if os.path.exists(obs_path):
            with open(obs_path) as f:
                old = json.load(f)
            if args.client:
                observed = old
            # a client with no runner here (x-code: "source": "code") keeps
            # what was written from its code
            kept = {k: v for k, v in old.items() if k not in RUNNERS and k in clients}
        if not any(c in RUNNERS for c in clients):
            print(f"{name}: no client that runs here ({', '.join(clients)}); kept as written", file=sys.stderr)
            continue
        for c in clients:
            if args.client and c not in args.client or c not in RUNNERS:
                continue
            print(f"{name}: {c}", file=sys.stderr)
            observed[c] = RUNNERS[c](case_dir, case, args.clients_bin, vers[c])
        observed = {k: observed[k] for k in ALL_CLIENTS if k in observed and k in clients}
        observed.update(kept)
        with open(obs_path, "w") as f:
            json.dump(observed, f, indent=2, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
