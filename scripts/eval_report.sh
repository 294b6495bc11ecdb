#!/usr/bin/env bash
# The evaluation report: the search question sets and the compare ground
# truth, test halves included. `cargo test` reads only the development
# halves; the test halves (tests/search_eval/test*.yaml and the test pairs
# of compare, tests/fixtures/substance/test/, test-2/, test-3/, test-4/ and test-5/) are
# written from the rulebooks without sight of the code and are read here
# only to report, never to tune on.
set -euo pipefail
cd "$(dirname "$0")/.."
FLOOR_EVAL_TEST=1 cargo test --test it -- --nocapture --test-threads 1 search_eval compare_eval
