; Sprites: the eight size pairs, both name tables and their bases, flips, palettes, priorities
; among the backgrounds of modes 0 and 1, X and Y past the screen's edges, more than 32 sprites
; on a line (range over) and more than 34 slivers (time over), and the priority rotation.
;
; VRAM, CGRAM and OAM hold pseudo-random words (FillVideoMemories), so all 128 sprites have random
; positions, sizes, tiles and attributes, and many lines hold more sprites than the PPU keeps.
; Each frame shows the next configuration (OBSEL, the mode, the main screen's layers, OAMADD with
; the rotation bit), written in V-blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration: OBSEL, BGMODE, TM, OAMADDL, OAMADDH (bit 7: the sprite at the address is
; evaluated first), SETINI (bit 1: sprite interlace).
.macro CONFIGURATION obsel, mode, layers, oamLow, oamHigh, setini
    .byte obsel, mode, layers, oamLow, oamHigh, setini
.endmacro
CONFIGURATION_BYTES = 6

.segment "CODE"
CONFIGURATION_LIST

RESET_PLACING_BACKGROUNDS

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    lda Configurations,x
    sta OBSEL
    lda Configurations + 1,x
    sta BGMODE
    lda Configurations + 2,x
    sta TM
    lda Configurations + 3,x
    sta OAMADDL
    lda Configurations + 4,x
    sta OAMADDL + 1
    lda Configurations + 5,x
    sta SETINI
    rts
.endproc

.segment "RODATA"
; OBSEL: bits 5-7 the size pair (8/16, 8/32, 8/64, 16/32, 16/64, 32/64, 16x32/32x64, 16x32/32x32),
; bits 3-4 the second name table's gap, bits 0-2 the first table's base (16 K bytes a step).
; Seventeen configurations, so that each is shown in both fields in turn (sprite interlace shows
; the odd field's rows in odd frames).
Configurations:
    CONFIGURATION $00, $01, $10, $00, $00, $00   ; 8 and 16, sprites alone
    CONFIGURATION $00, $01, $11, $00, $00, $00   ; among BG1's tiles in mode 1
    CONFIGURATION $20, $01, $17, $00, $00, $00   ; 8 and 32, BG1-BG3
    CONFIGURATION $48, $01, $13, $00, $00, $00   ; 8 and 64, the second table one step further
    CONFIGURATION $61, $01, $1F, $00, $00, $00   ; 16 and 32 from the second base
    CONFIGURATION $9A, $01, $10, $00, $00, $00   ; 16 and 64: lines over 32 sprites and 34 slivers
    CONFIGURATION $A3, $01, $11, $00, $00, $00   ; 32 and 64
    CONFIGURATION $C0, $00, $1F, $00, $00, $00   ; 16x32 and 32x64, mode 0's four layers
    CONFIGURATION $E0, $00, $15, $00, $00, $00   ; 16x32 and 32x32
    CONFIGURATION $A0, $09, $17, $40, $80, $00   ; the rotation from sprite 32, BG3 in front
    CONFIGURATION $A0, $01, $10, $C8, $80, $00   ; from sprite 100
    CONFIGURATION $80, $01, $10, $FE, $81, $00   ; from sprite 127 (OAMADD word $1FE)
    CONFIGURATION $00, $01, $10, $00, $00, $02   ; sprite interlace: every other row, 8 and 16
    CONFIGURATION $A0, $01, $11, $00, $00, $02   ; 32 and 64
    CONFIGURATION $C0, $01, $10, $00, $00, $02   ; 16x32 (16 high) and 32x64
    CONFIGURATION $E0, $01, $13, $00, $00, $02   ; 16x32 (16 high) and 32x32
    CONFIGURATION $9A, $01, $10, $00, $00, $02   ; 16 and 64: lines over 32 sprites
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF SPRITES", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
