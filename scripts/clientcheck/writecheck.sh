#!/usr/bin/env bash
# Install the pinned real clients (once) outside the repository and check what mcpconf sync, add and remove write against them.
# Usage: scripts/clientcheck/writecheck.sh [--record] [--out DIR] [entry ...]
# (python3 scripts/clientcheck/writecheck.py --help says more.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/install.sh"
exec python3 "$here/writecheck.py" --clients-bin "$clients_bin" "$@"
