# Sourced by run.sh and harness.sh: install the pinned real clients (once) outside the repository and set
# $clients_bin. Env: CLIENTCHECK_CLIENTS  where the npm packages go (default: $HOME/.cache/mcpconf-clientcheck)
dir="${CLIENTCHECK_CLIENTS:-$HOME/.cache/mcpconf-clientcheck}"
pkgs=(
  @anthropic-ai/claude-code@2.1.332
  @openai/codex@0.171.0
  @google/gemini-cli@0.61.0
  @qwen-code/qwen-code@0.24.4
  opencode-ai@1.18.33
  @github/copilot@1.0.102
  cline@3.0.65
  @kilocode/cli@7.7.7
)
want="${pkgs[*]}"
if [ ! -x "$dir/node_modules/.bin/claude" ] || [ "$(cat "$dir/.pinned" 2>/dev/null)" != "$want" ]; then
  mkdir -p "$dir"
  echo "installing ${pkgs[*]} into $dir" >&2
  npm install --prefix "$dir" --no-audit --no-fund "${pkgs[@]}" >&2
  echo "$want" > "$dir/.pinned"
fi
clients_bin="$dir/node_modules/.bin"

# pisces (oh-my-pi with .omp renamed .pisces) runs from its own shipped source under bun: installed apart
# (Env: CLIENTCHECK_PISCES, default $HOME/.cache/mcpconf-clientcheck-pisces), read by clientcheck.py run_pisces.
pisces_dir="${CLIENTCHECK_PISCES:-$HOME/.cache/mcpconf-clientcheck-pisces}"
pisces_pkgs=(@oh-my-pi/pi-coding-agent@18.2.3 bun@1.4.5)
if [ ! -x "$pisces_dir/node_modules/.bin/bun" ] || [ "$(cat "$pisces_dir/.pinned" 2>/dev/null)" != "${pisces_pkgs[*]}" ]; then
  mkdir -p "$pisces_dir"
  echo "installing ${pisces_pkgs[*]} into $pisces_dir" >&2
  npm install --prefix "$pisces_dir" --no-audit --no-fund "${pisces_pkgs[@]}" >&2
  echo "${pisces_pkgs[*]}" > "$pisces_dir/.pinned"
fi
export CLIENTCHECK_PISCES="$pisces_dir"
