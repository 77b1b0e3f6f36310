#!/usr/bin/env bash
# Install the pinned real clients (once) outside the repository and check mcpconf lint --fix against them.
# Usage: scripts/clientcheck/fixcheck.sh [--no-clients] [--out DIR] [--jobs N] [tree ...]
# (python3 scripts/clientcheck/fixcheck.py --help says more.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/install.sh"
exec python3 "$here/fixcheck.py" --clients-bin "$clients_bin" "$@"
