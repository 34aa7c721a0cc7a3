; STAT77's time-over (bit 7) and range-over (bit 6) flags, checked on the machine from reset
; (machine_test.inc) with the display on, read at chosen dots of chosen lines (hv_timing.inc):
;   range over  more than 32 sprites on a line, set as the line's sprite tiles are fetched (late
;               in the line: read before, it is clear; after, set), kept for the rest of the frame
;               and cleared as the next begins
;   time over   more than 34 of the first 32 sprites' 8-pixel slivers on a line: sprites wholly
;               in the 256 columns left of the screen's wrap count for neither flag, a sprite at X
;               256 for both; with OAMADDH's priority rotation the first 32 are counted from the
;               sprite at OAM's address
;   mid-frame   OAM rewritten in force blank part way down a frame: the lines before keep what
;               they saw, the lines after see the new sprites
; Every value read is kept in work RAM (Flags), for the frame-by-frame comparison with another
; emulator; the checks look at bits 6 and 7 only.

.p816

.include "machine_test.inc"
.include "hv_timing.inc"

INIDISP  = $2100
OBSEL    = $2101
OAMADDL  = $2102
OAMADDH  = $2103
OAMDATA  = $2104
M7A      = $211B
M7B      = $211C
MPYL     = $2134
STAT77   = $213E
MDMAEN   = $420B
DMAP0    = $4300
BBAD0    = $4301
A1T0L    = $4302
A1B0     = $4304
DAS0L    = $4305

SMALL    = 0                ; OBSEL $20: 8x8 small, 32x32 large sprites
LARGE    = 2

.segment "ZEROPAGE"
Kept:       .res 2          ; reads kept so far
RowY:       .res 1          ; PlaceRow's arguments
RowSize:    .res 1
RowX:       .res 2
RowStep:    .res 2
Rotation:   .res 2          ; OAMADDL, OAMADDH as LoadOam leaves them

.segment "LOWRAM"
Shadow:     .res 544        ; OAM as LoadOam copies it
Flags:      .res 24

; Reads STAT77 at `dot` of `line` (the next time the beam passes it) and keeps the value.
.macro READ_FLAGS line, dot
    ldx #line
    ldy #dot
    jsr WaitForPosition
    lda STAT77
    jsr KeepFlags
.endmacro

; Places `many` sprites from sprite `from` on line `line`, X from `left` stepping `step`, of `size`.
.macro PLACE_ROW from, many, line, left, step, size
    lda #line
    sta RowY
    lda #size
    sta RowSize
    ldx #left
    stx RowX
    ldx #step
    stx RowStep
    ldx #from
    ldy #many
    jsr PlaceRow
.endmacro

.segment "CODE"
.a8
.i16

.proc Main
    stz M7A                 ; PPU1's open bus, which STAT77's bit 4 shows, starts random in bsnes:
    stz M7A                 ; a product of 0 read from MPYL makes it 0
    stz M7B
    lda MPYL
    lda #$20
    sta OBSEL
    ; 1-5: 33 small sprites on line 100.
    jsr ClearShadow
    PLACE_ROW 0, 33, 100, 0, 7, SMALL
    jsr LoadOamInVblank
    READ_FLAGS 50, 100      ; 1: clear before line 100
    READ_FLAGS 100, 250     ; 2: clear late in line 100, before its tiles are fetched
    READ_FLAGS 100, 285     ; 3: range over once they are (the read 30 dots past the IRQ)
    READ_FLAGS 101, 10      ; 4: and for the rest of the frame
    READ_FLAGS 20, 100      ; 5: cleared as the next frame begins
    ; 6-7: nine 32x32 sprites on line 120: 36 slivers.
    jsr ClearShadow
    PLACE_ROW 0, 9, 120, 0, 24, LARGE
    jsr LoadOamInVblank
    READ_FLAGS 119, 100     ; 6: clear
    READ_FLAGS 121, 100     ; 7: time over
    ; 8-9: 40 small sprites left of the wrap on line 130, nine 32x32 at X 256 on line 140.
    jsr ClearShadow
    PLACE_ROW 0, 40, 130, 300, 1, SMALL
    PLACE_ROW 40, 9, 140, 256, 0, LARGE
    jsr LoadOamInVblank
    READ_FLAGS 135, 100     ; 8: the 40 count for nothing
    READ_FLAGS 141, 100     ; 9: the nine at X 256 for time over
    ; 10-11: line 150 holds eight 32x32 sprites (0-7) and 32 small ones (8-39).
    jsr ClearShadow
    PLACE_ROW 0, 8, 150, 0, 32, LARGE
    PLACE_ROW 8, 32, 150, 0, 8, SMALL
    ldx #16 | $8000         ; the rotation, from sprite 8: sprites 8-39, 32 slivers
    stx Rotation
    jsr LoadOamInVblank
    READ_FLAGS 151, 100     ; 10: range over only
    ldx #0                  ; from sprite 0: sprites 0-31, 56 slivers
    stx Rotation
    jsr LoadOamInVblank
    READ_FLAGS 151, 100     ; 11: both
    ; 12-13: line 160 with 34 slivers (eight 32x32 sprites and two small), then 35 (three).
    jsr ClearShadow
    PLACE_ROW 0, 8, 160, 0, 32, LARGE
    PLACE_ROW 8, 2, 160, 64, 8, SMALL
    jsr LoadOamInVblank
    READ_FLAGS 161, 100     ; 12: 34 are fetched in time
    PLACE_ROW 10, 1, 160, 100, 8, SMALL
    jsr LoadOamInVblank
    READ_FLAGS 161, 100     ; 13: 35 are not
    ; 14-16: the 33 of line 100 loaded at line 60, then none loaded at line 110.
    jsr ClearShadow
    jsr LoadOamInVblank
    PLACE_ROW 0, 33, 100, 0, 7, SMALL
    ldx #60
    ldy #0
    jsr WaitForPosition
    jsr LoadOam
    READ_FLAGS 105, 100     ; 14: range over from the sprites loaded on the way
    jsr ClearShadow
    ldx #110
    ldy #0
    jsr WaitForPosition
    jsr LoadOam
    READ_FLAGS 200, 100     ; 15: still set: line 100 saw them
    READ_FLAGS 200, 100     ; 16: clear in the next frame
    EXPECT_BYTES ShownFlags, Expected, READS, 1
    rts
.endproc

; A: STAT77 as read; kept in Flags, its flags in ShownFlags for the check.
.proc KeepFlags
    ldx Kept
    sta Flags,x
    and #$C0
    sta ShownFlags,x
    inx
    stx Kept
    rts
.endproc

; Every sprite small at X 0, on lines 224-231, which no evaluation sees.
.proc ClearShadow
    ldx #0
sprite:
    stz Shadow,x            ; X
    lda #224
    sta Shadow + 1,x        ; Y
    stz Shadow + 2,x        ; tile
    lda #$30
    sta Shadow + 3,x        ; priority 3
    inx
    inx
    inx
    inx
    cpx #512
    bne sprite
high:
    stz Shadow,x            ; X bit 8 clear, small
    inx
    cpx #544
    bne high
    rts
.endproc

; X: the first sprite, Y: how many; RowY, RowX, RowStep, RowSize (SMALL or LARGE).
.proc PlaceRow
    phy
    rep #$20
    .a16
    txa
    asl
    asl
    tax                     ; the sprite's low-table offset
    sep #$20
    .a8
next:
    lda RowX
    sta Shadow,x
    lda RowY
    sta Shadow + 1,x
    ; The high table's two bits for sprite X / 4: X bit 8 and the size, at bit 2 * (sprite % 4).
    phx
    rep #$20
    .a16
    txa
    lsr
    lsr
    pha                     ; the sprite
    lsr
    lsr
    tax                     ; its high-table byte
    pla
    and #3
    tay
    sep #$20
    .a8
    lda RowX + 1
    and #1
    ora RowSize
shift:
    dey
    bmi shifted
    asl
    asl
    bra shift
shifted:
    ora Shadow + 512,x
    sta Shadow + 512,x
    plx
    rep #$20
    .a16
    lda RowX
    clc
    adc RowStep
    and #$01FF
    sta RowX
    txa
    clc
    adc #4
    tax
    sep #$20
    .a8
    ply
    dey
    phy
    bne next
    ply
    rts
.endproc

; Waits for line 230 (V-blank), then LoadOam.
.proc LoadOamInVblank
    ldx #230
    ldy #0
    jsr WaitForPosition
    jmp LoadOam
.endproc

; Copies Shadow to OAM by DMA in force blank, sets OAMADD from Rotation and turns the display on.
.proc LoadOam
    lda #$80
    sta INIDISP
    stz OAMADDL
    stz OAMADDH
    stz DMAP0               ; one register, A-bus address stepping up
    lda #<OAMDATA
    sta BBAD0
    ldx #Shadow
    stx A1T0L
    stz A1B0
    ldx #544
    stx DAS0L
    lda #$01
    sta MDMAEN
    lda Rotation
    sta OAMADDL
    lda Rotation + 1
    sta OAMADDH
    lda #$0F
    sta INIDISP
    rts
.endproc

.segment "LOWRAM"
ShownFlags: .res 24

.segment "RODATA"
Expected:
    .byte $00, $00, $40, $40, $00   ; 1-5
    .byte $00, $80                  ; 6-7
    .byte $00, $80                  ; 8-9
    .byte $40, $C0                  ; 10-11
    .byte $00, $80                  ; 12-13
    .byte $40, $40, $00             ; 14-16
READS = * - Expected

MACHINE_TEST "TILEPROF SPRITE FLAGS", Main, TestDone, TestDone
