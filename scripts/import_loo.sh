#!/usr/bin/env bash
# Leave-one-out on the five bundled editions: each seed rulebook
# (tests/seeds) imported with the other four as the only knowledge — the
# held-out edition (with the words its provision record quotes), the
# concepts and lexicon terms only it has, and every import cue
# (locales/import.yaml) that only its book contains are removed —
# and scored against the curated edition. Prints one table row per edition; -v lists every difference and
# every cue held out.
#
# Usage: scripts/import_loo.sh [-v] [EDITION...] (editions named: only those)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet --example import_eval -- "$@"
