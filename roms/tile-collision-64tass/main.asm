; The tile-collision ROM, assembled by 64tass: the twin of ../tile-collision's plain build (ca65 and
; ld65; its variants have none), and it must assemble to the same bytes, the header and checksum
; included (a test compares the two images). Change both together. Each file here is its ca65
; namesake; 64tass links nothing, so this one also lays the ROM and RAM out as
; ../common/lorom32k.cfg does.
;
; The routine the profiler calls (tile_collision.asm), its tables and RAM, and a cartridge header.
; On a console it only sets the CPU up and stops: the host calls MoveEntityAndProcessTileCollisions
; itself, as ../tile-collision/manifest.toml describes.

    .cpu "65816"

    .include "entity.inc"
    .include "../tile-collision/tile_types.inc"
    .include "cartridge_header.inc"

; One 32 KiB LoROM bank at $8000-$FFFF, from the image's first byte: the code, then the tables,
; then the header and vectors, which close the bank. ld65 fills the gap with $FF.
*   = $0000
    .logical $8000
    .dsection code
    .dsection rodata
    .cerror * > $FFC0, "the code and tables run into the cartridge header"
    .fill $FFC0 - *, $FF
    .dsection header
    .here

; Work RAM: the low 8 KiB (reachable from bank $00 and as the direct page), whose top page is the
; stack, and the rest of bank $7E. MapData runs to the end of bank $7E, which 64tass allows a
; .logical address and not a .virtual one: the areas are .logical in a .virtual block at 0.
    .virtual 0
    .logical $0100
    .dsection lowram
    .cerror * > $1F00, "the variables run into the stack page"
    .here
    .logical $7E2000
    .dsection highram
    .here
    .endvirtual

    .section code

Reset .proc
    sei
    clc
    xce                     ; native mode
    rep #$30
    .al
    .xl
    ldx #$1FFF
    txs
    stp
    .pend

; No interrupt is enabled; stop if one arrives anyway.
Halt .proc
    stp
    .pend

    .send code

    #CARTRIDGE_HEADER "TILEPROF COLLISION", Reset, Halt, Halt, Halt, Halt

    .include "memory.asm"
    .include "height_tables.asm"
    .include "tile_collision.asm"
