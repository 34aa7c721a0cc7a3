; The tile-collision ROM: the routine the profiler calls (tile_collision.s), its tables and RAM,
; and a cartridge header. On a console it only sets the CPU up and stops: the host calls
; MoveEntityAndProcessTileCollisions itself, as manifest.toml describes.

.p816

.include "cartridge_header.inc"

.segment "CODE"

.proc Reset
    sei
    clc
    xce                     ; native mode
    rep #$30
    .a16
    .i16
    ldx #$1FFF
    txs
    stp
.endproc

; No interrupt is enabled; stop if one arrives anyway.
.proc Halt
    stp
.endproc

CARTRIDGE_HEADER "TILEPROF COLLISION", Reset, Halt, Halt, Halt, Halt
