#!/usr/bin/env python3
"""Writes walk.bk2, the input of walk.toml as a BizHawk movie, beside this script:

    python3 roms/demo/make_walk_bk2.py

The movie is laid out as tests/data/movies/make_movies.py writes its sequence.bk2 (TASVideos "BK2
Format"; BizHawk's Bk2LogEntryGenerator.cs and Bk2MnemonicLookup.cs): an SNES movie for the BSNES
core, from power-on, without a savestate or save RAM, NTSC, with a standard pad in each port; a
line of "Input Log.txt" a frame, as BizHawk polls the pads as each of its frames begins, at a
V-blank: the first polled before any, frame n of the script frame n + 1 of the movie
(docs/input.md). The header's SHA1 is
left zero, as the ROM is built rather than checked in. Timestamps are fixed so that the file comes
out the same every time. Python 3.11 or later (tomllib), standard library only.
"""
import os
import tomllib
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

# The SNES pad in BizHawk's order, each button's name in an input script and its letter in the log.
PAD = [("up", "U"), ("down", "D"), ("left", "L"), ("right", "R"), ("select", "s"), ("start", "S"),
       ("y", "Y"), ("b", "B"), ("x", "X"), ("a", "A"), ("l", "l"), ("r", "r")]
LOG_NAMES = ["Up", "Down", "Left", "Right", "Select", "Start", "Y", "B", "X", "A", "L", "R"]


def frames_of(script_path):
    """The script's pads, one (pad 1, pad 2) pair of button-name sets a frame."""
    with open(script_path, "rb") as script:
        steps = tomllib.load(script)["frame"]
    known = {name for name, _ in PAD}
    frames = []
    for step in steps:
        pads = []
        for key in ("pad1", "pad2"):
            buttons = {button.lower() for button in step.get(key, [])}
            if not buttons <= known:
                raise SystemExit(f"{script_path}: {key} holds {sorted(buttons - known)}, no button")
            pads.append(buttons)
        frames += [tuple(pads)] * step.get("frames", 1)
    return frames


def letters(buttons):
    """A pad as BizHawk's log writes it: each held button's letter, '.' for the others."""
    return "".join(letter if name in buttons else "." for name, letter in PAD)


def main():
    frames = frames_of(os.path.join(HERE, "walk.toml"))
    key = "LogKey:#Reset|Power|" + "".join("#" + "".join(f"P{p} {n}|" for n in LOG_NAMES) for p in (1, 2))
    log = ["[Input]", key] + [f"|..|{letters(p1)}|{letters(p2)}|" for p1, p2 in [(set(), set())] + frames] + ["[/Input]"]
    header = ["MovieVersion BizHawk v2.0.0", "Author tileprof", "emuVersion Version 2.9.1", "Platform SNES",
              "GameName TILEPROF DEMO", "SHA1 0000000000000000000000000000000000000000", "Core BSNES",
              "rerecordCount 0", "StartsFromSavestate False", "StartsFromSaveRam False", "PAL False"]
    members = [  # (name, text, deflated?); BizHawk writes its text with Windows line ends
        ("Header.txt", "\r\n".join(header) + "\r\n", True),
        ("Comments.txt", "", False),
        ("Subtitles.txt", "", False),
        ("SyncSettings.json", '{"o":{"$type":"BizHawk.Emulation.Cores.Nintendo.BSNES.BsnesCore+SnesSyncSettings"}}', False),
        ("Input Log.txt", "\r\n".join(log) + "\r\n", True),
    ]
    with zipfile.ZipFile(os.path.join(HERE, "walk.bk2"), "w") as archive:
        for name, text, deflate in members:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED
            archive.writestr(info, text)
    print(f"walk.bk2: {len(frames)} frames")


if __name__ == "__main__":
    main()
