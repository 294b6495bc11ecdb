#!/usr/bin/env bash
# Writes link/hot-functions.txt: the functions floor's everyday commands run,
# which the release build on x86-64 Linux asks the linker to place together
# (build.rs, lld's --symbol-ordering-file). A command then maps a few dozen
# pages of code instead of pages from all over the 10 MB text section: every
# page fault maps the 64 KB around it, so scattered code costs memory and
# time.
#
# The functions are those callgrind sees run in the commands below (not the
# ones benches/run.sh measures, so that the benchmark measures the layout on
# commands it was not made from): those every command runs first, then those
# fewer commands run. A function the list does not name (new code, or a
# renamed one after changes) is only placed after the listed ones; run this
# again after larger changes. Needs valgrind and python3; takes two release
# builds (4 to 6 minutes each) and two minutes of profiling.
#
# Usage: scripts/hot-code.sh [TARGET_DIR]   (default: a temporary directory)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "scripts/hot-code.sh: install valgrind" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
target_dir="${1:-$work/target}"

# The profiles are of the builds the README installs, flags and all: a
# function's name carries a hash of how its crate was built (the profile, the
# target given or not), so only those builds' names are any use. Callgrind
# names their functions by address, and the linker's map of the same link
# (FLOOR_LINK_MAP, see build.rs) names the addresses. Cargo only reuses the
# crates: the link is redone for the map (about 4 minutes each).
static_flags="-C target-feature=+crt-static -C relocation-model=static"
FLOOR_LINK_MAP="$work/map.1" CARGO_TARGET_DIR="$target_dir" RUSTFLAGS="$static_flags" \
    cargo build --release --quiet --locked --target x86_64-unknown-linux-gnu
cp "$target_dir/x86_64-unknown-linux-gnu/release/floor" "$work/floor.1"
FLOOR_LINK_MAP="$work/map.2" CARGO_TARGET_DIR="$target_dir" \
    cargo build --release --quiet --locked
cp "$target_dir/release/floor" "$work/floor.2"

commands=(
    "search 'undercall heads up'"
    "search 'speler verlaat de tafel' --rules onk-2023-nl"
    "search 'Telefonieren am Tisch' --rules tda-2015-de"
    "search 'odíde od stola' --rules tda-2019-sk --json"
    "search ratholing"
    "search 'Rauchen am Tisch' --rules tda-2015-de"
    "rule 46 --rules dpc-2019-en"
    "rule 12 --rules tda-2019-sk --json"
    "rule live-cards-at-showdown --rules pokerpunt-nl"
    "incident undercall --rules dpc-2019-en --json --answer heads_up=no --answer facing=600 --answer pushed=200 --answer big_blind=200 --answer street=flop --answer bet_faced=first-bet"
    "incident misdeal --rules onk-2023-nl --json"
    "incident --list"
    "compare dpc-2019-en tda-2019-sk"
    "compare pokerpunt-nl tda-2015-de --json"
    "compare tda-2015-de tda-2019-sk --concept live-cards-at-showdown"
    "hand tests/hands/limit-heads-up.hand --json"
    "hand tests/hands/big-blind-ante.hand"
    "editions"
    "config"
    "--help"
)
# Each command runs with the machine's settings left out (no FLOOR_*
# variables, a home without a settings file), so the list follows from the
# commands alone; the first three run again with a settings file, whose
# reading is then in the list too.
mkdir -p "$work/home"
settings_file=("search 'undercall heads up'" "rule 46 --rules dpc-2019-en" "incident misdeal --rules onk-2023-nl --json")
groups=()
n=0
for build in 1 2; do
    groups+=("$work/map.$build")
    for c in "${commands[@]}" "${settings_file[@]/#/FLOOR_CONFIG=/dev/null }"; do
        n=$((n + 1))
        config=()
        [[ "$c" == FLOOR_CONFIG=* ]] && { config=("${c%% *}"); c="${c#* }"; }
        # A command may exit 1 or 2 (nothing found, missing answers): its
        # functions count all the same.
        eval "env -u FLOOR_RULES -u FLOOR_HOUSE -u FLOOR_LANG -u FLOOR_LOG -u FLOOR_GAME \
            -u FLOOR_CONFIG -u XDG_CONFIG_HOME HOME=$work/home ${config[*]} \
            valgrind --tool=callgrind --compress-strings=no \
            --callgrind-out-file=$work/profile.$n $work/floor.$build $c" </dev/null >/dev/null 2>&1 || true
        groups+=("$work/profile.$n")
    done
    groups+=(:)
done
mkdir -p link
python3 scripts/hot-code.py link/hot-functions.txt "${groups[@]}"
