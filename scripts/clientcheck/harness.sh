#!/usr/bin/env bash
# Install the pinned real clients (once) outside the repository and run the differential harness.
# Usage: scripts/clientcheck/harness.sh [all|run|shrink|write|promote|show] [--seed N] [--trees N] [--client NAME] ...
# (python3 scripts/clientcheck/harness.py --help says more.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/install.sh"
exec python3 "$here/harness.py" --clients-bin "$clients_bin" "$@"
