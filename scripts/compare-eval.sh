#!/usr/bin/env bash
# Scores `floor compare` against readings of pairs of editions written from
# the texts (tests/it/compare_eval.rs): per pair, recall and precision of the
# topics flagged substantive, precision and recall of the ★ ruling flag, and
# agreement on the topics of one edition alone. A `*.decisions.yaml` file
# is an adjudicated truth: two readings of a pair and a third reader's
# decisions where they disagree (each reading is also scored against it, the
# agreement a careful reader reaches). The bundled readings
# (tests/fixtures/substance/, its dev/ folder) are always scored; files or
# folders given here are scored too. The held-out test pairs
# (tests/fixtures/substance/test/) are read only with FLOOR_EVAL_TEST=1
# (scripts/eval_report.sh sets it), and their misses are never listed.
#
# Usage: scripts/compare-eval.sh [FILE_OR_DIR]...
#   DETAILS=1                 also list each missed and each extra topic
#   FLOOR_COMPARE_EVAL_BIN=…  score another floor binary (an older build)
set -euo pipefail
extra=()
for f in "$@"; do extra+=("$(realpath "$f")"); done
cd "$(dirname "$0")/.."
FLOOR_COMPARE_EVAL="$(IFS=:; echo "${extra[*]:-}")" \
FLOOR_COMPARE_EVAL_DETAILS="${DETAILS:-}" \
    cargo test --quiet --test it compare_eval -- --nocapture 2>&1 \
    | grep -v '^running \|^test \|^$\|^test result\|^\.$'
