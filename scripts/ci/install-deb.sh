#!/usr/bin/env bash
# Installs tileprof's command-line package with apt, which brings what it depends on: the one
# TILEPROF_DEB names (a URL, fetched with curl, or a path), else the one in TILEPROF_DEB_DIR.
set -euo pipefail
sudo=()
if ((EUID != 0)); then
    sudo=(sudo)
fi
if [[ -n ${TILEPROF_DEB-} ]]; then
    if [[ $TILEPROF_DEB =~ ^[a-z]+:// ]]; then
        deb=$(mktemp -d)/tileprof.deb
        curl -fsSL --retry 3 -o "$deb" "$TILEPROF_DEB"
    else
        deb=$TILEPROF_DEB
    fi
else
    : "${TILEPROF_DEB_DIR:?give TILEPROF_DEB (the URL or path of a package) or TILEPROF_DEB_DIR (where one was built)}"
    debs=("$TILEPROF_DEB_DIR"/tileprof_*.deb)
    if [[ ! -f ${debs[0]} ]]; then
        echo "tileprof: no tileprof_*.deb in $TILEPROF_DEB_DIR" >&2
        exit 2
    fi
    deb=${debs[0]}
fi
# apt reads a path as a package file only when it has a slash.
[[ $deb == */* ]] || deb=./$deb
"${sudo[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "$deb"
tileprof --version
