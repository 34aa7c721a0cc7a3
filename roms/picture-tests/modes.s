; BG modes 2 to 6 and mosaic: offset-per-tile (modes 2, 4, 6) from BG3's map, 8-bit pixels and
; direct colour (modes 3, 4), hi-res (modes 5, 6: 512 pixels a line, the even ones the sub
; screen's) and pseudo-hires (SETINI bit 3), each with colour math; mosaic in low and high
; resolution.
;
; VRAM, CGRAM and OAM hold pseudo-random words (FillVideoMemories), so BG3's map holds random
; offsets with random bits saying which layer each applies to. Each frame shows the next
; configuration, written in V-blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration: BGMODE, MOSAIC, BG1SC, BG2SC, BG3SC, BG12NBA, BG34NBA, TM, TS, CGWSEL,
; CGADSUB, SETINI, then the scrolls of BG1, BG2 and BG3 (HOFS, VOFS), each a word.
.macro CONFIGURATION mode, mosaic, sc1, sc2, sc3, nba12, nba34, main, sub, cgwsel, cgadsub, setini, h1, v1, h2, v2, h3, v3
    .byte mode, mosaic, sc1, sc2, sc3, nba12, nba34, main, sub, cgwsel, cgadsub, setini
    .word h1, v1, h2, v2, h3, v3
.endmacro
CONFIGURATION_BYTES = 24
SCROLLS = 6

.segment "CODE"
CONFIGURATION_LIST

.proc Reset
    RESET_WITH_RANDOM_MEMORIES
    lda #$20 | 6
    sta COLDATA             ; the fixed colour: red 6, green 12, blue 18
    lda #$40 | 12
    sta COLDATA
    lda #$80 | 18
    sta COLDATA
    jmp ShowConfigurations
.endproc

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    ldy #0
modeToMaps:
    lda Configurations,x    ; BGMODE, MOSAIC, BG1SC, BG2SC, BG3SC: $2105-$2109
    sta BGMODE,y
    inx
    iny
    cpy #5
    bne modeToMaps
    ldx Showing
    lda Configurations + 5,x
    sta BG12NBA
    lda Configurations + 6,x
    sta BG34NBA
    lda Configurations + 7,x
    sta TM
    lda Configurations + 8,x
    sta TS
    lda Configurations + 9,x
    sta CGWSEL
    lda Configurations + 10,x
    sta CGADSUB
    lda Configurations + 11,x
    sta SETINI
    WRITE_SCROLLS 12, SCROLLS
    rts
.endproc

.segment "RODATA"
; BGMODE: bits 0-2 the mode, bits 4-7 16x16 tiles on BG1-4. MOSAIC: bits 4-7 the size - 1, bits
; 0-3 the layers. BGnSC: the map's word address / $400 in bits 2-7, its size in bits 0-1.
; CGWSEL bit 0 direct colour, bit 1 the sub screen in colour math. SETINI bit 3 pseudo-hires.
Configurations:
    ;              mode mos  sc1  sc2  sc3  n12  n34  TM   TS  CGWS  CGAD SETI   h1   v1   h2   v2   h3   v3
    CONFIGURATION $02, $00, $40, $44, $48, $10, $02, $13, $00, $30, $00, $00,    0,   0,   0,   0,   0,   0 ; mode 2, offset-per-tile
    CONFIGURATION $02, $00, $40, $44, $48, $10, $02, $13, $00, $30, $00, $00,   13,   7, 300, 500,  21,  40 ; scrolled
    CONFIGURATION $12, $00, $43, $44, $49, $10, $02, $13, $00, $30, $00, $00,  517, 333,   5,   9,  77,1000 ; BG1 16x16 on 64x64, BG3 64x32
    CONFIGURATION $52, $00, $40, $41, $4A, $31, $05, $03, $00, $30, $00, $00,  250,   3, 129, 600, 512,   8 ; BG3 16x16 tiles
    CONFIGURATION $03, $00, $40, $44, $48, $20, $00, $13, $00, $30, $00, $00,    0,   0,   0,   0,   0,   0 ; mode 3: 8 + 4 bits
    CONFIGURATION $03, $00, $40, $44, $48, $20, $00, $13, $00, $31, $00, $00,   99,  45,   3,   1,   0,   0 ; direct colour
    CONFIGURATION $13, $00, $40, $44, $48, $20, $00, $11, $02, $33, $61, $00,    7, 900,   0,   0,   0,   0 ; 16x16, direct colour, plus BG2 halved
    CONFIGURATION $04, $00, $40, $44, $48, $20, $00, $13, $00, $30, $00, $00,    0,   0,   0,   0,   0,   0 ; mode 4: 8 + 2 bits, one offset row
    CONFIGURATION $14, $00, $40, $45, $48, $20, $00, $13, $00, $31, $00, $00,  301, 222, 17, 71, 333, 444 ; scrolled, direct colour
    CONFIGURATION $05, $00, $40, $44, $48, $10, $00, $13, $03, $30, $00, $00,    0,   0,   0,   0,   0,   0 ; mode 5: hi-res
    CONFIGURATION $35, $00, $42, $43, $48, $10, $00, $11, $12, $30, $00, $00,  123,  45, 678, 90,   0,   0 ; 16x16, scrolled, both screens
    CONFIGURATION $05, $00, $40, $44, $48, $10, $00, $11, $06, $02, $61, $00,    3,   0,   7,   0,   0,   0 ; plus the sub screen, halved
    CONFIGURATION $05, $00, $40, $44, $48, $10, $00, $13, $02, $00, $BF, $00,    1,   2,   3,   4,   0,   0 ; minus the fixed colour
    CONFIGURATION $06, $00, $40, $44, $48, $10, $00, $11, $00, $30, $00, $00,    0,   0,   0,   0,   0,   0 ; mode 6: hi-res, offset-per-tile
    CONFIGURATION $16, $00, $41, $44, $4B, $10, $00, $11, $10, $30, $00, $00,  45,  200,   0,   0, 300, 300 ; 16x16, scrolled
    CONFIGURATION $01, $00, $40, $44, $48, $20, $04, $13, $06, $30, $00, $08,    0,   0,   0,   0,   0,   0 ; pseudo-hires
    CONFIGURATION $01, $00, $40, $44, $48, $20, $04, $11, $16, $02, $71, $08,   5,    6,   7,   8,   9,  10 ; pseudo-hires, colour math
    CONFIGURATION $01, $F3, $40, $44, $48, $20, $04, $17, $00, $30, $00, $00,    0,   0,   0,   0,   0,   0 ; mosaic 16 on BG1, BG2
    CONFIGURATION $01, $27, $40, $44, $48, $20, $04, $17, $04, $02, $21, $00,  11,   13,  17,  19,  23,  29 ; mosaic 3, scrolled, math
    CONFIGURATION $05, $31, $40, $44, $48, $10, $00, $13, $03, $30, $00, $00,   33,  11,   0,   0,   0,   0 ; hi-res mosaic 4 on BG1
    CONFIGURATION $02, $43, $40, $44, $48, $10, $02, $13, $00, $30, $00, $00,   13,   7, 300, 500,  21,  40 ; offset-per-tile with mosaic
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF MODES", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
