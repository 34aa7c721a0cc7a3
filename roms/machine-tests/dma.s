; DMA: transfer patterns, A-bus stepping, the addresses that do not transfer, and the cost of a
; byte, checked on the machine from reset (machine_test.inc). The H/V latches around two DMAs
; are kept in DmaLatches for frame-by-frame comparison with another emulator.

.p816

.include "machine_test.inc"
.include "wram_port_dma.inc"

M7A     = $211B
M7B     = $211C
MPYL    = $2134
SLHV    = $2137
OPHCT   = $213C
OPVCT   = $213D
STAT78  = $213F

.segment "ZEROPAGE"
StartH:     .res 2
StartV:     .res 2

.segment "LOWRAM"
Copy:       .res 16         ; what the DMAs wrote, through the WRAM port
DmaLatches: .res 8          ; H and V after a 64-byte and a 128-byte DMA, words

.segment "RODATA"
Source:     .byte $11, $22, $33, $44, $55, $66, $77, $88, $99, $AA, $BB, $CC, $DD, $EE, $F0, $0F

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

; Latches the counters and returns H in X and V in Y (9 bits each).
.proc LatchHV
    lda STAT78              ; resets the OPHCT/OPVCT low/high flip-flops
    lda SLHV
    lda OPHCT
    xba
    lda OPHCT
    and #$01
    xba
    tax
    lda OPVCT
    xba
    lda OPVCT
    and #$01
    xba
    tay
    rts
.endproc

.proc Main
    ; 1. Pattern 0, A-bus increment: Source to Copy.
    ldx #Copy
    jsr SetPort
    lda #$00
    ldx #Source
    ldy #16
    jsr RunChannel0
    ldx #0
check1:
    lda Copy,x
    cmp Source,x
    beq :+
    FAIL 1
:   inx
    cpx #16
    bne check1

    ; 2. A-bus decrement: Source backwards.
    ldx #Copy
    jsr SetPort
    lda #$10
    ldx #Source + 15
    ldy #16
    jsr RunChannel0
    ldx #0
    ldy #15
check2:
    lda Copy,x
    cmp Source,y
    beq :+
    FAIL 2
:   inx
    dey
    bpl check2

    ; 3. A-bus fixed: one byte 4 times; the count register is left at 0.
    ldx #Copy
    jsr SetPort
    lda #$08
    ldx #Source + 3
    ldy #4
    jsr RunChannel0
    lda Copy + 3
    EXPECT_A8 $44, 3
    lda DAS0
    ora DAS0 + 1
    EXPECT_A8 0, 4

    ; 4. B to A, pattern 4: MPYL, MPYM, MPYH and SLHV (open bus: MPYH again). $1234 * $56 = $061D78.
    lda #$34
    sta M7A
    lda #$12
    sta M7A
    lda #$56
    sta M7B
    lda #$84
    sta DMAP0
    lda #<MPYL
    sta BBAD0
    ldx #Copy
    stx A1T0
    stz A1B0
    ldy #4
    sty DAS0
    lda #$01
    sta MDMAEN
    lda Copy
    EXPECT_A8 $78, 5
    lda Copy + 1
    EXPECT_A8 $1D, 6
    lda Copy + 2
    EXPECT_A8 $06, 7
    lda Copy + 3
    EXPECT_A8 $06, 8

    ; 5. The A-bus cannot read the B-bus: from $00:2134, 0 arrives.
    ldx #Copy
    jsr SetPort
    lda #$00
    ldx #MPYL
    ldy #1
    jsr RunChannel0
    lda Copy
    EXPECT_A8 0, 9

    ; 6. A byte costs 8 master clocks (2 dots): 128 bytes take 128 dots more than 64 bytes, give
    ;    or take the start's alignment (up to 2 dots) and a refresh inside one of them (10 dots).
    lda #$08
    ldx #Source
    ldy #64
    jsr Measure
    stx DmaLatches
    lda #$08
    ldx #Source
    ldy #128
    jsr Measure
    stx DmaLatches + 2
    rep #$20
    .a16
    lda DmaLatches + 2
    sec
    sbc DmaLatches
    cmp #128 - 3
    bcc slow
    cmp #128 + 10 + 3 + 1
    bcs slow
    sep #$20
    .a8
    rts
slow:
    FAIL 10
.endproc

; A 8-bit: DMAP0 in A; X: A-bus address; Y: byte count, into WMDATA at $7E:2000. Returns in X the
; dots from a counter latch before the DMA starts to one after it ends.
.proc Measure
    pha
    phx
    ldx #$2000
    jsr SetPort
    plx
    pla
    sta DMAP0
    lda #<WMDATA
    sta BBAD0
    stx A1T0
    stz A1B0
    sty DAS0
    jsr LatchHV
    stx StartH
    sty StartV
    lda #$01
    sta MDMAEN
    jsr LatchHV
    rep #$20
    .a16
    txa
    sec
    sbc StartH
    cpy StartV
    beq :+
    clc
    adc #341                ; the DMA crossed into the next line
:   tax
    sep #$20
    .a8
    rts
.endproc

MACHINE_TEST "TILEPROF DMA TEST", Main, TestDone, TestDone
