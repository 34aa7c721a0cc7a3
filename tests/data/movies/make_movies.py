#!/usr/bin/env python3
"""Writes the test movies of this directory: the same 16 frames of both pads, the ones
sequence.toml scripts, as BizHawk, lsnes, Mesen and snes9x movies from power-on.

    python3 tests/data/movies/make_movies.py

Each follows its emulator's documentation and source, as profiler/formats/input/ cites them:
- sequence.bk2: TASVideos "BK2 Format"; BizHawk's Bk2LogEntryGenerator.cs (the log key and a
  line a frame) and Bk2MnemonicLookup.cs (the SNES pad's letters UDLRsSYBXAlr).
- sequence.lsmv: TASVideos "LSMV"; lsnes's bsnes ports.json (a gamepad's letters BYsSudlrAXLR,
  the system field's F for a frame and R for a reset). One subframe repeats its frame's pads.
  Both record the pads their frontend polled as each of its frames began, at a V-blank: their
  first frame is polled before any, and the sequence's frame n is their frame n + 1
  (docs/input.md).
- sequence.mmo: Mesen 2's MovieRecorder.cpp (GameSettings.txt, Input.txt) and
  SnesController.cpp (a pad's letters ABXYLRSTUDLR), the settings as its Serializer names them.
- sequence.smv: TASVideos "SMV" and snes9x's movie.cpp (version 5: the 64-byte header, 128 KiB of
  cleared save RAM for a movie from reset, 2 bytes a pad a sample, a first sample before frame 0).
The archives mix stored and deflated members, as emulators' zip writers do; timestamps are fixed
so that the files come out the same every time.

It also writes the input fuzzer's seeds (fuzz/seeds/input/): each archive's members in the form the
harness writes into an archive itself ("members\n", then NAME NUL TEXT NUL ...), and the snes9x
movie with no save RAM, short enough for the fuzzer's inputs.
"""
import os
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = os.path.join(HERE, "..", "..", "..", "fuzz", "seeds", "input")

# Both pads' buttons, frame by frame (sequence.toml's steps, one entry a frame).
FRAMES = [
    ([], []),
    (["right"], []),
    (["right", "b"], []),
    (["right", "b"], []),
    (["up", "y"], ["start"]),
    (["down", "select"], ["start"]),
    (["left", "a"], ["a", "b"]),
    (["x", "l"], ["x", "y"]),
    (["r"], ["l", "r"]),
    (["start"], ["up", "down"]),
    (["select", "start"], ["left", "right"]),
    (["b", "y", "a", "x"], ["select"]),
    (["l", "r"], ["up"]),
    ([], ["down", "left"]),
    (["up", "down", "left", "right"], ["b", "y", "a", "x", "l", "r", "select", "start"]),
    ([], []),
]

# The auto-joypad layout ($4218): bit 15 B ... bit 4 R.
BITS = {"b": 0x8000, "y": 0x4000, "select": 0x2000, "start": 0x1000, "up": 0x0800, "down": 0x0400,
        "left": 0x0200, "right": 0x0100, "a": 0x0080, "x": 0x0040, "l": 0x0020, "r": 0x0010}


def letters(buttons, order):
    """A pad as a movie's text writes it: the letter of each button held, '.' for the others."""
    return "".join(letter if name in buttons else "." for name, letter in order)


def write_zip(name, members):
    """members: (member name, text, deflated?)."""
    with zipfile.ZipFile(os.path.join(HERE, name), "w") as archive:
        for member, text, deflate in members:
            info = zipfile.ZipInfo(member, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED
            archive.writestr(info, text)
    seed = "members\n" + "\0".join(member + "\0" + text for member, text, _ in members)
    with open(os.path.join(SEEDS, name.replace(".", "-") + ".members"), "w", newline="") as out:
        out.write(seed)


def bk2():
    order = [("up", "U"), ("down", "D"), ("left", "L"), ("right", "R"), ("select", "s"), ("start", "S"),
             ("y", "Y"), ("b", "B"), ("x", "X"), ("a", "A"), ("l", "l"), ("r", "r")]
    names = ["Up", "Down", "Left", "Right", "Select", "Start", "Y", "B", "X", "A", "L", "R"]
    key = "LogKey:#Reset|Power|" + "".join("#" + "".join(f"P{p} {n}|" for n in names) for p in (1, 2))
    lines = ["[Input]", key]
    lines += [f"|..|{letters(p1, order)}|{letters(p2, order)}|" for p1, p2 in [([], [])] + FRAMES]
    lines.append("[/Input]")
    header = ["MovieVersion BizHawk v2.0.0", "Author tileprof tests", "emuVersion Version 2.9.1", "Platform SNES",
              "GameName tileprof input test", "SHA1 0000000000000000000000000000000000000000", "Core BSNES",
              "rerecordCount 0", "StartsFromSavestate False"]
    # BizHawk writes its text with Windows line ends.
    write_zip("sequence.bk2", [
        ("Header.txt", "\r\n".join(header) + "\r\n", True),
        ("Comments.txt", "", False),
        ("Subtitles.txt", "", False),
        ("SyncSettings.json", '{"o":{"$type":"BizHawk.Emulation.Cores.Nintendo.BSNES.BsnesCore+SnesSyncSettings"}}', False),
        ("Input Log.txt", "\r\n".join(lines) + "\r\n", True),
    ])


def lsmv():
    order = [("b", "B"), ("y", "Y"), ("select", "s"), ("start", "S"), ("up", "u"), ("down", "d"),
             ("left", "l"), ("right", "r"), ("a", "A"), ("x", "X"), ("l", "L"), ("r", "R")]
    lines = []
    for frame, (p1, p2) in enumerate([([], [])] + FRAMES):
        lines.append(f"F.|{letters(p1, order)}|{letters(p2, order)}")
        if frame == 7:  # the game polls twice in this frame: a subframe, the same pads
            lines.append(f"..|{letters(p1, order)}|{letters(p2, order)}")
    write_zip("sequence.lsmv", [
        ("systemid", "lsnes-rr1\n", False),
        ("controlsversion", "0\n", False),
        ("gametype", "snes_ntsc\n", False),
        ("port1", "gamepad\n", False),
        ("port2", "gamepad\n", False),
        ("coreversion", "bsnes v085 (Compatibility core)\n", False),
        ("projectid", "0123456789abcdef0123456789abcdef\n", False),
        ("gamename", "tileprof input test\n", False),
        ("authors", "tileprof tests\n", False),
        ("rerecords", "0\n", False),
        ("starttime.second", "0\n", False),
        ("starttime.subsecond", "0\n", False),
        ("input", "\n".join(lines) + "\n", True),
    ])


def mmo():
    order = [("a", "A"), ("b", "B"), ("x", "X"), ("y", "Y"), ("l", "L"), ("r", "R"), ("select", "S"),
             ("start", "T"), ("up", "U"), ("down", "D"), ("left", "L"), ("right", "R")]
    settings = ["MesenVersion 2.0.0", "MovieFormatVersion 2", "GameFile test.sfc",
                "SHA1 0000000000000000000000000000000000000000", "emu.consoleType Snes",
                "video.integerFpsMode false", "emulation.runAheadFrames 0", "game.dipSwitches 0",
                "snes.ramPowerOnState AllZeros", "snes.enableRandomPowerOnState false", "snes.gsuClockSpeed 100",
                "snes.ppuExtraScanlinesAfterNmi 0", "snes.ppuExtraScanlinesBeforeNmi 0", "snes.region Auto"]
    for port in (1, 2):
        settings.append(f"snes.port{port}.type SnesController")
        settings += [f"snes.port{port}SubPorts[{i}].type SnesController" for i in range(4)]
    settings += ["snes.bsxCustomDate 0", "snes.spcClockSpeedAdjustment 100"]
    lines = [f"|..|{letters(p1, order)}|{letters(p2, order)}" for p1, p2 in FRAMES]
    write_zip("sequence.mmo", [
        ("Input.txt", "\n".join(lines) + "\n", True),
        ("GameSettings.txt", "\n".join(settings) + "\n", True),
        ("MovieInfo.txt", "Author tileprof tests\nDescription\nthe input tests' sequence", False),
    ])


def smv(path, save_ram_size):
    metadata = "tileprof".encode("utf-16-le")
    rom_info = bytes(3) + struct.pack("<I", 0) + b"TILEPROF INPUT TEST".ljust(23, b"\0")
    save_ram_offset = 64 + len(metadata) + len(rom_info)
    save_ram = bytes(save_ram_size)  # cleared
    data_offset = (save_ram_offset + len(save_ram) + 15) // 16 * 16  # snes9x pads with 0xCC to 16
    header = struct.pack("<4sIIIIBBBBII", b"SMV\x1a", 5, 0, 0, len(FRAMES), 0x03, 0x01, 0, 0x41,
                         save_ram_offset, data_offset)
    header += struct.pack("<IBB", len(FRAMES), 1, 1) + bytes([0, 0xFF, 0xFF, 0xFF, 1, 0xFF, 0xFF, 0xFF]) + bytes(18)
    assert len(header) == 64
    word = lambda buttons: sum(BITS[b] for b in buttons)
    samples = struct.pack("<HH", 0, 0)  # the pads when recording began
    samples += b"".join(struct.pack("<HH", word(p1), word(p2)) for p1, p2 in FRAMES)
    body = header + metadata + rom_info + save_ram
    body += b"\xcc" * (data_offset - len(body)) + samples
    with open(path, "wb") as out:
        out.write(body)


os.makedirs(SEEDS, exist_ok=True)
bk2()
lsmv()
mmo()
smv(os.path.join(HERE, "sequence.smv"), 0x20000)
smv(os.path.join(SEEDS, "sequence-no-save-ram.smv"), 0)
