; Mode 7: the matrix (identity, scroll and centre, rotation, zoom in and out, negative and extreme
; values), M7SEL's flips and its three ways of showing what lies outside the map, EXTBG's second
; background with its priority bit, direct colour, mosaic, colour math and pseudo-hires.
;
; VRAM holds pseudo-random words (FillVideoMemories): the map's bytes (low bytes of words 0-$3FFF)
; random tile numbers, the tiles' bytes (high bytes) random pixels. Each frame shows the next
; configuration, written in V-blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

M7HOFS = BG1HOFS
M7VOFS = BG1VOFS

; One configuration: M7SEL, SETINI, TM, TS, CGWSEL, CGADSUB, MOSAIC, a byte not used, then the
; words M7A, M7B, M7C, M7D, M7X, M7Y, M7HOFS, M7VOFS.
.macro CONFIGURATION m7sel, setini, main, sub, cgwsel, cgadsub, mosaic, ma, mb, mc, md, mx, my, mh, mv
    .byte m7sel, setini, main, sub, cgwsel, cgadsub, mosaic, 0
    .word ma, mb, mc, md, mx, my, mh, mv
.endmacro
CONFIGURATION_BYTES = 24
MATRIX_WORDS = 6

.segment "CODE"
CONFIGURATION_LIST

.proc Reset
    RESET_WITH_RANDOM_MEMORIES
    lda #$07
    sta BGMODE
    lda #$20 | 20
    sta COLDATA             ; the fixed colour: red 20, green 10, blue 5
    lda #$40 | 10
    sta COLDATA
    lda #$80 | 5
    sta COLDATA
    jmp ShowConfigurations
.endproc

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    lda Configurations,x
    sta M7SEL
    lda Configurations + 1,x
    sta SETINI
    lda Configurations + 2,x
    sta TM
    lda Configurations + 3,x
    sta TS
    lda Configurations + 4,x
    sta CGWSEL
    lda Configurations + 5,x
    sta CGADSUB
    lda Configurations + 6,x
    sta MOSAIC
    ldy #0
matrix:
    lda Configurations + 8,x ; each register's low byte, then its high byte, through the mode-7 latch
    sta M7A,y
    lda Configurations + 9,x
    sta M7A,y
    inx
    inx
    iny
    cpy #MATRIX_WORDS
    bne matrix
    lda Configurations + 8,x
    sta M7HOFS
    lda Configurations + 9,x
    sta M7HOFS
    lda Configurations + 10,x
    sta M7VOFS
    lda Configurations + 11,x
    sta M7VOFS
    rts
.endproc

.segment "RODATA"
; M7SEL: bit 0 flip X, bit 1 flip Y, bits 6-7 outside the map: 0 or 1 the map repeats, 2
; transparent, 3 tile 0. SETINI bit 6 EXTBG (BG2: the same pixels, bit 7 their priority), bit 3
; pseudo-hires. M7A-M7D are 8.8 fixed point; M7X, M7Y, M7HOFS and M7VOFS 13-bit signed.
Configurations:
    ;             M7SEL SETI TM   TS  CGWS CGAD  MOS     M7A    M7B    M7C    M7D    M7X    M7Y  M7HOFS M7VOFS
    CONFIGURATION $00, $00, $11, $00, $30, $00, $00,  $0100, $0000, $0000, $0100, $0000, $0000, $0000, $0000 ; the identity
    CONFIGURATION $00, $00, $11, $00, $30, $00, $00,  $0100, $0000, $0000, $0100,   128,   112,   100, $1FCE ; scroll, centre
    CONFIGURATION $00, $00, $11, $00, $30, $00, $00,    222,   128, $FF80,   222,   128,   112, $0000, $0000 ; rotated 30 degrees
    CONFIGURATION $00, $00, $11, $00, $30, $00, $00,  $0080, $0000, $0000, $0080,   300,   400,    17,    33 ; zoomed in twice
    CONFIGURATION $80, $00, $11, $00, $30, $00, $00,  $0400, $0000, $0000, $0400,   128,   112, $1E00, $1F00 ; out 4x: transparent outside
    CONFIGURATION $C0, $00, $11, $00, $30, $00, $00,  $0300, $0020, $FFE0, $0300,     0,     0, $1F00,   700 ; out 3x: tile 0 outside
    CONFIGURATION $40, $00, $11, $00, $30, $00, $00,  $0300, $0000, $0000, $0280,    64,    64,   900,   900 ; out 3x: repeated
    CONFIGURATION $03, $00, $11, $00, $30, $00, $00,    222,   128, $FF80,   222,   128,   112,    40,    80 ; flipped both ways
    CONFIGURATION $02, $00, $11, $00, $30, $00, $00,  $0100, $0040, $0000, $0180,    99,     9,     5,   250 ; flipped vertically, sheared
    CONFIGURATION $00, $40, $12, $00, $30, $00, $00,  $0100, $0000, $0000, $0100,     0,     0,    31,    62 ; EXTBG: BG2 alone
    CONFIGURATION $00, $40, $13, $00, $30, $00, $00,  $00C0, $0010, $FFF0, $00C0,    50,    60,    70,    80 ; EXTBG: BG1, BG2, sprites
    CONFIGURATION $00, $00, $11, $00, $31, $00, $00,  $0100, $0000, $0000, $0100,     0,     0,     0,     0 ; direct colour
    CONFIGURATION $00, $00, $11, $00, $30, $00, $31,    222,   128, $FF80,   222,   128,   112,     0,     0 ; mosaic 4 on BG1
    CONFIGURATION $00, $40, $12, $00, $30, $00, $52,  $0100, $0000, $0000, $0100,     0,     0,    10,    20 ; EXTBG, mosaic 6 on BG2
    CONFIGURATION $00, $00, $11, $00, $30, $00, $00,  $FF00, $0040, $FFC0, $FF00, $1F80, $0FFF,    12,    34 ; negative matrix, centre
    CONFIGURATION $00, $00, $10, $01, $02, $50, $00,  $0100, $0000, $0000, $0100,     8,     8,     8,     8 ; sprites plus BG1, halved
    CONFIGURATION $00, $08, $11, $01, $30, $00, $00,  $0100, $0000, $0000, $0100,     0,     0,     3,     3 ; pseudo-hires
    CONFIGURATION $00, $00, $11, $00, $30, $00, $00,  $7FFF, $8000, $1234, $FEDC, $0FFF, $1000, $0FFF, $1000 ; extremes
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF MODE 7", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
