; Windows: the two windows on each layer, alone, inverted and combined by each logic (OR, AND,
; XOR, XNOR), masking the main screen (TMW) and the sub screen (TSW); empty, one-pixel and
; whole-line windows; the colour window making the main screen black or turning colour math on or
; off inside or outside it.
;
; VRAM, CGRAM and OAM hold pseudo-random words (FillVideoMemories). Each frame shows the next
; configuration (mode, then W12SEL to CGADSUB), written in V-blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration: BGMODE, then the fifteen registers from W12SEL ($2123) to CGADSUB ($2131) in
; their order: W12SEL, W34SEL, WOBJSEL, WH0-WH3, WBGLOG, WOBJLOG, TM, TS, TMW, TSW, CGWSEL, CGADSUB.
.macro CONFIGURATION mode, w12, w34, wobj, wh0, wh1, wh2, wh3, wbglog, wobjlog, tm, ts, tmw, tsw, cgwsel, cgadsub
    .byte mode, w12, w34, wobj, wh0, wh1, wh2, wh3, wbglog, wobjlog, tm, ts, tmw, tsw, cgwsel, cgadsub
.endmacro
CONFIGURATION_BYTES = 16
WINDOW_REGISTERS = 15

.segment "CODE"
CONFIGURATION_LIST

.proc Reset
    RESET_WITH_RANDOM_MEMORIES
    jsr PlaceBackgrounds
    lda #$20 | 9
    sta COLDATA             ; the fixed colour: red 9, green 17, blue 25
    lda #$40 | 17
    sta COLDATA
    lda #$80 | 25
    sta COLDATA
    jmp ShowConfigurations
.endproc

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    lda Configurations,x
    sta BGMODE
    ldy #0
window:
    lda Configurations + 1,x
    sta W12SEL,y
    inx
    iny
    cpy #WINDOW_REGISTERS
    bne window
    rts
.endproc

.segment "RODATA"
; W12SEL, W34SEL, WOBJSEL: a nibble per area (BG1, BG2; BG3, BG4; sprites, the colour window), bit 0
; window 1 inverted, bit 1 window 1 on, bits 2-3 the same for window 2. WBGLOG, WOBJLOG: two bits
; per area, how both windows combine (0 OR, 1 AND, 2 XOR, 3 XNOR). TM, TS, TMW, TSW: bits 0-4 BG1-4
; and sprites. CGWSEL bits 6-7: main screen black (0 never, 1 outside the colour window, 2 inside,
; 3 always); bits 4-5: colour math off, the same four; bit 1 the sub screen as the second colour.
Configurations:
    ;              mode W12  W34  WOBJ WH0  WH1  WH2  WH3 WBG  WOBJ TM   TS   TMW  TSW  CGWS CGADSUB
    CONFIGURATION $01, $02, $00, $00,  40, 100,   0,   0, $00, $00, $13, $00, $01, $00, $30, $00 ; BG1 hidden in window 1
    CONFIGURATION $01, $03, $00, $00,  40, 100,   0,   0, $00, $00, $13, $00, $01, $00, $30, $00 ; outside it
    CONFIGURATION $01, $08, $00, $00,   0,   0, 128, 200, $00, $00, $13, $00, $01, $00, $30, $00 ; in window 2
    CONFIGURATION $01, $0A, $00, $00,  20,  90,  60, 160, $00, $00, $13, $00, $01, $00, $30, $00 ; both, OR
    CONFIGURATION $01, $0A, $00, $00,  20,  90,  60, 160, $01, $00, $13, $00, $01, $00, $30, $00 ; AND
    CONFIGURATION $01, $0A, $00, $00,  20,  90,  60, 160, $02, $00, $13, $00, $01, $00, $30, $00 ; XOR
    CONFIGURATION $01, $0A, $00, $00,  20,  90,  60, 160, $03, $00, $13, $00, $01, $00, $30, $00 ; XNOR
    CONFIGURATION $01, $0F, $00, $00,  20,  90,  60, 160, $02, $00, $13, $00, $01, $00, $30, $00 ; both inverted, XOR
    CONFIGURATION $01, $28, $00, $00,  50, 150, 100, 220, $00, $00, $13, $00, $03, $00, $30, $00 ; BG1 in 2, BG2 in 1
    CONFIGURATION $01, $AA, $00, $00,  50, 150, 100, 220, $00, $00, $13, $00, $00, $00, $30, $00 ; on, but TMW masks nothing
    CONFIGURATION $01, $00, $00, $03,  64, 191,   0,   0, $00, $00, $13, $00, $10, $00, $30, $00 ; sprites outside window 1
    CONFIGURATION $01, $03, $00, $00, 200, 100,   0,   0, $00, $00, $13, $00, $01, $00, $30, $00 ; left > right, inverted: everywhere
    CONFIGURATION $01, $0A, $00, $00,   0,   0, 255, 255, $00, $00, $13, $00, $01, $00, $30, $00 ; X 0 and X 255 only
    CONFIGURATION $00, $00, $82, $00,  30, 140,  90, 250, $C0, $00, $0F, $00, $0C, $00, $30, $00 ; mode 0: BG3 in 1, BG4 in 2
    CONFIGURATION $01, $20, $00, $00,  32, 160,   0,   0, $00, $00, $01, $16, $00, $02, $02, $01 ; BG2 hidden on the sub screen
    CONFIGURATION $01, $00, $00, $20,  70, 180,   0,   0, $00, $00, $13, $00, $00, $00, $B0, $00 ; black inside the colour window
    CONFIGURATION $01, $00, $00, $A0,  10, 130,  80, 240, $00, $04, $13, $00, $00, $00, $70, $00 ; black outside 1 AND 2
    CONFIGURATION $01, $00, $00, $20,  70, 180,   0,   0, $00, $00, $13, $00, $00, $00, $10, $3F ; math inside only
    CONFIGURATION $01, $08, $00, $30,  70, 180,  16, 96, $00, $00, $13, $02, $00, $01, $22, $7F ; math outside, halved, sub screen
    CONFIGURATION $01, $9C, $63, $D7,  33, 177,  99, 211, $E4, $0B, $17, $1F, $1F, $1F, $62, $D3 ; everything at once
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF WINDOWS", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
