; RDNMI ($4210) read as its flag rises (docs/machine.md, Interrupts). The flag rises 2 master clocks
; into the first V-blank line and is held through the 4-clock poll it rose in (bsnes: /NMI held
; for four clocks): a read in those clocks sees it set and leaves it set; any later read sees it
; and clears it. For 240 frames, with the NMI off (the flag rises all the same), a loop reads RDNMI
; until its bit 7 is set, then reads it again at once: the second read sees the flag only in the
; frames whose first read fell in the hold. The loop's 52-clock round walks through the frame's
; phase, 24 or 20 clocks a frame, so some frames land there.
;
;   check 1: some frames' second read saw the flag (the hold)
;   check 2: most frames' did not (a read clears it)

.p816

.include "machine_test.inc"

RDNMI  = $4210
FRAMES = 240

.segment "ZEROPAGE"
Held:       .res 2          ; frames whose second read saw the flag
Cleared:    .res 2          ; frames whose second read did not

.segment "CODE"
.a8
.i16

.proc Main
    ldx #FRAMES
frame:
spin:
    lda RDNMI
    bpl spin                ; until the flag is seen
    lda RDNMI
    bpl cleared
    rep #$20
    .a16
    inc Held
    bra next
cleared:
    .a8
    rep #$20
    .a16
    inc Cleared
next:
    sep #$20
    .a8
    dex
    bne frame
    ldx Held
    EXPECT_X_IN 1, FRAMES, 1
    ldx Cleared
    EXPECT_X_IN FRAMES / 2, FRAMES, 2
    rts
.endproc

MACHINE_TEST "TILEPROF RDNMI HOLD", Main, TestDone, TestDone
