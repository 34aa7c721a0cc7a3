#!/usr/bin/env bash
# Renders the README's screenshots of tileprof-gui headless (SDL2's software renderer: no display,
# no GPU) into docs/. Run after ./scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs
gui=./build/tileprof-gui
# The walkthrough's costliest rising call, whole.
"$gui" --headless roms/tile-collision/scenarios/walkthrough-12x24.toml --frame 252 --screenshot docs/gui-walkthrough.png --size 1600x900
# A call on the 30-degree hill stepped to its 60th instruction: the reads made so far, the line it is on.
"$gui" --headless roms/tile-collision/scenarios/hill-30-right.toml --frame 69 --instruction 60 --screenshot docs/gui-stepping.png --size 1600x900
# The demo's walk as a play: frame 924, the player standing on the ceiling, stepped to its 40th step.
"$gui" --play roms/demo/walk.play.toml --headless --frame 924 --call 1 --instruction 40 --screenshot docs/gui-play.png --size 1600x900
# The same frame's picture panel on its Tilemaps tab: BG1's whole map as line 1's registers set it up.
"$gui" --play roms/demo/walk.play.toml --headless --frame 924 --call 1 --ppu-tab Tilemaps --screenshot docs/gui-play-ppu.png --size 1600x900
