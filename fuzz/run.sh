#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600) from the seeds in
# fuzz/seeds/<target>, two at a time. Needs cargo-fuzz
# (cargo install cargo-fuzz); stable Rust is allowed nightly flags with
# RUSTC_BOOTSTRAP=1 for the sanitizer build. Crashes land in
# fuzz/artifacts/<target>/; keep each one as a regression test.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-600}"
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O
run() {
    local target="$1"
    mkdir -p "corpus/$target"
    cargo fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 > "logs/$target.log" 2>&1 || true
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY' "logs/$target.log" | sed "s/^/$target: /"
}
mkdir -p logs
targets=(house_overlay answers amount incidents terminal hand)
for ((i = 0; i < ${#targets[@]}; i += 2)); do
    run "${targets[i]}" &
    if ((i + 1 < ${#targets[@]})); then run "${targets[i + 1]}" & fi
    wait
done
