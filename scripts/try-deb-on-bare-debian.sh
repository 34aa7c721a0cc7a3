#!/usr/bin/env bash
# Installs a tileprof package with apt into a bare Debian (mmdebstrap's apt variant: apt and what it
# needs, nothing else) and runs the packaged tileprof there on the bundled scenarios, the demo's play
# and a check: what `apt install ./tileprof_*.deb` does on a fresh machine. Needs root, network and
# mmdebstrap (apt-get install mmdebstrap); the test suite cannot, so this is run by hand.
#   scripts/try-deb-on-bare-debian.sh tileprof_0.1.0_amd64.deb [SUITE]
set -euo pipefail
deb=$(realpath "$1")
suite=${2:-bookworm}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$deb" "$work/tileprof.deb"
mmdebstrap --quiet --variant=apt --mode=root "$suite" "$work/root" \
    --customize-hook="cp $work/tileprof.deb \"\$1/tmp/\"" \
    --customize-hook='chroot "$1" apt-get install -y -q --no-install-recommends /tmp/tileprof.deb | grep -A3 "NEW packages"' \
    --customize-hook='chroot "$1" tileprof --version' \
    --customize-hook='chroot "$1" tileprof run | head -1' \
    --customize-hook='chroot "$1" tileprof play /usr/share/tileprof/roms/demo/walk.play.toml | head -1' \
    --customize-hook='chroot "$1" tileprof check --baseline /usr/share/tileprof/roms/tile-collision/baseline.json | tail -1' \
    --customize-hook='! chroot "$1" dpkg -l | grep -E "libglfw|libsdl2|libgl1|libx11|libwayland|libasound|libpulse"'
echo "tileprof: $(basename "$deb") installs and runs on a bare Debian $suite"
