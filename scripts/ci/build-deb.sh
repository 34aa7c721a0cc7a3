#!/usr/bin/env bash
# Builds tileprof's command-line package from these sources (scripts/setup.sh --package installs
# what that needs) and copies it into TILEPROF_DEB_DIR.
set -euo pipefail
: "${TILEPROF_DEB_DIR:?TILEPROF_DEB_DIR names where the package goes}"
cd "$(dirname "$0")/../.."
deb=$(./scripts/setup.sh --package | tail -n 1)
mkdir -p "$TILEPROF_DEB_DIR"
cp "$deb" "$TILEPROF_DEB_DIR/"
echo "tileprof: built $(basename "$deb")"
