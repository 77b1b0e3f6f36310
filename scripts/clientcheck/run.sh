#!/usr/bin/env bash
# Install the pinned real clients (once) outside the repository and run clientcheck.py.
# Usage: scripts/clientcheck/run.sh [--client NAME] [case ...]
# Env: CLIENTCHECK_CLIENTS  where the npm packages go (default: $HOME/.cache/mcpconf-clientcheck)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/install.sh"
exec python3 "$here/clientcheck.py" --clients-bin "$clients_bin" "$@"
