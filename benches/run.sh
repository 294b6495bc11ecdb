#!/usr/bin/env bash
# Whole-process benchmarks of floor against grep, measured side by side in
# one run with hyperfine (Debian package `hyperfine`): medians of many runs,
# reported as ratios, plus peak RSS and the release binary's size; with
# valgrind installed, also each command's instruction count (callgrind),
# which does not move with the machine's load.
#
# Usage: benches/run.sh [RUNS] [OTHER_FLOOR]
#   RUNS         runs per command, in rounds of 10 (default 300)
#   OTHER_FLOOR  another floor binary (an earlier build) measured in the
#                same hyperfine run, its rows printed after this build's
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-300}"
other="${2:-}"
command -v hyperfine >/dev/null || { echo "benches/run.sh: install hyperfine (apt-get install hyperfine)" >&2; exit 2; }
if [[ -n "$other" && ! -x "$other" ]]; then
    echo "benches/run.sh: $other is not an executable floor" >&2
    exit 2
fi
# Wherever cargo puts its builds (CARGO_TARGET_DIR, a configured target-dir).
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"

# The binary the README's install step gives: on x86-64 Linux with glibc a
# statically linked one at a fixed address (no dynamic loading and no
# relocating itself at start), elsewhere the plain release build.
# (ldd's text is read whole first: with pipefail, `grep -q` closing the pipe
# early can fail the test and silently measure the dynamic build instead.)
ldd_says="$(ldd --version 2>&1 || true)"
if [[ "$(uname -sm)" == "Linux x86_64" && "${ldd_says,,}" == *glibc* ]]; then
    RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static" \
        cargo build --release --quiet --target x86_64-unknown-linux-gnu
    floor="$target_dir/x86_64-unknown-linux-gnu/release/floor"
else
    cargo build --release --quiet
    floor="$target_dir/release/floor"
fi
seeds="$PWD/tests/seeds"
onk="$seeds/000_59b22b88fc79d9c0.txt"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# Measured as installed: `cargo install --path .` copies the binary, and the
# copy runs faster than the file the linker wrote (the same bytes: the search
# 1.39 ms copied against 1.78 ms in place, 204 against 220 page faults and
# 8.5 against 8.0 MB peak RSS; the kernel maps a copied file's pages in
# larger runs). Both floors are copied alike.
cp "$floor" "$out/floor"
floor="$out/floor"
if [[ -n "$other" ]]; then
    cp "$other" "$out/other-floor"
    other="$out/other-floor"
fi

bet_answers=(--answer facing=1200 --answer last_raise=800 --answer big_blind=400
             --answer declared=nothing --answer chips=5000 --answer stack=20000)

# The floor commands measured, by name; each binary's are named with a
# prefix (`this.rule43`, `other.rule43`).
floor_commands() {
    local bin="$1" p="$2"
    printf '%s\n' \
        "$p.rule43" "$bin rule 43 --rules onk-2023-nl" \
        "$p.search" "$bin search 'chip race' --all-editions" \
        "$p.incident" "$bin incident bet --rules onk-2023-nl --json ${bet_answers[*]}" \
        "$p.compare" "$bin compare onk-2023-nl pokerpunt-nl --json" \
        "$p.hand" "$bin hand benches/hand-9-players-40-actions.hand --json"
}
greps=(-n grep43 "grep -A 12 'TDA Regel 43:' $onk"
       -n grepsearch "grep -ri 'chip race' $seeds/000_59b22b88fc79d9c0.txt $seeds/001_67dc1f9d758e9959.txt $seeds/002_b2cd2e60bfea657e.txt $seeds/003_e6dcc82935c59251.txt $seeds/004_50dd279b7862ee3e.txt")
# Every command of the run, this build's first (`args`) and the other
# floor's first (`swapped`).
args=()
while IFS= read -r name && IFS= read -r cmd; do args+=(-n "$name" "$cmd"); done \
    < <(floor_commands "$floor" this; [[ -z "$other" ]] || floor_commands "$other" other)
args+=("${greps[@]}")
swapped=()
while IFS= read -r name && IFS= read -r cmd; do swapped+=(-n "$name" "$cmd"); done \
    < <([[ -z "$other" ]] || floor_commands "$other" other; floor_commands "$floor" this)
swapped+=("${greps[@]}")

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
# In rounds of 10 runs of every command, the medians taken over all of
# them: hyperfine runs one command's runs after the other's, and on a
# shared virtual machine the speed drifts by a third within a minute, which
# a single pass turns into a ratio (seen: rule 43 at 1.88, 2.19 and 2.87 ms
# in three passes of the same build). Rounds share the drift out. With
# another floor, the two take turns going first: in a fixed order the one
# measured first read 1.50 against 1.18 ms for rule 43 with the same
# instruction count, which made both floors' ratios to it unfair.
hyperfine -N --warmup 30 --runs 10 --style none "${args[@]}" >/dev/null 2>"$out/hyperfine.err"
rounds=$(( (runs + 9) / 10 ))
for ((round = 0; round < rounds; round++)); do
    if ((round % 2)); then order=("${swapped[@]}"); else order=("${args[@]}"); fi
    hyperfine -N --warmup 2 --runs 10 --export-json "$out/b$round.json" --style none "${order[@]}" \
        >/dev/null 2>>"$out/hyperfine.err"
done

# Peak RSS: the median of 5 runs (one run varies by a few hundred KiB).
rss() {
    for _ in 1 2 3 4 5; do /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; done \
        | sort -n | sed -n 3p
}

python3 - "$out" "${other:+other}" <<'PY'
import glob, json, statistics, sys
times = {}
for f in glob.glob(sys.argv[1] + "/b*.json"):
    for x in json.load(open(f))["results"]:
        times.setdefault(x["command"], []).extend(x["times"])
med = {k: statistics.median(v) * 1000 for k, v in times.items()}
rows = [
    ("floor rule 43 --rules onk-2023-nl", "rule43", "grep -A 12 on the seed", "grep43", 1.5),
    ("floor search 'chip race' --all-editions", "search", "grep -ri over the five seeds", "grepsearch", 1.5),
    ("floor incident bet ... --json (6 answers)", "incident", "floor rule 43", "rule43", 1.2),
    ("floor compare onk-2023-nl pokerpunt-nl --json", "compare", "floor rule 43", "rule43", 3.0),
    ("floor hand (9 players, 40 actions) --json", "hand", "floor rule 43", "rule43", 2.0),
]
for p in ["this"] + ([sys.argv[2]] if len(sys.argv) > 2 and sys.argv[2] else []):
    print(f"\n{'this build' if p == 'this' else 'the other floor'}:")
    print(f"{'command':46} {'median':>8} {'baseline':30} {'median':>8} {'ratio':>6} {'target':>7}")
    for name, a, base, b, target in rows:
        a, b = f"{p}.{a}", (b if b.startswith("grep") else f"{p}.{b}")
        ratio = med[a] / med[b]
        ok = "ok" if ratio <= target else "MISSED"
        print(f"{name:46} {med[a]:7.2f}ms {base:30} {med[b]:7.2f}ms {ratio:5.2f}x  <={target}x {ok}")
PY

echo
echo "peak RSS (KiB, target <= 20480; median of 5)${other:+, this build and the other floor}:"
peak() {
    local name="$1"
    shift
    printf '  %-44s %8s' "$name" "$(rss "$floor" "$@")"
    [[ -z "$other" ]] || printf ' %8s' "$(rss "$other" "$@")"
    echo
}
peak "rule 43" rule 43 --rules onk-2023-nl
peak "search 'chip race' --all-editions" search 'chip race' --all-editions
peak "incident bet --json" incident bet --rules onk-2023-nl --json "${bet_answers[@]}"
peak "compare onk-2023-nl pokerpunt-nl --json" compare onk-2023-nl pokerpunt-nl --json
peak "hand (9 players, 40 actions) --json" hand benches/hand-9-players-40-actions.hand --json
echo "release binary: $(stat -c %s "$floor") bytes (target <= 10485760)"
[[ -z "$other" ]] || echo "the other floor: $(stat -c %s "$other") bytes"

# Instructions per command (callgrind counts every instruction the process
# runs, start-up included; the count is the same on a busy machine).
if command -v valgrind >/dev/null; then
    echo
    echo "instructions (callgrind):"
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    while IFS= read -r name && IFS= read -r cmd; do
        eval "set -- $cmd"
        printf '  %-16s %12s\n' "$name" "$(count "$@")"
    done < <(floor_commands "$floor" this; [[ -z "$other" ]] || floor_commands "$other" other)
fi
