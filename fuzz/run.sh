#!/usr/bin/env bash
# Runs fuzz targets for SECONDS each (default 600) from the seeds in
# fuzz/seeds/<target>, two at a time, and prints one summary line per target
# (seconds, executions, crashes, peak memory) that can be quoted as it is.
#
#   fuzz/run.sh [SECONDS] [TARGET...]      (no TARGET: every target)
#
# Needs cargo-fuzz (cargo install cargo-fuzz); stable Rust is allowed the
# sanitizer flags with RUSTC_BOOTSTRAP=1. Crashes land in
# fuzz/artifacts/<target>/; keep each one as a regression test. The full
# libFuzzer output of each run is in fuzz/logs/<target>.log.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-600}"
shift || true
export RUSTC_BOOTSTRAP=1
if (($# > 0)); then
    targets=("$@")
else
    targets=(house_overlay answers answers_grammar amount incidents terminal overlay_output hand yaml_grammar hand_grammar)
fi
for target in "${targets[@]}"; do cargo fuzz build -O "$target"; done
mkdir -p logs
run() {
    local target="$1"
    mkdir -p "corpus/$target" "artifacts/$target"
    local stamp="logs/$target.start"
    touch "$stamp"
    cargo fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 >"logs/$target.log" 2>&1 || true
    local runs rss new
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "logs/$target.log" | grep -o '[0-9]*$' | tail -1)
    rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "logs/$target.log" | grep -o '[0-9]*$' | tail -1)
    new=$(find "artifacts/$target" -type f -newer "$stamp")
    rm -f "$stamp"
    # Slow units are inputs past libFuzzer's 10 s report threshold (a busy
    # machine makes them): listed apart from crashes, leaks, OOMs, timeouts.
    local failed slow
    failed=$(printf '%s' "$new" | grep -cv '/slow-unit-' || true)
    slow=$(printf '%s' "$new" | grep -c '/slow-unit-' || true)
    printf '%-16s seconds=%s executions=%s crashes=%s slow_units=%s peak_rss_mb=%s\n' \
        "$target" "$seconds" "${runs:-?}" "$failed" "$slow" "${rss:-?}" |
        tee "logs/$target.summary"
    if [[ -n "$new" ]]; then printf '  artifact: %s\n' $new; fi
}
for ((i = 0; i < ${#targets[@]}; i += 2)); do
    run "${targets[i]}" &
    if ((i + 1 < ${#targets[@]})); then run "${targets[i + 1]}" & fi
    wait
done
