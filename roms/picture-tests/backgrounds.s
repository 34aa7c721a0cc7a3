; Backgrounds: modes 0 and 1, every layer, tile sizes, tilemap sizes, scrolls, flips, palettes
; and priorities.
;
; VRAM and CGRAM are filled with pseudo-random words (FillVideoMemories), so every tilemap entry has
; a random tile, palette, priority and flips and every tile random pixels: whatever a layer shows,
; both emulators must draw it alike. Then each frame shows the next of the configurations in
; Configurations (mode, tilemaps and their sizes, character bases, layers on the main screen,
; scrolls), written in V-blank, and the list starts again after its end.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration as Nmi writes it: BGMODE, BG1SC-BG4SC, BG12NBA, BG34NBA, TM, then the eight
; scroll registers from BG1HOFS on, each a word written low byte first.
.macro CONFIGURATION mode, sc1, sc2, sc3, sc4, nba12, nba34, layers, h1, v1, h2, v2, h3, v3, h4, v4
    .byte mode, sc1, sc2, sc3, sc4, nba12, nba34, layers
    .word h1, v1, h2, v2, h3, v3, h4, v4
.endmacro
CONFIGURATION_BYTES = 24

.segment "CODE"
CONFIGURATION_LIST

.proc Reset
    RESET_WITH_RANDOM_MEMORIES
    jmp ShowConfigurations
.endproc

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    lda Configurations,x
    sta BGMODE
    lda Configurations + 1,x
    sta BG1SC
    lda Configurations + 2,x
    sta BG2SC
    lda Configurations + 3,x
    sta BG3SC
    lda Configurations + 4,x
    sta BG4SC
    lda Configurations + 5,x
    sta BG12NBA
    lda Configurations + 6,x
    sta BG34NBA
    lda Configurations + 7,x
    sta TM
    WRITE_SCROLLS 8, 8
    rts
.endproc

.segment "RODATA"
; BGnSC: the tilemap's word address / $400 in bits 2-7, its size in bits 0-1 (32x32, 64x32,
; 32x64, 64x64). BGnmNBA: each layer's character base, a nibble of 4 K words.
Configurations:
    ; mode 0: four 2bpp layers, 32x32 maps, no scroll
    CONFIGURATION $00, $40, $44, $48, $4C, $10, $32, $0F,   0, 0,    0, 0,    0, 0,    0, 0
    ; mode 0, scrolled each its own way, one layer at a time and then two
    CONFIGURATION $00, $40, $44, $48, $4C, $10, $32, $01,  13, 7,    0, 0,    0, 0,    0, 0
    CONFIGURATION $00, $40, $44, $48, $4C, $10, $32, $02,   0, 0,  300, 500, 0, 0,    0, 0
    CONFIGURATION $00, $40, $44, $48, $4C, $10, $32, $0C,   0, 0,    0, 0, 1023, 1,  77, 900
    ; mode 0: map sizes 64x32, 32x64, 64x64 and 32x32, scrolled across the maps' seams
    CONFIGURATION $00, $51, $56, $5B, $4C, $10, $32, $0F, 200, 20, 120, 230, 250, 250, 5, 5
    ; mode 0: 16x16 tiles on BG1 and BG3, 8x8 on BG2 and BG4
    CONFIGURATION $50, $40, $44, $48, $4C, $10, $32, $0F,  30, 40,   0, 0,   99, 17,   0, 0
    ; mode 1: BG1 and BG2 4bpp, BG3 2bpp behind them
    CONFIGURATION $01, $40, $44, $48, $4C, $20, $04, $07,   0, 0,    8, 3,   16, 32,   0, 0
    ; mode 1 with BG3's high-priority tiles in front of everything
    CONFIGURATION $09, $40, $44, $48, $4C, $20, $04, $07,   0, 0,    8, 3,   16, 32,   0, 0
    ; mode 1: 16x16 tiles on all three, 64x64 maps, scrolled
    CONFIGURATION $79, $53, $57, $4B, $4C, $02, $01, $07, 500, 700, 11, 480, 1000, 1000, 0, 0
    ; mode 1, BG2 alone, then BG3 alone
    CONFIGURATION $01, $40, $44, $48, $4C, $20, $04, $02,   3, 5,    6, 9,    0, 0,    0, 0
    CONFIGURATION $01, $40, $44, $48, $4C, $20, $04, $04,   3, 5,    6, 9,   64, 64,   0, 0
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF BACKGROUNDS", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
