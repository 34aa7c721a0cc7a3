; Interlace: SETINI bit 0 shows two fields, every other frame one, a line of each in turn (448
; rows, or 478 with overscan). Hi-res modes 5 and 6 then draw each field's own lines of their
; backgrounds (line 2n, or 2n + 1 in odd fields); the other modes draw the same lines in both.
; The setting takes effect as the next frame begins, for its picture and for its length (263 lines
; in even fields); the first interlaced frame shows the other field's rows as they were last drawn.
;
; VRAM, CGRAM and OAM hold pseudo-random words (FillVideoMemories). Each frame shows the next
; configuration, written in V-blank once line 240 is reached: the PPU draws lines 225-239 in V-blank
; too, and an interlaced frame with overscan shows those of the other field as they were last drawn
; (a write in the middle of a line would show from that point in bsnes-mercury, from the next line
; in tileprof). There are an odd number of configurations, so each shows in both fields.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration: BGMODE, MOSAIC, TM, TS, SETINI, then the scrolls of BG1 and BG2 (HOFS, VOFS),
; each a word.
.macro CONFIGURATION mode, mosaic, main, sub, setini, h1, v1, h2, v2
    .byte mode, mosaic, main, sub, setini
    .word h1, v1, h2, v2
.endmacro
CONFIGURATION_BYTES = 13
SCROLLS = 4

.segment "CODE"
CONFIGURATION_LIST

RESET_PLACING_BACKGROUNDS

SLHV     = $2137
OPVCT    = $213D
STAT78   = $213F

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing, from line 240 on.
.proc ShowConfiguration
    .a8
    .i16
waitForLine240:
    lda STAT78              ; OPVCT's next read is its low byte
    lda SLHV                ; latch the counters
    lda OPVCT               ; V bits 0-7
    xba
    lda OPVCT               ; V bit 8 in bit 0
    lsr
    bcs atLine240           ; 256 or more
    xba
    cmp #240
    bcc waitForLine240
atLine240:
    ldx Showing
    lda Configurations,x
    sta BGMODE
    lda Configurations + 1,x
    sta MOSAIC
    lda Configurations + 2,x
    sta TM
    lda Configurations + 3,x
    sta TS
    lda Configurations + 4,x
    sta SETINI
    WRITE_SCROLLS 5, SCROLLS
    rts
.endproc

.segment "RODATA"
; BGMODE: bits 0-2 the mode, bits 4-7 16x16 tiles on BG1-4. MOSAIC: bits 4-7 the size - 1, bits
; 0-3 the layers. SETINI: bit 0 interlace, bit 1 sprite interlace, bit 2 overscan, bit 3
; pseudo-hires.
Configurations:
    ;              mode  mos   TM   TS  SETI   h1   v1   h2   v2
    CONFIGURATION $01,  $00, $13, $00, $01,    0,   0,   0,   0 ; mode 1, interlaced
    CONFIGURATION $01,  $00, $13, $00, $05,   17,  33,   5,   9 ; with overscan
    CONFIGURATION $05,  $00, $03, $00, $01,    0,   0,   0,   0 ; mode 5: each field its own lines
    CONFIGURATION $35,  $00, $01, $02, $01,  123,  45, 678,  90 ; 16x16, scrolled, both screens
    CONFIGURATION $06,  $00, $11, $00, $01,   45, 200,   0,   0 ; mode 6, offset-per-tile
    CONFIGURATION $01,  $00, $10, $00, $03,    0,   0,   0,   0 ; sprite interlace too
    CONFIGURATION $01,  $00, $13, $00, $00,    7,   3,   0,   0 ; not interlaced
    CONFIGURATION $05,  $00, $03, $00, $00,    1,   2,   3,   4 ; mode 5, not interlaced
    CONFIGURATION $05,  $31, $03, $00, $01,   33,  11,   0,   0 ; mode 5 with mosaic 4 on BG1
    CONFIGURATION $01,  $00, $11, $02, $09,    5,   6,   7,   8 ; pseudo-hires
    CONFIGURATION $05,  $00, $13, $00, $05,  300, 301, 302, 303 ; mode 5 with overscan
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF INTERLACE", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
