# Sourced by run.sh and harness.sh: install the pinned real clients (once) outside the repository and set
# $clients_bin. Env: CLIENTCHECK_CLIENTS  where the npm packages go (default: $HOME/.cache/mcpconf-clientcheck)
dir="${CLIENTCHECK_CLIENTS:-$HOME/.cache/mcpconf-clientcheck}"
pkgs=(
  @anthropic-ai/claude-code@2.1.331
  @openai/codex@0.169.0
  @google/gemini-cli@0.61.0
  opencode-ai@1.18.33
)
want="${pkgs[*]}"
if [ ! -x "$dir/node_modules/.bin/claude" ] || [ "$(cat "$dir/.pinned" 2>/dev/null)" != "$want" ]; then
  mkdir -p "$dir"
  echo "installing ${pkgs[*]} into $dir" >&2
  npm install --prefix "$dir" --no-audit --no-fund "${pkgs[@]}" >&2
  echo "$want" > "$dir/.pinned"
fi
clients_bin="$dir/node_modules/.bin"
