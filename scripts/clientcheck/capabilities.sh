#!/usr/bin/env bash
# Print the capabilities each real client declares in its MCP initialize
# request: a recording stdio server is configured for each client in a
# temporary home and project, each client is made to connect to it
# (claude mcp list; codex exec and gemini -p, which start their servers
# before they fail to reach a model: no network is needed), and the
# initialize params it received are printed. The facts are recorded in
# the descriptors (normalize.Client.Capabilities); not part of go test.
# Usage: scripts/clientcheck/capabilities.sh   (clients as run.sh installs them)
set -euo pipefail
bin="${CLIENTCHECK_CLIENTS:-$HOME/.cache/mcpconf-clientcheck}/node_modules/.bin"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
home="$tmp/home" project="$tmp/project" log="$tmp/initialize.jsonl"
mkdir -p "$home/.gemini" "$home/.codex" "$project"
git -C "$project" init -q
cat > "$tmp/server.py" <<'PY'
import json, os, sys
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("method") == "initialize":
        with open(os.environ["CAPLOG"], "a") as f:
            f.write(json.dumps({"client": sys.argv[1], "params": m["params"]}) + "\n")
        print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {
            "protocolVersion": m["params"].get("protocolVersion"), "capabilities": {"tools": {}},
            "serverInfo": {"name": "capabilities", "version": "1"}}}), flush=True)
    elif "id" in m and "method" in m:
        result = {"tools": []} if m["method"] == "tools/list" else {}
        print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result}), flush=True)
PY
server() { printf '"command": "python3", "args": ["%s", "%s"], "env": {"CAPLOG": "%s"}' "$tmp/server.py" "$1" "$log"; }
printf '{"mcpServers": {"cap": {%s}}}\n' "$(server claude-code)" > "$home/.claude.json"
printf '{"mcpServers": {"cap": {%s}}, "security": {"auth": {"selectedType": "gemini-api-key"}}}\n' "$(server gemini)" > "$home/.gemini/settings.json"
printf '{"%s": "TRUST_FOLDER"}\n' "$project" > "$home/.gemini/trustedFolders.json"
printf '[mcp_servers.cap]\ncommand = "python3"\nargs = ["%s", "codex"]\nenv = { CAPLOG = "%s" }\n' "$tmp/server.py" "$log" > "$home/.codex/config.toml"
export HOME="$home" DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 GEMINI_TELEMETRY_ENABLED=false
cd "$project"
timeout 90 "$bin/claude" mcp list >/dev/null 2>&1 || true
GEMINI_API_KEY=none timeout 90 "$bin/gemini" -p hi </dev/null >/dev/null 2>&1 || true
timeout 40 "$bin/codex" exec --skip-git-repo-check hi </dev/null >/dev/null 2>&1 || true
python3 - "$log" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    p = d["params"]
    print(json.dumps({"client": d["client"], "clientInfo": p.get("clientInfo"),
                      "protocolVersion": p.get("protocolVersion"), "capabilities": p.get("capabilities")}))
PY
