#!/usr/bin/env bash
# Proves the README's install steps give `man floor` floor's own page (not
# the C library's floor(3)): in a fresh home, the binary goes to
# ~/.cargo/bin as `cargo install` puts it, the pages where the README says,
# and man-db, which searches DIR/share/man for each DIR/bin on PATH, must
# find floor.1 there.
#
#   scripts/man_install.sh [BINARY]     (default: target/debug/floor, built)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [[ -z "$bin" ]]; then
    cargo build --quiet
    bin="${CARGO_TARGET_DIR:-target}/debug/floor"
fi
command -v man >/dev/null || { echo "man_install.sh: needs man-db (apt-get install man-db)" >&2; exit 2; }
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.cargo/bin"
cp "$bin" "$home/.cargo/bin/floor"
# The README's step, as a user runs it.
HOME="$home" PATH="$home/.cargo/bin:/usr/bin:/bin" bash -c 'floor man --out-dir ~/.cargo/share/man/man1 >/dev/null'
found="$(env -u MANPATH HOME="$home" PATH="$home/.cargo/bin:/usr/bin:/bin" man -w floor)"
if [[ "$found" != "$home/.cargo/share/man/man1/floor.1" ]]; then
    echo "man_install.sh: man floor opens $found, not floor's page" >&2
    exit 1
fi
echo "man floor opens $found"
