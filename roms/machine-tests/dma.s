; DMA: transfer patterns, A-bus stepping, the addresses that do not transfer, and the cost of a
; byte, checked on the machine from reset (machine_test.inc). The timings of two DMAs (H/V
; latches and units, hv_timing.inc) are kept in DmaTimings for frame-by-frame comparison with
; another emulator.

.p816

.include "machine_test.inc"
.include "wram_port_dma.inc"
.include "hv_timing.inc"

M7A     = $211B
M7B     = $211C
MPYL    = $2134

DMA_LINE        = 20
DMA_SYNC_DOT    = 160       ; the first latch after the line's refresh, the second after the next line's

.segment "LOWRAM"
Copy:       .res 16                 ; what the DMAs wrote, through the WRAM port
DmaTimings: .res 2 * TIMING_BYTES   ; a 64-byte and a 128-byte DMA

.segment "RODATA"
Source:     .byte $11, $22, $33, $44, $55, $66, $77, $88, $99, $AA, $BB, $CC, $DD, $EE, $F0, $0F

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

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

    ; 6. A byte costs 8 master clocks (2 units of 4): 128 bytes take 128 units more than 64. Each
    ;    DMA also waits for the 8-clock grid (1-8 clocks) and costs 8 + 8 around its bytes, and
    ;    the bus comes back with the CPU's next 8-clock cycle: 24 or 32 clocks, so +-2 units.
    ;    Both start at the same place in a line, after its refresh, and take the next line's.
    lda #$08
    ldx #Source
    ldy #64
    jsr Measure
    ldy #DmaTimings
    jsr KeepTiming
    lda #$08
    ldx #Source
    ldy #128
    jsr Measure
    ldy #DmaTimings + TIMING_BYTES
    jsr KeepTiming
    rep #$20
    .a16
    lda DmaTimings + TIMING_BYTES + TIMING_UNITS
    sec
    sbc DmaTimings + TIMING_UNITS
    tax
    sep #$20
    .a8
    EXPECT_X_IN 128 - 2, 128 + 2, 10
    rts
.endproc

; A 8-bit: DMAP0 in A; X: A-bus address; Y: byte count, into WMDATA at $7E:2000. Times the DMA
; from DMA_SYNC_DOT of DMA_LINE (StopTiming's Units).
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
    ldx #DMA_LINE
    ldy #DMA_SYNC_DOT
    jsr WaitForPosition
    jsr StartTiming
    nop                     ; 14 clocks: with the 46 below, the code timed stays a multiple of 4
    lda #$01
    sta MDMAEN
    jsr StopTiming
    rts
.endproc

MACHINE_TEST "TILEPROF DMA TEST", Main, TestDone, TestDone
