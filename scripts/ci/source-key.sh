#!/usr/bin/env bash
# Prints `key=...` for GITHUB_OUTPUT: what tileprof's package built from these sources is cached
# under. The sources' content (an action's checkout has no .git), the distribution and the machine
# make the key: a package built on one Debian does not install on another.
set -euo pipefail
cd "$(dirname "$0")/../.."
. /etc/os-release
sources=$(find . -path './build*' -prune -o -path ./.git -prune -o -type f -print | LC_ALL=C sort |
          xargs -d '\n' sha256sum | sha256sum | cut -c1-16)
echo "key=tileprof-deb-${ID}-${VERSION_ID:-unknown}-$(uname -m)-${sources}"
