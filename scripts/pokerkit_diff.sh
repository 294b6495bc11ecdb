#!/usr/bin/env bash
# Differential test of floor's betting calculators against pokerkit.
#
# Creates a virtual environment under target/pokerkit-venv with the pinned
# pokerkit of scripts/requirements-pokerkit.txt, builds the oracle
# (examples/betting_oracle.rs) and runs scripts/pokerkit_diff.py, which plays
# random no-limit and pot-limit betting rounds in pokerkit and asks the oracle
# the same questions. Exits non-zero on any unexplained disagreement.
#
# Usage: scripts/pokerkit_diff.sh [--count N] [--seed S]
#   (defaults: 10000 hands, a fixed seed; PYTHON picks the interpreter)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "pokerkit_diff: pokerkit needs Python 3.11 or newer (set PYTHON=...)" >&2
    exit 2
fi

venv="$root/target/pokerkit-venv"
stamp="$venv/.requirements"
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s scripts/requirements-pokerkit.txt "$stamp"; then
    echo "pokerkit_diff: setting up $venv" >&2
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r scripts/requirements-pokerkit.txt
    cp scripts/requirements-pokerkit.txt "$stamp"
fi

cargo build --quiet --example betting_oracle
target_dir="${CARGO_TARGET_DIR:-target}"
oracle="$target_dir/debug/examples/betting_oracle"
if [[ ! -x "$oracle" ]]; then
    echo "pokerkit_diff: the oracle was not built at $oracle" >&2
    exit 1
fi

exec "$venv/bin/python" scripts/pokerkit_diff.py --oracle "$oracle" "$@"
