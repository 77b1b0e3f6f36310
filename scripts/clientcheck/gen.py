"""The grammar of generated trees: per client, the inputs that decide whether a server exists, wins or
starts (files per scope, settings keys and their values, trust and approval, odd field types, broken
files, name spellings), drawn at random but reproducibly: generate(client, seed, index) always returns
the same tree (see tree.py for its form).

Everything a generated tree can make a client do is harmless: stdio servers run `false`, remote servers
are at 127.0.0.1:9 (nothing listens there), and the trees live in temporary directories.
"""

import copy
import json
import random

URL = "http://127.0.0.1:9/mcp"
URLS = ["http://127.0.0.1:9/mcp", "http://127.0.0.1:9/sse", "http://127.0.0.1:9/a/b"]
CMD = "false"
ARGS = [[], ["x"], ["x", "y"], ["--flag=1"]]

BASE_NAMES = ["a", "b", "c", "d"]
# spellings that clients treat differently: case, dots, spaces, underscores, JavaScript's prototype names
ODD_NAMES = ["A", "B", "a.b", "a b", "a_b", "a-b", "x1", "constructor", "toString", "__proto__", "hasOwnProperty"]
RESERVED = {
    "claude-code": ["workspace", "claude_ai", "Claude Preview", "Claude_Preview", "computer-use", "workspace__x",
                    "webagent"],
    "codex": [],
    # McpServerEnablementManager.isInSettingsList: an id "ext:…" is also matched by its part after the last colon
    "gemini": ["ext:a", "ext:ext1:b"],
    "opencode": [],
    "cline": [],
    "kilo": [],
    # filterExaMCPServers: any case of "exa"
    "pisces": ["exa", "Exa", "EXA"],
    "qwen": [],
    "copilot": [],
}


def chance(rng, p):
    return rng.random() < p


class Odd:
    """The weight of an odd choice (a broken file, a value of the wrong type, an invalid enum value): it counts
    only in an odd tree. A third of the trees are odd, so that the others exercise precedence, trust and
    approval without a refused config hiding them."""

    def __init__(self, w):
        self.w = w


def weight(rng, w):
    return (w.w if rng.odd else 0) if isinstance(w, Odd) else w


def pick(rng, weighted):
    """weighted: [(weight, value-or-callable)]"""
    ws = [weight(rng, w) for w, _ in weighted]
    r = rng.random() * sum(ws)
    for w, (_, v) in zip(ws, weighted):
        r -= w
        if r < 0 and w > 0:
            return v(rng) if callable(v) else v
    v = [v for w, (_, v) in zip(ws, weighted) if w > 0][-1]
    return v(rng) if callable(v) else v


def odd(rng, p):
    """A chance that is taken only in an odd tree."""
    return rng.random() < p and rng.odd


class Names:
    """Server names for one tree: mostly a few base names (so scopes collide), sometimes odd spellings."""

    def __init__(self, rng, client):
        self.rng = rng
        self.pool = BASE_NAMES + ODD_NAMES + RESERVED[client]
        self.used = []

    def new(self):
        rng = self.rng
        if self.used and chance(rng, 0.3):
            n = rng.choice(self.used)  # the same name in another scope
        elif chance(rng, 0.75):
            n = rng.choice(BASE_NAMES)
        else:
            n = rng.choice(self.pool)
        self.used.append(n)
        return n

    def some(self, k=None):
        """Names for a list (approvals, allow/deny lists): mostly ones in use."""
        rng = self.rng
        k = rng.choice([0, 1, 1, 2, 3]) if k is None else k
        out = []
        for _ in range(k):
            if self.used and chance(rng, 0.8):
                n = rng.choice(self.used)
                if chance(rng, 0.1):
                    n = n.upper() if n != n.upper() else n.lower()
            else:
                n = rng.choice(self.pool)
            if n not in out:
                out.append(n)
        return out


def servers(rng, names, server, lo=0, hi=3):
    out = {}
    for _ in range(rng.randint(lo, hi)):
        out[names.new()] = server(rng)
    return out


def odd_env(rng):
    return pick(rng, [(5, {"E1": "v"}), (Odd(1), {"E1": 1}), (Odd(1), {"E1": True}), (Odd(1), {"E1": None}),
                      (Odd(1), "E1=v")])


def maybe_broken(rng, node, p=0.06, texts=None):
    """Sometimes a file is not what its format says."""
    if not odd(rng, p * 2.5):
        return node
    texts = texts or ["{", "", "[]", "null", "{\"mcpServers\": {\"a\": }}", "{} x", "\ufeff{}"]
    return {"text": rng.choice(texts)}


def path_key(rng, tree, extra=()):
    """A key naming the project in a per-path table: exact, with a trailing slash, the cwd, a subdir."""
    opts = [(6, "@ROOT@"), (1, "@ROOT@/"), (1, "@ROOT@/sub"), (1, "@HOME@")]
    if tree["cwd"] != "project":
        opts.append((3, "@CWD@"))
    if tree["git_root"] is None:
        opts.append((1, "@ROOT@/.."))
    opts += list(extra)
    return pick(rng, opts)


def layout(rng, tree, p_git=0.85):
    tree["git_root"] = "project" if chance(rng, p_git) else None
    tree["cwd"] = pick(rng, [(6, "project"), (2, "project/sub"), (1, "project/sub/dir")])
    if chance(rng, 0.08):
        # started in a directory reached through a symbolic link (PWD is the link's path, as from a shell); the
        # files are written at the physical path, per-path keys name either (@ROOT@ the physical one, @CWD@ the
        # link's)
        tree["links"] = {"symlink": "project"}
        tree["cwd"] = "symlink" + tree["cwd"][len("project"):]


def phys(tree, rel):
    """A path of the case with a link it goes through replaced by the link's target: where its files are."""
    for link, target in (tree.get("links") or {}).items():
        if rel == link or rel.startswith(link + "/"):
            return target + rel[len(link):]
    return rel


def levels(tree):
    """The directories from the project root down to the working directory (physical paths)."""
    parts = phys(tree, tree["cwd"]).split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def home_var(rng, tree, var, name, p=0.2):
    """A variable that moves a client's home directory, and the case path of that directory (None when the
    variable is not set): absolute under the home, relative (resolved in the start directory), or starting
    with a literal `~/` (no shell expands it: a directory named `~` in the start directory)."""
    if not chance(rng, p):
        return None
    how = pick(rng, [(5, "abs"), (2, "rel"), (1, "tilde")])
    if how == "abs":
        tree["env"][var] = "@HOME@/" + name
        return "home/" + name
    start = phys(tree, tree["cwd"])
    if how == "rel":
        tree["env"][var] = name
        return start + "/" + name
    tree["env"][var] = "~/" + name
    return start + "/~/" + name


# ---------------------------------------------------------------- Claude Code

def claude_server(rng):
    def stdio(rng):
        s = {"command": CMD}
        if chance(rng, 0.4):
            s["args"] = list(rng.choice(ARGS))
        if chance(rng, 0.2):
            s["type"] = "stdio"
        if chance(rng, 0.15):
            s["env"] = odd_env(rng)
        return s

    def remote(rng):
        t = pick(rng, [(5, "http"), (3, "sse"), (1, "streamable-http"), (1, "ws")])
        url = "ws://127.0.0.1:9/ws" if t == "ws" else rng.choice(URLS)
        s = {"type": t, "url": url}
        if chance(rng, 0.15):
            s["headers"] = pick(rng, [(4, {"X-A": "1"}), (Odd(1), {"X-A": 1})])
        return s

    s = pick(rng, [
        (10, stdio), (6, remote),
        (1, lambda r: {"url": URL}),  # a url without type
        (Odd(1), lambda r: {"type": "http", "command": CMD}),
        (Odd(1), lambda r: {"type": "grpc", "url": URL}),
        (Odd(1), lambda r: {"command": CMD, "args": "x y"}),
        (Odd(1), lambda r: {}),
        (1, lambda r: {"command": CMD, "url": URL}),
        (Odd(1), lambda r: r.choice([CMD, [], None])),
    ])
    if isinstance(s, dict) and chance(rng, 0.1):
        s.update(pick(rng, [(Odd(1), {"timeout": "5000"}), (Odd(1), {"alwaysLoad": "yes"}), (2, {"cwd": "/tmp"}),
                            (1, {"alwaysLoad": True}), (1, {"timeout": 5000})]))
    return s


def claude_managed_server(rng):
    """A managedMcpServers entry: Claude Code reads only http and sse servers with an https URL there."""
    return pick(rng, [(6, lambda r: {"type": r.choice(["http", "sse"]), "url": "https://127.0.0.1:9/mcp"}),
                      (1, lambda r: {"type": "http", "url": URL}),
                      (1, lambda r: {"command": CMD}),
                      (Odd(1), lambda r: {"type": "http", "url": "https://127.0.0.1:9/${X}"})])


def claude_policy_entries(rng, names, tree_servers):
    def by_name(r):
        return {"serverName": (names.some(1) or ["a"])[0]}

    def by_command(r):
        argv = [CMD] + list(r.choice(ARGS))
        for s in tree_servers:
            if isinstance(s, dict) and "command" in s and chance(r, 0.6):
                a = s.get("args") if isinstance(s.get("args"), list) else []
                argv = [s["command"]] + a
                break
        return {"serverCommand": argv}

    def by_url(r):
        return {"serverUrl": r.choice(["http://127.0.0.1:9/*", URL, "*://127.0.0.1:*/*", "http://localhost:9/*",
                                       "http://127.0.0.1:9/sse"])}

    n = rng.choice([0, 1, 1, 2, 3])
    out = []
    for _ in range(n):
        out.append(pick(rng, [(5, by_name), (2, by_command), (2, by_url),
                              (Odd(1), lambda r: {"serverName": "a", "serverCommand": [CMD]}),
                              (Odd(1), lambda r: {"serverName": 1}), (Odd(1), lambda r: "a")]))
    return out


def claude_approvals(rng, names, keys, tree_servers):
    """Settings keys about project servers and policies (some of them; odd values sometimes)."""
    s = {}
    for k in keys:
        if not chance(rng, 0.35):
            continue
        if k == "enableAllProjectMcpServers":
            s[k] = pick(rng, [(4, True), (3, False), (Odd(1), "true")])
        elif k in ("enabledMcpjsonServers", "disabledMcpjsonServers", "disabledMcpServers"):
            s[k] = pick(rng, [(8, lambda r: names.some()), (Odd(1), lambda r: (names.some(1) or ["a"])[0])])
        elif k in ("allowedMcpServers", "deniedMcpServers"):
            s[k] = claude_policy_entries(rng, names, tree_servers)
        elif k == "hasTrustDialogAccepted":
            s[k] = pick(rng, [(5, True), (2, False), (Odd(1), "true")])
    return s


SETTINGS_KEYS = ["enableAllProjectMcpServers", "enabledMcpjsonServers", "disabledMcpjsonServers",
                 "allowedMcpServers", "deniedMcpServers"]


def gen_claude(rng, tree):
    layout(rng, tree)
    names = Names(rng, "claude-code")
    files = tree["files"]
    cfg = home_var(rng, tree, "CLAUDE_CONFIG_DIR", "cfg")
    if cfg:
        settings = cfg + "/settings.json"
    else:
        cfg, settings = "home", "home/.claude/settings.json"
    every = []  # every server definition, for policy entries by command
    # project .mcp.json: at the root, and sometimes at deeper levels
    for i, d in enumerate(levels(tree)):
        if chance(rng, 0.8 if i == 0 else 0.35):
            srv = servers(rng, names, claude_server, 1, 3)
            every += srv.values()
            v = pick(rng, [(12, {"mcpServers": srv}), (Odd(1), srv), (Odd(1), {"mcpServers": []}), (Odd(1), {})])
            files[d + "/.mcp.json"] = maybe_broken(rng, {"json": v})
    # ~/.claude.json: user servers, and projects[<key>] (local servers, trust, approvals)
    state = {}
    if chance(rng, 0.6):
        srv = servers(rng, names, claude_server, 1, 3)
        every += srv.values()
        state["mcpServers"] = srv
    for _ in range(pick(rng, [(2, 0), (6, 1), (1, 2)])):
        key = path_key(rng, tree)
        p = claude_approvals(rng, names, SETTINGS_KEYS[:3] + ["disabledMcpServers", "hasTrustDialogAccepted"], every)
        if chance(rng, 0.5):
            p["hasTrustDialogAccepted"] = pick(rng, [(6, True), (1, False)])
        if chance(rng, 0.35):
            srv = servers(rng, names, claude_server, 1, 2)
            every += srv.values()
            p["mcpServers"] = srv
        state.setdefault("projects", {})[key] = p
    if state or chance(rng, 0.3):
        state_file = cfg + "/.claude.json"
        files[state_file] = maybe_broken(rng, {"json": state}, 0.04)
        if chance(rng, 0.05):  # the legacy .config.json, read instead when it exists
            legacy = (cfg if cfg != "home" else "home/.claude") + "/.config.json"
            files[legacy] = {"json": {"mcpServers": servers(rng, names, claude_server, 1, 2)}}
    if cfg != "home" and chance(rng, 0.3):  # decoys where the default config dir would be
        files["home/.claude.json"] = {"json": {"mcpServers": servers(rng, names, claude_server, 1, 1),
                                               "projects": {"@ROOT@": {"hasTrustDialogAccepted": True}}}}
    if cfg not in ("home", "home/cfg") and chance(rng, 0.3):  # and where ~/cfg would be, had the value been absolute
        files["home/cfg/.claude.json"] = {"json": {"mcpServers": servers(rng, names, claude_server, 1, 1)}}
    # the machine's managed files (/etc/claude-code): settings with lists, approvals and managedMcpServers,
    # drop-ins, and managed-mcp.json, which while it exists leaves only the managed servers
    if chance(rng, 0.2):
        ms = claude_approvals(rng, names, SETTINGS_KEYS, every)
        if chance(rng, 0.3):
            ms["managedMcpServers"] = servers(rng, names, claude_managed_server, 1, 2)
        if chance(rng, 0.1):
            ms["allowManagedMcpServersOnly"] = pick(rng, [(4, True), (1, False), (Odd(1), "true")])
        files["system/etc/claude-code/managed-settings.json"] = maybe_broken(rng, {"json": ms}, 0.04)
        if chance(rng, 0.15):
            files["system/etc/claude-code/managed-settings.d/10-mcp.json"] = {
                "json": claude_approvals(rng, names, SETTINGS_KEYS, every)}
    if chance(rng, 0.08):
        srv = servers(rng, names, claude_server, 0, 2)
        every += srv.values()
        files["system/etc/claude-code/managed-mcp.json"] = maybe_broken(rng, {"json": {"mcpServers": srv}}, 0.05)
    # settings: user, project, local
    where = [settings]
    for d in sorted({"project", phys(tree, tree["cwd"])}):
        where += [d + "/.claude/settings.json", d + "/.claude/settings.local.json"]
    for path in where:
        if chance(rng, 0.45):
            s = claude_approvals(rng, names, SETTINGS_KEYS, every)
            if chance(rng, 0.05):
                s["mcpServers"] = servers(rng, names, claude_server, 1, 1)  # not read from settings
            files[path] = maybe_broken(rng, {"json": s}, 0.04)
    claude_loadpath(rng, tree, names)
    claude_issue28(rng, tree, names, settings)
    claude_plugins(rng, tree, every, settings)


def claude_plugins(rng, tree, every, user):
    """Claude Code plugins from a local marketplace (a folder declared in extraKnownMarketplaces): the plugins it
    lists, enabled or not in the settings files, their servers in .mcp.json or plugin.json's mcpServers (inline
    or a file), ${CLAUDE_PLUGIN_ROOT} in their values, and servers that repeat a server configured by hand or
    another plugin's (dropped). Drawn last, so the rest of a tree is what the same seed gave before."""
    if not chance(rng, 0.18):
        return
    files = tree["files"]
    project, local = "project/.claude/settings.json", "project/.claude/settings.local.json"

    def settings(path):
        node = files.setdefault(path, {"json": {}})
        return node["json"] if isinstance(node.get("json"), dict) else None

    market = rng.choice(["local", "m"])
    # where the marketplace is declared: the user's settings, or (counted once trusted) the project's
    declared_in = pick(rng, [(8, user), (1, project), (1, local)])
    base, at = pick(rng, [(6, ("home/mkt", "@HOME@/mkt")), (1, ("project/mkt", "@ROOT@/mkt"))])
    s = settings(declared_in)
    if s is None:
        return
    s.setdefault("extraKnownMarketplaces", {})[market] = {
        "source": pick(rng, [(8, {"source": "directory", "path": at}),
                             (1, {"source": "file", "path": at + "/.claude-plugin/marketplace.json"}),
                             (Odd(1), {"source": "github", "repo": "o/r"})])}
    listed = []
    for pn in ["p", "q", "r"][:pick(rng, [(4, 1), (3, 2), (1, 3)])]:
        d = base + "/" + pn
        manifest = {"name": pn, "version": "1.0.0"}
        srv = {}
        for _ in range(pick(rng, [(4, 1), (2, 2), (1, 0)])):
            name = rng.choice(["s", "t", "u"])
            kind = pick(rng, [(5, "own"), (3, "dup"), (2, "root")])
            if kind == "dup" and every:
                v = rng.choice(every)
                srv[name] = copy.deepcopy(v) if isinstance(v, dict) else claude_server(rng)
            elif kind == "root":
                srv[name] = {"command": CMD, "args": ["${CLAUDE_PLUGIN_ROOT}/bin"]}
            else:
                srv[name] = claude_server(rng)
        where = pick(rng, [(6, "mcp"), (2, "inline"), (1, "file"), (Odd(1), "bare")])
        if where == "mcp":
            files[d + "/.mcp.json"] = maybe_broken(rng, {"json": {"mcpServers": srv}}, 0.03)
        elif where == "bare":
            files[d + "/.mcp.json"] = {"json": srv}
        elif where == "inline":
            manifest["mcpServers"] = srv
        else:
            manifest["mcpServers"] = "./servers.json"
            files[d + "/servers.json"] = {"json": {"mcpServers": srv}}
        files[d + "/.claude-plugin/plugin.json"] = maybe_broken(rng, {"json": manifest}, 0.03)
        if chance(rng, 0.9):
            listed.append({"name": pn, "source": "./" + pn})
        # enabled (or not) in the settings files: the highest file naming it decides
        for path in [user, project, local]:
            if chance(rng, 0.6 if path == user else 0.2):
                st = settings(path)
                if st is not None:
                    st.setdefault("enabledPlugins", {})[pn + "@" + market] = pick(rng, [(6, True), (2, False), (Odd(1), "true")])
    files[base + "/.claude-plugin/marketplace.json"] = maybe_broken(
        rng, {"json": {"name": market, "owner": {"name": "t"}, "plugins": listed}}, 0.03)


def claude_issue28(rng, tree, names, settings):
    """Inputs of issue 28 drawn after every other choice: settings files failing Claude Code's settings schema,
    ${VAR} in servers and in allow-list entries (from the case's environment or a settings file's env), and
    oauth.authServerMetadataUrl."""
    files = tree["files"]
    managed = "system/etc/claude-code/managed-settings.json"
    # a key of the wrong type voids a user, project or local settings file (its lists and approvals too);
    # managed settings are read key by key
    for path in sorted(files):
        if not (path.endswith("/settings.json") or path.endswith("/settings.local.json") or path == settings
                or path == managed):
            continue
        node = files[path]
        if not isinstance(node.get("json"), dict) or not chance(rng, 0.15):
            continue
        k, v = pick(rng, [(3, ("model", 5)), (3, ("enableAllProjectMcpServers", "true")),
                          (1, ("respectGitignore", "yes")), (1, ("cleanupPeriodDays", 0)),
                          (1, ("defaultShell", "zsh")), (1, ("enabledMcpjsonServers", "a b")),
                          (1, ("availableModels", "opus")), (1, ("allowManagedMcpServersOnly", "true")),
                          (1, ("model", "sonnet"))])  # the last: a good value, for contrast
        node["json"][k] = v
    # ${VAR} in a project server's command or url and in an allow-list entry by command or url; the variable from
    # the case's environment, or a settings file's env (the user's and the managed ones count, the project's not)
    mcp = files.get("project/.mcp.json", {}).get("json")
    srv = mcp.get("mcpServers") if isinstance(mcp, dict) else None
    if isinstance(srv, dict) and chance(rng, 0.2):
        var = "V" + str(rng.randint(1, 2))
        value = pick(rng, [(4, CMD), (1, "true")])
        source = pick(rng, [(3, "env"), (2, settings), (1, managed), (1, "project/.claude/settings.json"),
                            (1, None)])  # None: not set anywhere
        if source == "env":
            tree["env"][var] = value
        elif source:
            node = files.setdefault(source, {"json": {}})
            if isinstance(node.get("json"), dict):
                node["json"].setdefault("env", {})[var] = value
        n = names.new()
        if chance(rng, 0.5):
            srv[n] = {"command": pick(rng, [(3, "${%s}" % var), (1, "${%s:-false}" % var)])}
            entry = {"serverCommand": [pick(rng, [(2, CMD), (1, "${%s}" % var)])]}
        else:
            srv[n] = {"type": "http", "url": pick(rng, [(3, "http://127.0.0.1:9/${%s}" % var),
                                                       (1, "${U%s:-http://127.0.0.1:9/mcp}" % var)])}
            entry = {"serverUrl": pick(rng, [(2, "http://127.0.0.1:9/*"), (1, "http://127.0.0.1:9/${%s}" % var)])}
        if chance(rng, 0.5):
            where = pick(rng, [(3, settings), (1, managed), (1, "project/.claude/settings.local.json")])
            node = files.setdefault(where, {"json": {}})
            if isinstance(node.get("json"), dict):
                node["json"].setdefault(rng.choice(["allowedMcpServers", "deniedMcpServers"]), []).append(entry)
    # oauth.authServerMetadataUrl on a remote server: https (kept), http (the server is skipped), over-long
    remotes = []
    for path, node in sorted(files.items()):
        v = node.get("json")
        if isinstance(v, dict) and isinstance(v.get("mcpServers"), dict) and not path.startswith("system/"):
            remotes += [d for d in v["mcpServers"].values() if isinstance(d, dict) and "url" in d]
    if remotes and chance(rng, 0.25):
        d = rng.choice(remotes)
        d["oauth"] = {"authServerMetadataUrl": pick(rng, [
            (3, "https://127.0.0.1:9/.well-known/oauth-authorization-server"),
            (3, "http://127.0.0.1:9/.well-known/oauth-authorization-server"),
            (1, "https://127.0.0.1:9/" + "m" * 4100),
            (1, "https://127.0.0.1:9/" + "m" * 4000)])}
        if chance(rng, 0.3):
            d["oauth"]["clientId"] = "app"


def settings_path(tree):
    """The user's settings file of a Claude Code tree (in CLAUDE_CONFIG_DIR when set)."""
    v = tree["env"].get("CLAUDE_CONFIG_DIR")
    if not v:
        return "home/.claude/settings.json"
    if v.startswith("@HOME@/"):
        return "home/" + v[len("@HOME@/"):] + "/settings.json"
    return phys(tree, tree["cwd"]) + "/" + v + "/settings.json"


def claude_loadpath(rng, tree, names):
    """Inputs on Claude Code's loading path that the rules above did not reach (normalize/loadpath/claude-code.json,
    measured by loadpath.py): drawn after every other choice, so the rest of a tree is what the same seed gave
    before they were added."""
    files = tree["files"]
    mcp = files.get("project/.mcp.json", {}).get("json")
    srv = mcp.get("mcpServers") if isinstance(mcp, dict) else None
    srv = srv if isinstance(srv, dict) else None
    # a settings file's env sets variables in Claude Code's environment before it reads its servers:
    # ${E2} in a project server's command or url, sometimes with an allow-list entry by command or url
    if srv is not None and chance(rng, 0.12):
        value = pick(rng, [(4, CMD), (1, ""), (1, "true")])
        where = pick(rng, [(3, "home/.claude/settings.json"), (2, "project/.claude/settings.json"),
                           (2, "project/.claude/settings.local.json")])
        if tree["env"].get("CLAUDE_CONFIG_DIR") and where.startswith("home/"):
            where = settings_path(tree)
        node = files.setdefault(where, {"json": {}})
        if isinstance(node.get("json"), dict):
            node["json"]["env"] = {"E2": value}
            if rng.random() < 0.5:
                srv["e"] = {"command": "${E2}"}
                entry = {"serverCommand": [CMD]}
            else:
                srv["e"] = {"type": "http", "url": "http://127.0.0.1:9/${E2}"}
                entry = {"serverUrl": "http://127.0.0.1:9/" + CMD}
            names.used.append("e")
            if chance(rng, 0.4):
                node["json"]["allowedMcpServers"] = [entry]
            if chance(rng, 0.6):
                node["json"]["enabledMcpjsonServers"] = ["e"]
    # managed settings' strictPluginOnlyCustomization: true, or a list holding "mcp", leaves only plugin and
    # managed servers
    if chance(rng, 0.06):
        node = files.setdefault("system/etc/claude-code/managed-settings.json", {"json": {}})
        if isinstance(node.get("json"), dict):
            node["json"]["strictPluginOnlyCustomization"] = pick(rng, [(3, True), (3, ["mcp"]), (1, ["skills"]),
                                                                       (1, False)])
    # the session modes --bare and --safe-mode, as their variables
    if chance(rng, 0.05):
        tree["env"][rng.choice(["CLAUDE_CODE_SIMPLE", "CLAUDE_CODE_SAFE_MODE"])] = "1"
    # server entries Claude Code skips with their own messages (not values with spaces around them: Claude Code
    # uses them as written, as mcpconf does, but prints them trimmed, so the harness cannot tell them apart)
    if srv is not None and odd(rng, 0.15):
        srv[names.new()] = pick(rng, [(1, {"type": "sdk"}), (1, {"type": "claudeai-proxy", "url": URL}),
                                      (1, {"type": "sdk", "command": CMD})])
    # .mcp.json with "servers" where Claude Code reads "mcpServers"
    if srv is not None and odd(rng, 0.06):
        mcp["servers"] = mcp.pop("mcpServers")


# ---------------------------------------------------------------- Codex

def codex_server(rng):
    def stdio(rng):
        s = {"command": CMD}
        if chance(rng, 0.4):
            s["args"] = list(rng.choice(ARGS))
        if chance(rng, 0.1):
            s["env"] = pick(rng, [(4, {"E1": "v"}), (Odd(1), {"E1": 1})])
        if chance(rng, 0.05):
            s["env_vars"] = ["E2"]
        return s

    def remote(rng):
        s = {"url": rng.choice(URLS)}
        if chance(rng, 0.1):
            s["bearer_token_env_var"] = "TOKEN"
        if chance(rng, 0.1):
            s["http_headers"] = {"X-A": "1"}
        # the fields Codex checks after the transport (Refusal.EntryChecks)
        if chance(rng, 0.08):
            s["http_headers_helper"] = pick(rng, [(4, "print-headers"), (Odd(1), ""), (Odd(1), " ")])
            if odd(rng, 0.3):
                s["environment_id"] = pick(rng, [(1, "remote"), (1, "")])
            elif chance(rng, 0.2):
                s["environment_id"] = "local"
        if chance(rng, 0.08) or odd(rng, 0.3):
            s["oauth"] = codex_oauth(rng)
        if chance(rng, 0.05):
            s["auth"] = pick(rng, [(2, "oauth"), (1, "chatgpt")])  # "ema_auth": listed disabled, not modelled
        if chance(rng, 0.05) or odd(rng, 0.05):
            s["omit_tools_from"] = pick(rng, [(3, ["deferred"]), (1, ["code_mode", "direct"]), (Odd(1), ["all"]),
                                              (Odd(1), "direct")])
        return s

    s = pick(rng, [
        (10, stdio), (6, remote),
        (Odd(1), lambda r: {"url": URL, "args": ["x"]}),
        (Odd(1), lambda r: {"command": CMD, "url": URL}),
        (Odd(1), lambda r: {}),
        (Odd(1), lambda r: {"command": CMD, "args": "x y"}),
        (Odd(1), lambda r: {"url": URL, "bearer_token": "t"}),
        (1, lambda r: {"command": CMD, "type": "stdio"}),
        (Odd(1), lambda r: {"command": CMD, "startup_timeout_sec": "10"}),
        (Odd(1), lambda r: {"command": CMD, "http_headers": {"X-A": "1"}, "http_headers_helper": "h"}),
        (Odd(2), lambda r: dict({"url": URL}, **codex_checked(r))),
    ])
    if chance(rng, 0.2):
        s["enabled"] = pick(rng, [(4, False), (2, True), (Odd(1), "false")])
    if chance(rng, 0.15):
        s.update(codex_extras(rng, "url" in s and "command" not in s))
    return s


def codex_extras(rng, remote):
    """The other fields of RawMcpServerConfig, which decide nothing about whether a server loads unless their
    type is wrong (then Codex refuses the config)."""
    both = [
        (1, {"startup_timeout_ms": pick(rng, [(4, 5000), (Odd(1), -1), (Odd(1), 1.5)])}),
        (1, {"tool_timeout_sec": pick(rng, [(4, 120), (Odd(1), "60")])}),
        (1, {"required": pick(rng, [(4, True), (Odd(1), "yes")])}),
        (1, {"enabled_tools": ["t1"], "disabled_tools": ["t2"]}),
        (1, {"supports_parallel_tool_calls": True}),
        (1, {"default_tools_approval_mode": pick(rng, [(2, "prompt"), (1, "writes"), (Odd(1), "never")])}),
        (1, {"tools": {"t1": {"approval_mode": pick(rng, [(2, "approve"), (Odd(1), "yes")])}}}),
        (1, {"startup_readiness": pick(rng, [(2, "catalog"), (1, "connection"), (Odd(1), "ready")])}),
        (1, {"tool_input_schema_max_bytes": pick(rng, [(4, 65536), (Odd(1), 0)])}),
        (1, {"name": "Display name"}),
        (1, {"environment_id": "local"}),
    ]
    if remote:
        both += [
            (1, {"env_http_headers": {"X-B": "E3"}}),
            (1, {"scopes": ["read"], "oauth_resource": "https://127.0.0.1:9"}),
            (1, {"oauth": {"client_id": "app", "callback_url": "http://127.0.0.1:9/cb"}}),
        ]
    else:
        both += [
            (1, {"cwd": "/tmp"}),
            (1, {"env_vars": [{"name": "E2", "source": pick(rng, [(2, "local"), (1, "remote"), (Odd(1), "elsewhere")])}]}),
        ]
    return pick(rng, both)


def codex_oauth(rng):
    """[mcp_servers.NAME.oauth]: what Codex accepts, and in odd trees what it refuses (a blank or lone secret,
    a token endpoint method or issuer without auth = "ema_auth", a callback port that is not a u16)."""
    o = {}
    if chance(rng, 0.7):
        o["client_id"] = pick(rng, [(5, "app"), (Odd(1), " ")])
    if "client_id" in o and chance(rng, 0.3) or odd(rng, 0.3):
        o["client_secret"] = pick(rng, [(4, "s"), (Odd(1), ""), (Odd(1), " ")])
    if chance(rng, 0.2):
        o["callback_port"] = pick(rng, [(4, 8765), (Odd(1), "8765"), (Odd(1), 70000)])
    if odd(rng, 0.3):
        o["token_endpoint_auth_method"] = pick(rng, [(1, "client_secret_post"), (1, "client_secret_basic"), (1, "none")])
    if odd(rng, 0.2):
        o["authorization_server_issuer"] = "https://127.0.0.1:9"
    return o


def codex_checked(rng):
    """One of the mistakes Codex finds after the transport (Refusal.EntryChecks) or in the types of the newer
    fields, alone, so that each is the one Codex names."""
    return pick(rng, [
        (1, {"http_headers_helper": pick(rng, [(1, ""), (1, " \t")])}),
        (1, {"http_headers_helper": "h", "environment_id": pick(rng, [(1, "remote"), (1, "")])}),
        (1, {"oauth": {"client_id": "app", "client_secret": pick(rng, [(1, ""), (1, " ")])}}),
        (1, {"oauth": {"client_id": pick(rng, [(1, " "), (1, "")]), "client_secret": "s"}}),
        (1, {"oauth": {"client_secret": "s"}}),
        (1, {"oauth": {"client_id": "app", "client_secret": "s", "token_endpoint_auth_method": "client_secret_post"}}),
        (1, {"auth": "ema_auth", "oauth": {"client_id": "app", "token_endpoint_auth_method": "client_secret_basic"}}),
        (1, {"oauth": {"authorization_server_issuer": "https://127.0.0.1:9"}}),
        (1, {"oauth": {"authorization_server_issuer": "https://127.0.0.1:9"}, "auth": "oauth"}),
        (1, {"omit_tools_from": pick(rng, [(1, ["all"]), (1, "direct")])}),
        (1, {"oauth": {"callback_port": pick(rng, [(1, "8765"), (1, 70000), (1, -1)])}}),
    ])


TRUST_LEVELS = [(10, "trusted"), (3, "untrusted"), (Odd(1), "Trusted"), (Odd(1), "TRUSTED"), (Odd(1), "yes"),
                (Odd(1), True)]


def codex_patch(rng, names):
    """A project layer's table for a name another layer may define: a patch, or a whole server."""
    if names.used and chance(rng, 0.4):
        n = rng.choice(names.used)
        return n, pick(rng, [(3, {"enabled": False}), (2, {"args": ["p"]}), (1, {"enabled": True}),
                             (1, {"env": {"E1": "p"}})])
    return names.new(), codex_server(rng)


def gen_codex(rng, tree):
    layout(rng, tree)
    names = Names(rng, "codex")
    files = tree["files"]
    home = home_var(rng, tree, "CODEX_HOME", "cx")
    if not home:
        home = "home/.codex"
    else:
        if chance(rng, 0.3):
            files["home/.codex/config.toml"] = {"toml": {"mcp_servers": servers(rng, names, codex_server, 1, 1)}}
    user = {}
    if chance(rng, 0.85):
        user["mcp_servers"] = servers(rng, names, codex_server, 1, 3)
    for _ in range(pick(rng, [(2, 0), (6, 1), (2, 2)])):
        user.setdefault("projects", {})[path_key(rng, tree)] = {"trust_level": pick(rng, TRUST_LEVELS)}
    if odd(rng, 0.2):
        user["profile"] = "p"  # the legacy key
    if chance(rng, 0.1):
        user["profiles"] = {"p": pick(rng, [(1, {"model": "o3"}), (1, {"mcp_servers": servers(rng, names, codex_server, 1, 1)})])}
    if chance(rng, 0.05):
        user["project_root_markers"] = pick(rng, [(1, []), (1, [".hg"]), (1, [".git"])])
    if chance(rng, 0.05):
        files[home + "/p.config.toml"] = {"toml": {"mcp_servers": servers(rng, names, codex_server, 1, 1)}}
    if chance(rng, 0.1):
        # codex --profile p reads p.config.toml in CODEX_HOME over the user's config
        tree["profile"] = pick(rng, [(6, "p"), (Odd(1), "p q"), (1, "missing")])
        if tree["profile"] == "p" and chance(rng, 0.8):
            prof = {}
            if chance(rng, 0.7):
                prof["mcp_servers"] = dict(codex_patch(rng, names) for _ in range(rng.randint(1, 2)))
            if chance(rng, 0.3):
                prof["projects"] = {path_key(rng, tree): {"trust_level": pick(rng, TRUST_LEVELS)}}
            files[home + "/p.config.toml"] = {"toml": prof}
    node = {"toml": user}
    if odd(rng, 0.08):
        node["tail"] = rng.choice(["x = = 1", "[mcp_servers.a"])
    files[home + "/config.toml"] = node
    # the machine's files: defaults under the user's config, managed config over it, and an allow list
    if chance(rng, 0.12):
        node = {"toml": {"mcp_servers": servers(rng, names, codex_server, 1, 2)}}
        if odd(rng, 0.1):
            node["tail"] = "x = = 1"
        files["system/etc/codex/config.toml"] = node
    if chance(rng, 0.08):
        m = {"mcp_servers": dict(codex_patch(rng, names) for _ in range(rng.randint(1, 2)))}
        files["system/etc/codex/managed_config.toml"] = {"toml": m}
    if chance(rng, 0.06):
        req = {}
        for n in names.some(rng.randint(0, 2)):
            req.setdefault("mcp_servers", {})[n] = {"identity": pick(rng, [(3, {"command": CMD}), (1, {"url": URL}),
                                                                           (1, {"command": "true"})])}
        files["system/etc/codex/requirements.toml"] = {"toml": req}
    for d in levels(tree):
        if not chance(rng, 0.55):
            continue
        layer = {}
        for _ in range(rng.randint(1, 2)):
            n, s = codex_patch(rng, names)
            layer.setdefault("mcp_servers", {})[n] = s
        if odd(rng, 0.1):
            layer["profile"] = "p"
        node = {"toml": layer}
        if odd(rng, 0.2):
            node["tail"] = rng.choice(["x = = 1", "[mcp_servers.a", "\"unterminated"])
        fname = ".codex/config.override.toml" if chance(rng, 0.1) else ".codex/config.toml"
        files[d + "/" + fname] = node


# ---------------------------------------------------------------- Gemini CLI

def gemini_server(rng):
    def stdio(rng):
        s = {"command": CMD}
        if chance(rng, 0.4):
            s["args"] = list(rng.choice(ARGS))
        if chance(rng, 0.1):
            s["env"] = pick(rng, [(4, {"E1": "v"}), (Odd(1), {"E1": 1})])
        return s

    def remote(rng):
        key = pick(rng, [(3, "url"), (1, "httpUrl")])
        s = {key: rng.choice(URLS)}
        if key == "url" and chance(rng, 0.5):
            s["type"] = pick(rng, [(3, "http"), (3, "sse"), (2, "streamable-http"), (Odd(1), "stdio"), (Odd(1), "bogus")])
        return s

    s = pick(rng, [
        (10, stdio), (6, remote),
        (1, lambda r: {"command": CMD, "url": URL}),
        (Odd(1), lambda r: {}),
        (Odd(1), lambda r: {"command": CMD, "type": "http"}),
        (Odd(1), lambda r: {"command": CMD, "args": "x y"}),
        (Odd(1), lambda r: {"command": CMD, "trust": "yes"}),
        (Odd(1), lambda r: {"command": CMD, "timeout": "5000"}),
    ])
    if chance(rng, 0.05):
        s["trust"] = True
    return s


FOLDER_RULES = [(6, "TRUST_FOLDER"), (2, "TRUST_PARENT"), (2, "DO_NOT_TRUST"), (Odd(1), "trust_folder"), (Odd(1), True)]
BROKEN_JSONC = ["{", "{\"mcpServers\": {},}", "{\"mcpServers\": {\"a\": {\"command\": \"false\"}}", "[]", "null",
                "", "{} x"]


def gemini_ids(rng, names):
    """Names for mcp.allowed / mcp.excluded: sometimes with a prefix ("ext:a"): McpServerEnablementManager's
    isInSettingsList matches a server whose id starts with "ext:" by the part after its last colon too."""
    ids = names.some()
    if ids and chance(rng, 0.15):
        i = rng.randrange(len(ids))
        ids[i] = rng.choice(["ext1:", "ext:", "ext:ext1:", "x:"]) + ids[i]
    return ids


def gemini_settings(rng, names, user):
    s = {}
    if chance(rng, 0.8):
        s["mcpServers"] = servers(rng, names, gemini_server, 1, 3)
    if chance(rng, 0.25):
        s.setdefault("mcp", {})["allowed"] = gemini_ids(rng, names)
    if chance(rng, 0.25):
        s.setdefault("mcp", {})["excluded"] = gemini_ids(rng, names)
    if odd(rng, 0.06):
        s.setdefault("mcp", {})["allowed"] = "a"  # not a list
    if chance(rng, 0.1 if user else 0.05):
        s["security"] = {"folderTrust": {"enabled": pick(rng, [(3, False), (2, True), (Odd(1), "false")])}}
    if odd(rng, 0.1):
        s["mcpServers"] = pick(rng, [(1, []), (1, None)])
    return s


def gen_gemini(rng, tree):
    layout(rng, tree)
    names = Names(rng, "gemini")
    files = tree["files"]
    if chance(rng, 0.05):
        # started in the home directory: the workspace's settings file is the user's (Storage.isWorkspaceHomeDir)
        tree["cwd"], tree["git_root"] = "home", None
        tree.pop("links", None)
    gh = home_var(rng, tree, "GEMINI_CLI_HOME", "gh") or "home"
    g = gh + "/.gemini"
    if chance(rng, 0.85):
        files[g + "/settings.json"] = maybe_broken(rng, {"json": gemini_settings(rng, names, True)}, 0.05, BROKEN_JSONC)
    if chance(rng, 0.75):
        files[phys(tree, tree["cwd"]) + "/.gemini/settings.json"] = maybe_broken(
            rng, {"json": gemini_settings(rng, names, False)}, 0.05, BROKEN_JSONC)
    if phys(tree, tree["cwd"]) != "project" and chance(rng, 0.3):  # not read: workspace settings are the cwd's only
        files["project/.gemini/settings.json"] = {"json": gemini_settings(rng, names, False)}
    if chance(rng, 0.8):
        rules = {}
        for _ in range(rng.randint(1, 2)):
            key = path_key(rng, tree, [(1, "@ROOT@/child"), (1, "@HOME@/..")])
            rules[key] = pick(rng, FOLDER_RULES)
        trust = g + "/trustedFolders.json"
        if chance(rng, 0.08):  # the file GEMINI_CLI_TRUSTED_FOLDERS_PATH names instead (Storage.getTrustedFoldersPath)
            tree["env"]["GEMINI_CLI_TRUSTED_FOLDERS_PATH"] = "@HOME@/trust/folders.json"
            trust = "home/trust/folders.json"
        files[trust] = maybe_broken(rng, {"json": rules}, 0.03)
    if chance(rng, 0.08):
        tree["env"]["GEMINI_CLI_TRUST_WORKSPACE"] = pick(rng, [(2, "true"), (2, "false"), (Odd(1), "1")])
    if chance(rng, 0.15) and names.used:
        en = {}
        for n in names.some(rng.randint(1, 2)):
            en[n] = {"enabled": pick(rng, [(4, False), (1, True), (Odd(1), "false")])}
        files[g + "/mcp-server-enablement.json"] = maybe_broken(rng, {"json": en}, 0.06)
    # the machine's system settings (over every other file) and system defaults (under them)
    for name, p in (("settings.json", 0.12), ("system-defaults.json", 0.1)):
        if chance(rng, p):
            files["system/etc/gemini-cli/" + name] = maybe_broken(
                rng, {"json": gemini_settings(rng, names, True)}, 0.05, BROKEN_JSONC)
    if any(f.startswith("system/etc/gemini-cli/") for f in files) and chance(rng, 0.15):
        tree["modes"] = {"system/etc/gemini-cli": pick(rng, [(2, "0777"), (1, "0775"), (1, "0755")])}
    if chance(rng, 0.2):
        for ext in rng.sample(["ext1", "ext2"], rng.randint(1, 2)):
            manifest = {"name": ext, "version": "1.0.0", "mcpServers": servers(rng, names, gemini_server, 1, 2)}
            if chance(rng, 0.1):
                manifest["name"] = ext.upper()
            if odd(rng, 0.1):  # loadExtensionConfig: 'missing "name"' / 'missing "version"'
                del manifest[rng.choice(["name", "version"])]
            if odd(rng, 0.05):  # an extension directory without its manifest
                files[f"{g}/extensions/{ext}/README.md"] = {"text": "no manifest\n"}
                continue
            files[f"{g}/extensions/{ext}/gemini-extension.json"] = maybe_broken(rng, {"json": manifest}, 0.05)
        if chance(rng, 0.3):
            # rules with and without "*" (sub-folders too, or the folder alone), relative ones (a "/" is put
            # before them), several in order (the last that matches decides)
            opts = [(2, "!/*"), (2, "!@ROOT@/*"), (1, "@ROOT@/*"), (1, "!@HOME@/*"), (1, "!@ROOT@"), (1, "@ROOT@"),
                    (1, "!tmp/*")]
            rules = [pick(rng, opts) for _ in range(rng.randint(1, 2))]
            files[g + "/extensions/extension-enablement.json"] = maybe_broken(
                rng, {"json": {"ext1": {"overrides": rules}}}, 0.06)


def gemini_env_refs(rng, tree, names):
    """$VAR, ${VAR} and ${VAR:-default} in mcp.allowed / mcp.excluded and security.folderTrust.enabled, expanded
    from the environment when Gemini CLI loads a settings file (a variable not set stays as written)."""
    files = tree["files"]
    for path in sorted(files):
        v = files[path].get("json")
        if not (path.endswith("settings.json") or path.endswith("system-defaults.json")) or not isinstance(v, dict):
            continue
        mcp = v.get("mcp")
        if isinstance(mcp, dict) and chance(rng, 0.3):
            for key in ("allowed", "excluded"):
                ids = mcp.get(key)
                if not isinstance(ids, list) or not ids or not chance(rng, 0.6):
                    continue
                var = rng.choice(["GV1", "GV2"])
                i = rng.randrange(len(ids))
                ref = pick(rng, [(3, "$" + var), (2, "${%s}" % var), (1, "${%s:-%s}" % (var, ids[i]))])
                how = pick(rng, [(5, "name"), (1, "other"), (1, "unset"), (1, "empty")])
                if how == "name":
                    tree["env"][var] = ids[i]
                elif how == "other":
                    tree["env"][var] = rng.choice(names.used or BASE_NAMES)
                elif how == "empty":
                    tree["env"][var] = ""
                ids[i] = ref
        if chance(rng, 0.06):
            ref = rng.choice(["$FT", "${FT}", "${FT:-false}"])
            v.setdefault("security", {}).setdefault("folderTrust", {})
            if isinstance(v["security"], dict) and isinstance(v["security"]["folderTrust"], dict):
                v["security"]["folderTrust"]["enabled"] = ref
                ft = pick(rng, [(3, "false"), (2, "true"), (1, None)])
                if ft is not None:
                    tree["env"]["FT"] = ft


# ---------------------------------------------------------------- Qwen Code (0.24.4, a Gemini CLI fork)
# From its loading code: packages/cli/src/config/settings.ts loadSettings (system, system defaults, user
# $QWEN_HOME/settings.json, workspace .qwen/settings.json of the start directory; a workspace file that does not
# parse is reset to {}), packages/cli/src/config/mcpJson.ts loadProjectMcpServers (.mcp.json of the start
# directory, normalizeClaudeMcpServer), mcpServers.ts assembleMcpServers, mcpApprovals.ts (approvals per start
# directory and name, bound to configHash.ts hashMcpServerConfig). Not generated, because not modelled: folder
# trust (off by default), extensions, a start in the home directory.

def qwen_server(rng, mcpjson=False):
    def stdio(rng):
        s = {"command": CMD}
        if chance(rng, 0.4):
            s["args"] = list(rng.choice(ARGS))
        if chance(rng, 0.1):
            s["env"] = pick(rng, [(4, {"E1": "v"}), (Odd(1), {"E1": 1})])
        if chance(rng, 0.15 if mcpjson else 0.05):
            s["type"] = pick(rng, [(3, "local"), (2, "stdio"), (1, "sse"), (1, "http")])
        return s

    def remote(rng):
        key = pick(rng, [(4, "url"), (1, "httpUrl")])
        s = {key: rng.choice(URLS)}
        if chance(rng, 0.5):
            s["type"] = pick(rng, [(3, "http"), (3, "sse"), (2, "streamable-http"), (1, "local"), (Odd(1), "stdio"),
                                   (Odd(1), "bogus")])
        return s

    s = pick(rng, [
        (10, stdio), (6, remote),
        (1, lambda r: {"command": CMD, "url": URL}),
        (Odd(1), lambda r: {}),
        (Odd(1), lambda r: {"type": "stdio"}),
        (Odd(1), lambda r: {"url": ""}),
        (Odd(1), lambda r: {"command": CMD, "trust": "yes"}),
        (Odd(1), lambda r: {"command": CMD, "timeout": "5000"}),
    ])
    if chance(rng, 0.05):
        s["description"] = "d"
    if chance(rng, 0.05):
        s["trust"] = True
    return s


def qwen_normalize(s):
    """normalizeClaudeMcpServer: how Qwen Code reads a .mcp.json entry."""
    if not isinstance(s, dict):
        return s
    if s.get("command") or s.get("httpUrl") or s.get("tcp"):
        if "type" not in s or s["type"] == "sdk":
            return s
        return {k: v for k, v in s.items() if k != "type"}
    if isinstance(s.get("url"), str):
        rest = {k: v for k, v in s.items() if k != "url" and (k != "type" or s["type"] == "sdk")}
        rest["httpUrl" if s.get("type") == "http" else "url"] = s["url"]
        return rest
    return s


def qwen_hash(s):
    """hashMcpServerConfig (the generated values hold no floats, so Python writes them as JavaScript does)."""
    import hashlib
    b = {k: v for k, v in s.items() if k not in ("scope", "extensionName", "description")}
    return hashlib.sha256(json.dumps(b, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()


def qwen_settings(rng, names, mcpjson=False):
    s = {}
    if chance(rng, 0.85):
        s["mcpServers"] = servers(rng, names, lambda r: qwen_server(r, mcpjson), 1, 3)
    if mcpjson and odd(rng, 0.15):
        s = pick(rng, [(2, {"servers": s.get("mcpServers", {})}), (1, {"mcpServers": []}), (1, {"mcpServers": None}),
                       (1, {"mcpServers": {"a": "x", "b": {"command": CMD}}})])
    if not mcpjson and odd(rng, 0.08):
        s["mcpServers"] = pick(rng, [(2, None), (1, [])])  # null replaces the settings files' servers below
    if not mcpjson and chance(rng, 0.1):
        # read by a session, not by `qwen mcp list`
        s.setdefault("mcp", {})["excluded"] = names.some()
    return s


def gen_qwen(rng, tree):
    layout(rng, tree)
    names = Names(rng, "qwen")
    files = tree["files"]
    cwd = phys(tree, tree["cwd"])
    qh = "home/.qwen"
    if chance(rng, 0.15):
        how = pick(rng, [(4, "abs"), (1, "rel"), (1, "tilde")])
        if how == "abs":
            tree["env"]["QWEN_HOME"], qh = "@HOME@/qh", "home/qh"
        elif how == "rel":
            tree["env"]["QWEN_HOME"], qh = "qh", cwd + "/qh"
        else:
            tree["env"]["QWEN_HOME"], qh = "~/qh", "home/qh"  # Storage.resolvePath expands a leading ~/
    if chance(rng, 0.85):
        files[qh + "/settings.json"] = maybe_broken(rng, {"json": qwen_settings(rng, names)}, 0.04, BROKEN_JSONC)
    if chance(rng, 0.5):
        files[cwd + "/.qwen/settings.json"] = maybe_broken(rng, {"json": qwen_settings(rng, names)}, 0.06, BROKEN_JSONC)
    if chance(rng, 0.8):
        files[cwd + "/.mcp.json"] = maybe_broken(rng, {"json": qwen_settings(rng, names, True)}, 0.06, BROKEN_JSONC)
    if cwd != "project" and chance(rng, 0.3):  # not read: only the start directory's
        files["project/.mcp.json"] = {"json": qwen_settings(rng, names, True)}
    for name, p in (("settings.json", 0.08), ("system-defaults.json", 0.06)):
        if chance(rng, p):
            files["system/etc/qwen-code/" + name] = maybe_broken(rng, {"json": qwen_settings(rng, names)}, 0.04, BROKEN_JSONC)
    # approvals of the project's servers (.mcp.json and .qwen/settings.json of the start directory)
    gated = {}
    # the workspace's definition of a name wins over .mcp.json's (assembleMcpServers)
    for rel, norm in ((cwd + "/.qwen/settings.json", False), (cwd + "/.mcp.json", True)):
        v = (files.get(rel) or {}).get("json")
        if isinstance(v, dict) and isinstance(v.get("mcpServers"), dict):
            for n, e in v["mcpServers"].items():
                if isinstance(e, dict):
                    gated.setdefault(n, qwen_normalize(e) if norm else e)
    if gated and chance(rng, 0.7):
        key = pick(rng, [(8, "@CWD@" if not tree.get("links") else "@ROOT@" + cwd[len("project"):]),
                         (1, "@ROOT@"), (1, "@ROOT@/sub"), (1, "@HOME@"), (1, "@CWD@/")])
        recs = {}
        for n in list(gated) + names.some(1):
            if n in recs or not chance(rng, 0.8):
                continue
            e = gated.get(n, {"command": CMD})
            h = pick(rng, [(6, qwen_hash(e)), (2, qwen_hash(dict(e, args=["old"]))), (Odd(1), "x")])
            st = pick(rng, [(6, "approved"), (2, "rejected"), (Odd(1), "maybe"), (Odd(1), True)])
            recs[n] = pick(rng, [(10, {"hash": h, "status": st}), (Odd(1), "approved"), (Odd(1), {"status": st})])
        path = qh + "/mcpApprovals.json"
        if chance(rng, 0.08):
            tree["env"]["QWEN_CODE_MCP_APPROVALS_PATH"] = "@HOME@/appr/approvals.json"
            path = "home/appr/approvals.json"
        files[path] = maybe_broken(rng, {"json": {key: recs}}, 0.05)


# ---------------------------------------------------------------- pisces (oh-my-pi 18.2.3, .omp renamed .pisces)

EXA_URLS = ["https://mcp.exa.ai/mcp", "https://MCP.EXA.AI/mcp?exaApiKey=k", "https://mcp.exa.ai/mcp?tools=web_search_exa",
            "https://mcp.exa.ai/mcp?tools=web_fetch_exa", "https://mcp.exa.ai/mcp?tools=web_search_exa,web_fetch_exa"]


def pisces_enabled(rng, native):
    """An "enabled" value: booleans mostly; the strings the native provider coerces; values it ignores."""
    return pick(rng, [(6, False), (2, True), (2 if native else 1, "false"), (1, "0"), (1, "TRUE"), (1, "1"),
                      (Odd(1), 0), (Odd(1), 1), (Odd(1), "no"), (Odd(1), None)])


def pisces_server(rng, native=True, conns=None):
    """One entry as pisces's providers read it; conns collects connections to repeat under another name."""
    def stdio(rng):
        s = {"command": CMD}
        if chance(rng, 0.5):
            s["args"] = list(rng.choice(ARGS))
        if chance(rng, 0.1):
            s["env"] = {"E1": "v"}
        if chance(rng, 0.08):
            s["args"] = s.get("args", []) + pick(rng, [(1, ["mcp-remote", "https://mcp.exa.ai/mcp"]),
                                                      (1, ["--tools", "web_fetch_exa"])])
        return s

    def remote(rng):
        s = {"url": pick(rng, [(6, lambda r: r.choice(URLS)), (2, lambda r: r.choice(EXA_URLS))])}
        if chance(rng, 0.5):
            s["type"] = pick(rng, [(4, "http"), (3, "sse"), (2, "streamable-http"), (Odd(1), "stdio"), (Odd(1), "bogus")])
        return s

    if conns and chance(rng, 0.2):
        s = dict(rng.choice(conns))  # the same connection under another name (isSameMCPConnection)
    else:
        s = pick(rng, [
            (10, stdio), (6, remote),
            (1, lambda r: {"command": CMD, "url": URL}),
            (1, lambda r: {"type": "http", "command": CMD, "url": URL}),
            (1, lambda r: {"type": "streamable-http", "command": CMD}),
            (1, lambda r: {"command": "~/bin/srv"}),
            (Odd(1), lambda r: {}),
            (Odd(1), lambda r: {"args": ["x"]}),
            (Odd(1), lambda r: {"type": "http", "command": CMD}),
            (Odd(1), lambda r: {"type": "stdio", "url": URL}),
            (Odd(1), lambda r: {"type": "sse", "command": CMD}),
        ])
        if conns is not None:
            conns.append(dict(s))
    if chance(rng, 0.2):
        s["enabled"] = pisces_enabled(rng, native)
    return s


def pisces_servers(rng, names, native=True, conns=None, lo=1, hi=3):
    return {names.new(): pisces_server(rng, native, conns) for _ in range(rng.randint(lo, hi))}


def pisces_native(rng, names, conns, user):
    f = {"mcpServers": pisces_servers(rng, names, True, conns)}
    for key in ("disabledServers", "enabledServers"):
        if chance(rng, 0.3 if user else 0.12):
            f[key] = names.some()
    if odd(rng, 0.05):
        f["mcpServers"] = pick(rng, [(1, []), (1, None), (1, "x")])
    return f


BROKEN_JSON = ["{", "", "[]", "null", "{\"mcpServers\": {\"a\": }}", "{} x"]


def gen_pisces(rng, tree):
    layout(rng, tree)
    names = Names(rng, "pisces")
    files = tree["files"]
    conns = []
    cwd = tree["cwd"]
    # its own files: the start directory's .pisces, the agent directory; the seed's ~/.pisces/mcp.json no more
    for p, pr in ((cwd + "/.pisces/mcp.json", 0.6), (cwd + "/.pisces/.mcp.json", 0.15)):
        if chance(rng, pr):
            files[p] = maybe_broken(rng, {"json": pisces_native(rng, names, conns, False)}, 0.04, BROKEN_JSON)
    if cwd != "project" and chance(rng, 0.2):  # not read: the start directory's only
        files["project/.pisces/mcp.json"] = {"json": pisces_native(rng, names, conns, False)}
    for p, pr in (("home/.pisces/agent/mcp.json", 0.6), ("home/.pisces/agent/.mcp.json", 0.15), ("home/.pisces/mcp.json", 0.15)):
        if chance(rng, pr):
            files[p] = maybe_broken(rng, {"json": pisces_native(rng, names, conns, True)}, 0.04, BROKEN_JSON)
    # the opt-in to other tools' user files
    if chance(rng, 0.35):
        ids = rng.sample(["claude", "cursor", "gemini", "windsurf", "codex", "*", "all", "vscode"], rng.randint(1, 3))
        if chance(rng, 0.5):
            text = "enabledProviders:\n" + "".join(f"  - {i}\n" if i not in ("*",) else "  - \"*\"\n" for i in ids)
        else:
            text = "enabledProviders: [" + ", ".join(json.dumps(i) for i in ids) + "]\n"
        files["home/.pisces/agent/config.yml"] = {"text": text}
    if chance(rng, 0.05):
        tree["env"]["CLAUDE_CONFIG_DIR"] = "@HOME@/.claude"

    def foreign(rng):
        return {"mcpServers": pisces_servers(rng, names, False, conns, 1, 2)}
    # other tools' files: project ones always read, user ones only opted in
    for p, pr in ((cwd + "/.claude/.mcp.json", 0.1), (cwd + "/.claude/mcp.json", 0.15), (cwd + "/.cursor/mcp.json", 0.3),
                  (cwd + "/mcp.json", 0.1), (cwd + "/.mcp.json", 0.3), (cwd + "/.windsurf/mcp_config.json", 0.1),
                  ("home/.cursor/mcp.json", 0.25), ("home/.claude/mcp.json", 0.1), ("home/.codeium/windsurf/mcp_config.json", 0.08)):
        if chance(rng, pr):
            files[p] = maybe_broken(rng, {"json": foreign(rng)}, 0.03, BROKEN_JSON)
    if chance(rng, 0.25):
        cj = {}
        if chance(rng, 0.7):
            cj["mcpServers"] = pisces_servers(rng, names, False, conns, 1, 2)
        if chance(rng, 0.5):
            cj["projects"] = {path_key(rng, tree): {"mcpServers": pisces_servers(rng, names, False, conns, 1, 2)}}
        files["home/.claude.json"] = {"json": cj}
    if chance(rng, 0.25):
        # VS Code's file: pisces reads "mcp.servers", VS Code "servers"
        inner = pisces_servers(rng, names, False, conns, 1, 2)
        files[cwd + "/.vscode/mcp.json"] = {"json": pick(rng, [(2, {"mcp": {"servers": inner}}), (2, {"servers": inner})])}
    for p, pr in ((cwd + "/.gemini/settings.json", 0.12), ("home/.gemini/settings.json", 0.12)):
        if chance(rng, pr):
            files[p] = {"json": {"mcpServers": pisces_servers(rng, names, False, conns, 1, 2)}}


# ---------------------------------------------------------------- opencode

def opencode_server(rng):
    """An mcp entry as opencode 1.18.33's schema reads it (Config.loadInstanceState, per file)."""
    t = pick(rng, [(6, "local"), (3, "remote"), (Odd(1), None), (Odd(1), "stdio"), (Odd(1), "http")])
    s = {} if t is None else {"type": t}
    if t in ("local", "stdio") or t is None and chance(rng, 0.5):
        s["command"] = pick(rng, [(8, [CMD] + rng.choice(ARGS)), (Odd(1), CMD + " x"), (Odd(1), [])])
        if chance(rng, 0.2):
            s["environment"] = pick(rng, [(5, {"E1": "v"}), (Odd(1), {"E1": 1})])
    else:
        s["url"] = pick(rng, [(8, rng.choice(URLS)), (Odd(1), ""), (Odd(1), "not a url")])
        if chance(rng, 0.2):
            s["headers"] = {"X-A": "b"}
    if chance(rng, 0.2):
        s["enabled"] = pick(rng, [(6, False), (3, True), (Odd(1), "false")])
    if chance(rng, 0.1):
        s["timeout"] = pick(rng, [(4, 5000), (Odd(1), "5000")])
    if chance(rng, 0.05):
        s["foo"] = 1  # an unknown key: ignored
    return s


def opencode_patch(rng, names):
    if names.used and chance(rng, 0.15):
        return rng.choice(names.used), {"enabled": pick(rng, [(3, False), (1, True)])}
    return names.new(), opencode_server(rng)


OPENCODE_BROKEN = ["{", "{\"mcp\": {\"a\": }}", "{} x"]


def opencode_file(rng, names, lo=1, hi=2):
    node = {"json": {"mcp": dict(opencode_patch(rng, names) for _ in range(rng.randint(lo, hi)))}}
    if odd(rng, 0.08):
        return {"text": rng.choice(OPENCODE_BROKEN)}
    return node


def gen_opencode(rng, tree):
    layout(rng, tree)
    names = Names(rng, "opencode")
    files = tree["files"]
    for f in ("opencode.json", "opencode.jsonc", "config.json"):
        if chance(rng, 0.35 if f == "opencode.json" else 0.12):
            files["home/.config/opencode/" + f] = opencode_file(rng, names)
    for f in ("opencode.json", "opencode.jsonc"):
        if chance(rng, 0.12):
            files["home/.opencode/" + f] = opencode_file(rng, names)
    if chance(rng, 0.1):
        tree["env"]["OPENCODE_CONFIG"] = "@HOME@/custom.json"
        files["home/custom.json"] = opencode_file(rng, names)
    for d in levels(tree):
        for f in ("opencode.json", "opencode.jsonc", ".opencode/opencode.json", ".opencode/opencode.jsonc"):
            if chance(rng, 0.3 if f == "opencode.json" else 0.12):
                files[d + "/" + f] = opencode_file(rng, names)
    if not any(k.startswith("project/") for k in files):
        files["project/opencode.json"] = opencode_file(rng, names)


# ---------------------------------------------------------------- Copilot CLI

def copilot_server(rng):
    """An mcpServers entry as Copilot CLI 1.0.102 reads it (native mcpConfigLoadMerged: a type of local, stdio,
    http, streamable-http or sse; url without type is http; each field's type checked, url parsed as written)."""
    remote = chance(rng, 0.35)
    if remote:
        t = pick(rng, [(5, None), (3, "http"), (1, "streamable-http"), (2, "sse"), (Odd(1), "local"), (Odd(1), "HTTP")])
    else:
        t = pick(rng, [(5, None), (2, "local"), (2, "stdio"), (Odd(1), "bogus"), (Odd(1), "http"), (Odd(1), 1)])
    s = {} if t is None else {"type": t}
    if remote:
        s["url"] = pick(rng, [(8, rng.choice(URLS)), (Odd(1), "not a url"), (Odd(1), "${BASE:-http://127.0.0.1:9}/mcp"),
                              (Odd(1), "$BASE/mcp"), (Odd(1), 1), (Odd(1), "ftp://127.0.0.1:9/x")])
        if chance(rng, 0.2):
            s["headers"] = pick(rng, [(5, {"X-A": "b"}), (Odd(1), []), (Odd(1), {"X-A": 1})])
        if odd(rng, 0.1):
            s["command"] = CMD  # command wins
    else:
        s["command"] = pick(rng, [(10, CMD), (Odd(1), 1), (Odd(1), [CMD])])
        if chance(rng, 0.5):
            s["args"] = pick(rng, [(8, rng.choice(ARGS)), (Odd(1), "x"), (Odd(1), [1])])
        if chance(rng, 0.2):
            s["env"] = odd_env(rng)
        if chance(rng, 0.1):
            s["cwd"] = pick(rng, [(4, "."), (Odd(1), 1)])
        if odd(rng, 0.1):
            s["url"] = URL  # command wins
    if chance(rng, 0.12):
        s[rng.choice(["disabled", "enabled"])] = rng.choice([True, False])  # ignored
    if chance(rng, 0.08):
        s["tools"] = pick(rng, [(4, ["*"]), (Odd(1), "*")])
    if chance(rng, 0.06):
        s["timeout"] = pick(rng, [(4, 5000), (Odd(1), "5000")])
    if odd(rng, 0.05):
        return pick(rng, [(1, "x"), (1, None), (1, {})])  # not an entry
    return s


COPILOT_BROKEN = ["{", "", "[]", "null", "{}", "{\"servers\": {}}", "{\"mcpServers\": []}", "{\"mcpServers\": {\"a\": {\"command\": \"false\"},}}"]


def copilot_file(rng, names, lo=1, hi=3, p_broken=0.1):
    if odd(rng, p_broken):
        return {"text": rng.choice(COPILOT_BROKEN)}
    return {"json": {"mcpServers": servers(rng, names, copilot_server, lo, hi)}}


def copilot_settings(rng, names):
    node = {}
    if chance(rng, 0.85):
        node["disabledMcpServers"] = names.some()
    if chance(rng, 0.3):
        node["enabledMcpServers"] = names.some()
    return {"json": node}


def gen_copilot(rng, tree):
    layout(rng, tree)
    names = Names(rng, "copilot")
    files = tree["files"]
    home = home_var(rng, tree, "COPILOT_HOME", "cph", p=0.12) or "home/.copilot"
    if chance(rng, 0.08):
        tree["env"]["XDG_CONFIG_HOME"] = "@HOME@/xdg"  # does not move ~/.copilot
        files["home/xdg/.copilot/mcp-config.json"] = copilot_file(rng, names, 1, 1, 0)
    if chance(rng, 0.6):
        files[home + "/mcp-config.json"] = copilot_file(rng, names, 1, 3, 0.06)
    if chance(rng, 0.8):
        opts = [(6, "@ROOT@"), (2, "@ROOT@/"), (2, "@CWD@"), (1, "@ROOT@/sub"), (1, "@HOME@"), (1, "@ROOT@/.."), (1, "@ROOT@x")]
        trusted = [pick(rng, opts) for _ in range(rng.choice([1, 1, 2]))]
        if odd(rng, 0.15):
            trusted = pick(rng, [(1, trusted + [1]), (1, trusted[0]), (1, None)])
        files[home + "/config.json"] = {"json": {"trusted_folders": trusted}}
    for d in levels(tree):
        if chance(rng, 0.35):
            files[d + "/.mcp.json"] = copilot_file(rng, names)
        if chance(rng, 0.25):
            files[d + "/.github/mcp.json"] = copilot_file(rng, names)
    if chance(rng, 0.05):
        files["project/.vscode/mcp.json"] = {"json": {"servers": servers(rng, names, copilot_server, 1, 1)}}
    if chance(rng, 0.3):
        files[home + "/settings.json"] = copilot_settings(rng, names)
    for d in levels(tree):
        for f in ("settings.json", "settings.local.json"):
            if chance(rng, 0.15 if d == "project" else 0.06):
                files[d + "/.github/copilot/" + f] = copilot_settings(rng, names)
    if not any(k.endswith("mcp.json") or k.endswith("mcp-config.json") for k in files):
        files["project/.mcp.json"] = copilot_file(rng, names)
# ---------------------------------------------------------------- Cline CLI

# URLs as zod's z.string().url() (WHATWG URL.canParse, trimmed) judges them: valid, and the odd ones
CLINE_URLS = [(8, lambda rng: rng.choice(URLS)), (Odd(1), ""), (Odd(1), "not a url"), (Odd(1), "127.0.0.1:9/mcp"),
              (Odd(1), "localhost:9/mcp"), (Odd(1), "http://"), (Odd(1), "${env:BASE}/mcp"),
              (Odd(1), " http://127.0.0.1:9/mcp "), (Odd(1), "http:127.0.0.1:9/mcp"), (Odd(1), "http://127.0.0.1:99999/"),
              (Odd(1), "http://a b/"), (Odd(1), 9)]
CLINE_BROKEN = ["{", "", "[]", "null", "{} x", "\ufeff{\"mcpServers\": {}}", "{\"mcpServers\": {\"a\": {\"command\": \"false\"},}}",
                "// c\n{\"mcpServers\": {}}"]


def cline_common(rng, s):
    """The keys every form shares (config-loader.ts legacyRegistrationBaseSchema, nested body)."""
    if chance(rng, 0.2):
        s["disabled"] = pick(rng, [(6, True), (3, False), (Odd(1), "true"), (Odd(1), None)])
    if chance(rng, 0.15):
        s["timeout"] = pick(rng, [(4, 30), (1, 0), (1, 99999), (1, "abc"), (1, None)])
    if chance(rng, 0.1):
        s[rng.choice(["alwaysAllow", "autoApprove", "foo", "disabledTools"])] = rng.choice([["t"], 5, {"x": 1}])
    if chance(rng, 0.05):
        s["metadata"] = pick(rng, [(3, {"source": "user"}), (Odd(1), []), (Odd(1), "x")])
    if chance(rng, 0.04):
        s["oauthClient"] = pick(rng, [(3, {"clientId": "c"}), (Odd(1), {"clientId": ""}), (Odd(1), {})])
    return s


def cline_stdio(rng):
    s = {"command": pick(rng, [(10, CMD), (Odd(1), ""), (Odd(1), 5), (Odd(1), [CMD])])}
    if chance(rng, 0.6):
        s["args"] = pick(rng, [(8, lambda r: r.choice(ARGS)), (Odd(1), "x"), (Odd(1), [1])])
    if chance(rng, 0.1):
        s["cwd"] = pick(rng, [(4, "."), (Odd(1), ""), (Odd(1), 1)])
    if chance(rng, 0.15):
        s["env"] = odd_env(rng)
    t = pick(rng, [(14, None), (4, "stdio"), (Odd(1), "sse"), (Odd(1), "http"), (Odd(1), "streamable-http"), (Odd(1), "local")])
    if t is not None:
        s["type"] = t
    if chance(rng, 0.06):
        s["transportType"] = pick(rng, [(3, "stdio"), (Odd(1), "http"), (Odd(1), "foo")])
    if chance(rng, 0.1):
        s["url"] = rng.choice(URLS)  # dropped: a command wins without a type
        if chance(rng, 0.4):
            s["type"] = pick(rng, [(3, "sse"), (2, "streamableHttp"), (1, "stdio")])
    return s


def cline_remote(rng):
    s = {"url": pick(rng, CLINE_URLS)}
    t = pick(rng, [(8, None), (4, "sse"), (4, "streamableHttp"), (Odd(1), "http"), (Odd(1), "streamable-http"),
                   (Odd(1), "stdio"), (Odd(1), "SSE")])
    if t is not None:
        s["type"] = t
    if chance(rng, 0.12):
        s["transportType"] = pick(rng, [(3, "http"), (2, "sse"), (2, "streamableHttp"), (Odd(1), "stdio"), (Odd(1), "foo")])
    if chance(rng, 0.2):
        s["headers"] = pick(rng, [(5, {"X-A": "b"}), (Odd(1), {"X-A": 1})])
    return s


def cline_nested(rng):
    t = pick(rng, [(4, "stdio"), (3, "sse"), (3, "streamableHttp"), (Odd(1), "http"), (Odd(1), None)])
    tr = {} if t is None else {"type": t}
    if t == "stdio" or t is None and chance(rng, 0.5):
        tr["command"] = pick(rng, [(10, CMD), (Odd(1), "")])
        if chance(rng, 0.5):
            tr["args"] = rng.choice(ARGS)
    else:
        tr["url"] = pick(rng, CLINE_URLS)
    s = {"transport": tr}
    if chance(rng, 0.1):
        s["type"] = rng.choice(["stdio", "sse", "http"])  # beside the transport: stripped
    return s


def cline_proxy(rng):
    """npx mcp-remote URL: Cline connects to URL itself (remote-proxy.ts), unless the entry says more."""
    args = pick(rng, [(4, ["-y"]), (1, []), (1, ["--yes", "-y"])]) + [pick(rng, [(4, "mcp-remote"), (1, "mcp-remote@0.1.0"),
                                                                                  (1, "mcp-remote-x")])]
    args.append(pick(rng, [(6, lambda r: r.choice(URLS)), (1, "ftp://127.0.0.1:9/"), (1, "not a url")]))
    if chance(rng, 0.15):
        args.append("--debug")
    s = {"command": pick(rng, [(5, "npx"), (1, "/usr/bin/npx"), (1, "NPX.cmd"), (1, "npm")]), "args": args}
    if chance(rng, 0.15):
        s["env"] = pick(rng, [(3, {"E1": "v"}), (1, {})])
    return s


def cline_server(rng):
    s = pick(rng, [(8, cline_stdio), (6, cline_remote), (3, cline_nested), (2, cline_proxy),
                   (Odd(1), lambda r: {"disabled": True}), (Odd(1), lambda r: "x"), (Odd(1), lambda r: None)])
    return cline_common(rng, s) if isinstance(s, dict) else s


def cline_file(rng, names):
    node = {"json": {"mcpServers": servers(rng, names, cline_server, 1, 4)}}
    if chance(rng, 0.05):
        node["json"]["other"] = {"x": 1}  # passthrough
    if odd(rng, 0.1):
        node["json"] = pick(rng, [(1, {"servers": node["json"]["mcpServers"]}), (1, {"mcpServers": []}),
                                  (1, {"mcpServers": None}), (1, {"mcpServers": "x"})])
    if odd(rng, 0.1):
        return {"text": rng.choice(CLINE_BROKEN)}
    return node


def gen_cline(rng, tree):
    """~/.cline/data/settings/cline_mcp_settings.json (CLINE_DIR, CLINE_MCP_SETTINGS_PATH: paths.ts), one file,
    parsed whole by one zod schema (config-loader.ts)."""
    layout(rng, tree)
    names = Names(rng, "cline")
    files = tree["files"]
    default = "home/.cline/data/settings/cline_mcp_settings.json"
    moved = home_var(rng, tree, "CLINE_DIR", "cline-dir", p=0.15)
    if chance(rng, 0.08):
        tree["env"]["CLINE_MCP_SETTINGS_PATH"] = "@HOME@/my-mcp.json"
        files["home/my-mcp.json"] = cline_file(rng, names)
        if chance(rng, 0.5):
            files[default] = cline_file(rng, names)  # a decoy
    elif moved:
        files[moved + "/data/settings/cline_mcp_settings.json"] = cline_file(rng, names)
        if chance(rng, 0.5):
            files[default] = cline_file(rng, names)  # a decoy
    elif chance(rng, 0.95):
        files[default] = cline_file(rng, names)
    if chance(rng, 0.1):
        # files the CLI does not read: a project one, the old VS Code globalStorage one
        files[rng.choice(["project/.cline/cline_mcp_settings.json",
                          "home/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json"])] = \
            cline_file(rng, names)
    if any("${env:BASE}" in json.dumps(v) for v in files.values()) and chance(rng, 0.5):
        tree["env"]["BASE"] = "http://127.0.0.1:9"
# ---------------------------------------------------------------- kilo (Kilo Code CLI 7.7.7, an opencode fork)

def kilo_file(rng, names, tree, project):
    """opencode's entries; in a project file now and then an {env:VAR} (kilo skips such a file whole,
    expands it in the user's: KilocodeConfig, "environment references are not allowed in project config")."""
    node = opencode_file(rng, names)
    mcp = node.get("json", {}).get("mcp")
    if isinstance(mcp, dict) and chance(rng, 0.12 if project else 0.08):
        tree["env"]["KILO_GEN_VAR"] = "v"
        for e in mcp.values():
            if isinstance(e.get("command"), list) and e["command"]:
                e["command"] = e["command"] + ["{env:KILO_GEN_VAR}"]
                break
            if isinstance(e.get("url"), str):
                e["headers"] = {"X-A": "{env:KILO_GEN_VAR}"}
                break
    return node


def gen_kilo(rng, tree):
    """The files kilo reads (ConfigSources.list, KilocodeConfig.ALL_CONFIG_FILES), and opencode's that it
    does not (.opencode/, ~/.config/opencode/)."""
    layout(rng, tree)
    names = Names(rng, "kilo")
    files = tree["files"]
    for f in ("kilo.json", "kilo.jsonc", "opencode.json", "opencode.jsonc", "config.json"):
        if chance(rng, 0.3 if f == "kilo.json" else 0.1):
            files["home/.config/kilo/" + f] = kilo_file(rng, names, tree, False)
    for d in (".kilo", ".kilocode"):
        for f in ("kilo.json", "opencode.json"):
            if chance(rng, 0.06):
                files["home/%s/%s" % (d, f)] = kilo_file(rng, names, tree, False)
    if chance(rng, 0.08):
        files["home/.config/opencode/opencode.json"] = opencode_file(rng, names)
    if chance(rng, 0.08):
        tree["env"]["KILO_CONFIG"] = "@HOME@/custom.json"
        files["home/custom.json"] = kilo_file(rng, names, tree, False)
    for i, d in enumerate(levels(tree)):
        # both names of a directory are read together, nearest first (not modelled: one of each here)
        for f in (("kilo.json", 0.3), ("opencode.json", 0.25), ("kilo.jsonc", 0.06) if i == 0 else ("x", 0),
                  ("opencode.jsonc", 0.06) if i == 0 else ("x", 0),
                  (".kilo/kilo.json", 0.12), (".kilo/opencode.json", 0.08), (".kilocode/kilo.json", 0.06),
                  (".opencode/opencode.json", 0.05)):
            if f[1] and chance(rng, f[1]):
                files[d + "/" + f[0]] = kilo_file(rng, names, tree, True)
    if not any(k.startswith("project/") for k in files):
        files["project/kilo.json"] = kilo_file(rng, names, tree, True)


ODD_TREES = 0.35

def gen_gemini_all(rng, tree):
    gen_gemini(rng, tree)
    names = Names(rng, "gemini")
    names.used = [n for v in tree["files"].values() if isinstance(v.get("json"), dict)
                  for n in (v["json"].get("mcpServers") or {}) if isinstance(v["json"].get("mcpServers"), dict)]
    gemini_env_refs(rng, tree, names)


GENERATORS = {"claude-code": gen_claude, "codex": gen_codex, "gemini": gen_gemini_all, "opencode": gen_opencode, "pisces": gen_pisces,
              "qwen": gen_qwen, "copilot": gen_copilot, "cline": gen_cline, "kilo": gen_kilo}


def generate(client, seed, index):
    """The index-th tree of a run for client: the same for the same (client, seed, index)."""
    rng = random.Random(f"{seed}:{client}:{index}")
    rng.odd = chance(rng, ODD_TREES)
    tree = {"client": client, "cwd": "project", "git_root": "project", "env": {}, "files": {}}
    GENERATORS[client](rng, tree)
    return tree
