#!/usr/bin/env bash
# Differential tests of floor against pokerkit.
#
# Creates a virtual environment under target/pokerkit-venv with the pinned
# pokerkit of scripts/requirements-pokerkit.txt, then
# 1. builds the oracle (examples/betting_oracle.rs) and runs
#    scripts/pokerkit_diff.py, which plays random no-limit and pot-limit
#    betting rounds in pokerkit and asks the oracle the same questions;
# 2. builds floor and runs scripts/pokerkit_hands.py, which has pokerkit write
#    random whole hands as PHH files and compares every step of
#    `floor hand --json` with pokerkit's state;
# 3. runs scripts/pokerkit_real.py on real hand histories as published (the
#    PHH dataset's sample in tests/fixtures/phh, or the directories given with
#    --real): floor replays them all in one call, pokerkit each, and every
#    betting step, the final pots and the record's final stacks are compared.
# floor replays under tda-2019-sk: pokerkit plays TDA 43's minimum raise
# alone, so the edition is one without a house minimum raise (dpc-2019-en's
# note DPC-1, the default of an English UI, asks for twice the bet faced).
# Exits non-zero on any unexplained disagreement.
#
# Usage: scripts/pokerkit_diff.sh [--count N] [--hands N] [--seed S] [--real DIR]...
#   (defaults: 10000 betting hands, 2000 whole hands, fixed seeds, the real
#   hands of tests/fixtures/phh; PYTHON picks the interpreter)
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

count=() hands=(--count 2000) seed=() real=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --count) count=(--count "$2"); shift 2 ;;
        --hands) hands=(--count "$2"); shift 2 ;;
        --seed) seed=(--seed "$2"); shift 2 ;;
        --real) real+=("$2"); shift 2 ;;
        *) echo "pokerkit_diff: unknown argument $1" >&2; exit 2 ;;
    esac
done

cargo build --quiet --example betting_oracle --bin floor
target_dir="${CARGO_TARGET_DIR:-target}"
oracle="$target_dir/debug/examples/betting_oracle"
floor="$target_dir/debug/floor"
for built in "$oracle" "$floor"; do
    if [[ ! -x "$built" ]]; then
        echo "pokerkit_diff: not built: $built" >&2
        exit 1
    fi
done

"$venv/bin/python" scripts/pokerkit_diff.py --oracle "$oracle" "${count[@]}" "${seed[@]}"
echo
"$venv/bin/python" scripts/pokerkit_hands.py --floor "$floor" "${hands[@]}" "${seed[@]}"
echo
[[ ${#real[@]} -gt 0 ]] || real=(tests/fixtures/phh)
"$venv/bin/python" scripts/pokerkit_real.py --floor "$floor" "${real[@]}"
