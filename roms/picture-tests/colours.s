; Colours: what the picture makes of every 5-bit level of each channel at every brightness.
;
; No layer is on, so each line is the backdrop (CGRAM colour 0) at INIDISP's brightness. Two HDMA
; channels set both for each line before it is drawn:
;   channel 0, mode 3 into CGADD/CGDATA: colour 0 = red level (n / 16), green level (n / 16 + 14),
;              blue level (n / 16 + 28) mod 32 for line n;
;   channel 1, mode 0 into INIDISP: brightness n mod 16, display on.
; So the 224 lines hold every brightness with red levels 0-13, green 14-27 and blue 28-31 and 0-9.
; Frames take turns with three colour tables, whose levels are shifted by 0, 14 and 28, so that in
; three frames every level of every channel has been drawn at every brightness. The tables are
; written before the display goes on: the NMI only points channel 0 at the next one.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

LINES    = 224

COLOUR_TABLE = 5 * LINES + 1 ; per line a count of 1, then CGADD twice, CGDATA low and high; a 0 ends it

.segment "ZEROPAGE"
LevelShift: .res 2          ; added to every level of the table being written: 0, 14 or 28
Table:      .res 2          ; the table being written, then the one channel 0 reads next
Red:        .res 2
Colour:     .res 2

.segment "LOWRAM"
ColourTables: .res 3 * COLOUR_TABLE
BrightTable:  .res LINES * 2 + 1       ; HDMA: per line a count of 1, then INIDISP

.segment "CODE"
.proc Reset
    ENTER_NATIVE_MODE
    sep #$20
    .a8
    phk
    plb
    jsr ResetPpu            ; force blank until the tables are written
    ldx #0
    stx LevelShift
    ldx #ColourTables
    stx Table
tables:
    jsr WriteColourTable
    rep #$20
    .a16
    lda LevelShift
    clc
    adc #14
    sta LevelShift
    lda Table
    clc
    adc #COLOUR_TABLE
    sta Table
    sep #$20
    .a8
    cpx #ColourTables + 3 * COLOUR_TABLE
    bne tables
    jsr WriteBrightTable
    ldx #ColourTables
    stx Table
    ; Channel 0: mode 3 (two registers, each written twice) at CGADD; channel 1: mode 0 at INIDISP.
    lda #$03
    sta DMAP0
    lda #<CGADD
    sta BBAD0
    stx A1T0
    stz A1B0
    stz DMAP0 + $10
    stz BBAD0 + $10         ; INIDISP is $2100
    ldx #BrightTable
    stx A1T0 + $10
    stz A1B0 + $10
    lda #$80
    sta NMITIMEN            ; the NMI starts HDMA, and moves the levels on each frame
    cli
spin:
    wai
    bra spin
.endproc

; A 8-bit, X/Y 16-bit: the colour table at Table for LevelShift. Returns X past its end.
.proc WriteColourTable
    ldx Table
    ldy #0                  ; the line
line:
    lda #1
    sta 0,x                 ; one line, direct
    stz 1,x                 ; CGADD = 0
    stz 2,x                 ; CGADD = 0 again: mode 3 writes each register twice
    rep #$20
    .a16
    tya
    lsr
    lsr
    lsr
    lsr
    clc
    adc LevelShift          ; the red level
    and #$001F
    sta Red
    clc
    adc #14                 ; green: 14 levels on
    and #$001F
    asl
    asl
    asl
    asl
    asl
    ora Red
    sta Colour
    lda Red
    clc
    adc #28                 ; blue: 28 levels on
    and #$001F
    xba
    asl
    asl
    ora Colour
    sta 3,x                 ; CGDATA low, then high
    sep #$20
    .a8
    inx
    inx
    inx
    inx
    inx
    iny
    cpy #LINES
    bne line
    stz 0,x                 ; the table ends
    inx
    rts
.endproc

; A 8-bit, X/Y 16-bit: brightness n mod 16 with the display on, for line n.
.proc WriteBrightTable
    ldx #0
    ldy #0
line:
    lda #1
    sta BrightTable,x
    tya
    and #$0F
    sta BrightTable + 1,x
    inx
    inx
    iny
    cpy #LINES
    bne line
    stz BrightTable,x
    rts
.endproc

; The next frame's colour table; HDMA reads A1T0 again at the frame's start. The first NMI turns
; HDMA on: turned on in the middle of a frame, a channel would run from registers it never loaded.
.proc Nmi
    rep #$30
    .a16
    .i16
    pha
    lda Table
    clc
    adc #COLOUR_TABLE
    cmp #ColourTables + 3 * COLOUR_TABLE
    bne keep
    lda #ColourTables
keep:
    sta Table
    sta A1T0
    sep #$20
    .a8
    lda #$03
    sta HDMAEN              ; from V-blank on, so that HDMA starts with a frame
    rep #$20
    .a16
    pla
    rti
.endproc

.proc Ignore
    rti
.endproc

CARTRIDGE_HEADER "TILEPROF COLOURS", Reset, Nmi, Ignore, Ignore, Ignore
