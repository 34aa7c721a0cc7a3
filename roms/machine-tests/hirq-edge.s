; The H-IRQ at a line's last dots (docs/machine.md, Interrupts). The H/V timer counts the dots in
; 4-clock units, the two long dots of a line not lengthening them, so an H-IRQ comes 14 + 4 *
; HTIME master clocks into its line (Anomie's timing document): for HTIME 337-339, past the line's
; 1364 clocks, early in the next line. For HTIME 336 to 339 in turn, the H-IRQ on every line for a
; whole frame, from line 0 to line 0: the IRQs taken, and the counters the handler latched at the
; first of them. Every HTIME gives an IRQ a line.
;
;   check 1-4: HTIME 336-339 took one IRQ each of the frame's 262 lines (the ends of the frame
;              may catch one more or one less, where the wait for line 0 and the IRQ meet)
;
; HTIME 336 and 337 come 1358 and 1362 clocks into their line, 338 and 339 2 and 6 clocks into the
; next. Where the first IRQ's handler latched the counters (FirstH, FirstV) is kept for the
; frame-by-frame comparison with another emulator: the handler's own cycles put it some 85 dots
; later.

.p816

.include "machine_test.inc"
.include "hv_timing.inc"

TIMEUP   = $4211
HVBJOY   = $4212
H_IRQ    = $10              ; NMITIMEN: an IRQ at dot HTIME of every line

FIRST_HTIME = 336
HTIMES      = 4
FRAME_LINES_OF_IRQS = 262

.segment "ZEROPAGE"
IrqCount:   .res 2
Counts:     .res 2 * HTIMES  ; per HTIME, the IRQs of one frame
FirstH:     .res 2 * HTIMES  ; per HTIME, the H and V counters at its first IRQ
FirstV:     .res 2 * HTIMES

.segment "CODE"
.a8
.i16

; The IRQ handler: acknowledges TIMEUP, counts the IRQ, and at the frame's first one latches the
; counters. Taken from Main's waits: A 8-bit, X/Y 16-bit at entry.
.proc Irq
    pha
    phx
    phy
    lda TIMEUP              ; acknowledges the IRQ
    ldx IrqCount
    bne counted
    jsr LatchHV
    stx FirstH + 2 * HTIMES     ; kept apart until Main files them
    sty FirstV + 2 * HTIMES
counted:
    rep #$20
    .a16
    inc IrqCount
    sep #$20
    .a8
    ply
    plx
    pla
    rti
.endproc

; Waits for line 0: the end of a V-blank. Interrupts as the caller has them.
.proc WaitForFrameStart
in_picture:
    bit HVBJOY
    bpl in_picture          ; not yet in V-blank
in_vblank:
    bit HVBJOY
    bmi in_vblank           ; still in it
    rts
.endproc

.proc Main
    ldx #0
    stx VTIMEL              ; VTIMEL and VTIMEH: V-IRQ is off, but bsnes holds back an IRQ in line
                            ; 0 when VTIME is not 0 (docs/machine.md); 0 leaves every line alike
    ldy #0                  ; Y: twice the HTIME's index
next_htime:
    rep #$20
    .a16
    tya
    lsr a
    clc
    adc #FIRST_HTIME
    sta HTIMEL              ; HTIMEL and HTIMEH
    sep #$20
    .a8
    jsr WaitForFrameStart
    ldx #0
    stx IrqCount
    lda #H_IRQ
    sta NMITIMEN
    cli
    jsr WaitForFrameStart   ; a frame of IRQs
    sei
    stz NMITIMEN            ; the timer off, which also drops a pending IRQ
    lda TIMEUP
    ldx IrqCount
    stx Counts,y
    ldx FirstH + 2 * HTIMES
    stx FirstH,y
    ldx FirstV + 2 * HTIMES
    stx FirstV,y
    iny
    iny
    cpy #2 * HTIMES
    bne next_htime

    ldy #0
count_check:
    ldx Counts,y
    cpx #FRAME_LINES_OF_IRQS - 1
    bcc bad_count
    cpx #FRAME_LINES_OF_IRQS + 2
    bcc count_ok
bad_count:
    rep #$20
    .a16
    tya
    lsr a
    inc a                   ; checks 1-4
    tax
    jmp TestFailed
    .a8
count_ok:
    iny
    iny
    cpy #2 * HTIMES
    bne count_check
    rts
.endproc

MACHINE_TEST "TILEPROF H-IRQ EDGE", Main, TestDone, Irq
