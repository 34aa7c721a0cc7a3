; The controller ports, checked on the machine from reset (machine_test.inc) with no button held
; (the frame-by-frame comparison's pads hold none in its first second):
;   1. The auto-joypad read ($4200 bit 0): when HVBJOY ($4212) bit 0 rises and falls, latched
;      right after each (hv_timing.inc), then JOY1-JOY4 ($4218-$421F).
;   2. The serial ports after the read, and through a latch of their own ($4016 bit 0 high, then
;      low): the bits each read shifts out, and the bits that are not the pads'.
;   3. The cost of an access to $4016/$4017 (12 clocks), timed against WRAM (8) and JOY1L (6).
; The latches, timings and every byte read stay in work RAM for the frame-by-frame comparison.
;
; The read's documented timing (docs/machine.md) is Anomie's: it starts 130 clocks into line 225
; and keeps bit 0 set 4224 clocks. bsnes v094 (and tileprof as it, AutoJoypadTiming::Bsnes094, for
; the comparison with it) starts at the first multiple of 256 clocks since power-on in that line
; and keeps it set 4096. The length tells them apart; AutoReadTiming keeps which one ran.
;
; Each poll of bit 0 takes 52 clocks (BIT abs: its read samples 26 clocks in; BEQ taken: 22), and
; the latch after a poll that saw the change samples 168 clocks after that poll's sample (the rest
; of BIT 4, BEQ not taken 16, the calls to the latch 148). So a change at clock T of a line is
; latched at T + 168 to T + 219, and a length L reads as (L +- 51) / 4 units. bsnes v094 takes a
; step of the read at the end of the piece of CPU cycle its 256-clock mark falls in: up to 4 later.

.p816

.include "machine_test.inc"
.include "hv_timing.inc"

JOYSER0  = $4016
JOYSER1  = $4017
HVBJOY   = $4212
JOY1L    = $4218

SYNC_DOT            = 16    ; 78 clocks in: each timing crosses the line's refresh and end alike
SERIAL_READS        = 18    ; 16 buttons and two 1s
ANOMIE              = 1
BSNES_V094          = 2
; The lengths in units with the polls' slack, and where the start is latched (dots of line 225).
ANOMIE_UNITS        = 4224 / 4
BSNES_UNITS         = 4096 / 4
LENGTH_SLACK        = 52 / 4 + 1
ANOMIE_START_FIRST  = (130 + 168) / 4
ANOMIE_START_LAST   = (130 + 219) / 4
BSNES_START_FIRST   = (0 + 168) / 4
BSNES_START_LAST    = (255 + 4 + 219) / 4

.segment "LOWRAM"
AutoRead:       .res TIMING_BYTES       ; 1. latched at bit 0's rise and fall, units between
AutoReadTiming: .res 1                  ; 1. ANOMIE or BSNES_V094
JoyRegisters:   .res 8                  ; 1. JOY1L-JOY4H after the read
AfterRead:      .res 2                  ; 2. $4016 and $4017 after the read
LatchedHigh:    .res 4                  ; 2. $4016, $4017 twice each with the latch high
Serial0:        .res SERIAL_READS       ; 2. $4016 after the latch fell
Serial1:        .res SERIAL_READS       ; 2. $4017
AccessTimings:  .res 5 * TIMING_BYTES   ; 3. 16 accesses each: WRAM, $4016, $4017, $4016 written, JOY1L
Scratch:        .res 1                  ; 3. what the WRAM reads read (absolute: 8-clock reads)

.segment "RODATA"
; With no button held a read gives the open bus bits (the last byte on the bus: LDA abs's operand's
; high byte, $40) over the pad's data bit in bit 0; $4017's bits 2-4 are 1.
ExpectedAfterRead:  .byte $41, $5D                      ; all 16 bits shifted out: 1s
ExpectedLatchHigh:  .byte $40, $5C, $40, $5C            ; B, again and again: nothing shifts
ExpectedSerial0:
    .res 16, $40
    .byte $41, $41
ExpectedSerial1:
    .res 16, $5C
    .byte $5D, $5D

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

; Times the instruction given 16 times over from SYNC_DOT of `line`, and keeps the timing at `record`.
.macro TIME_16 line, record, instruction, operand
    ldx #line
    ldy #SYNC_DOT
    jsr WaitForPosition
    jsr StartTiming
    .repeat 16
    instruction operand
    .endrepeat
    jsr StopTiming
    ldy #record
    jsr KeepTiming
.endmacro

; Fail check n unless access timing `which` took `difference` units more than the WRAM reads.
.macro EXPECT_ACCESS which, difference, check
    .local ok
    rep #$20
    .a16
    lda AccessTimings + which * TIMING_BYTES + TIMING_UNITS
    sec
    sbc AccessTimings + TIMING_UNITS
    cmp #difference & $FFFF
    sep #$20
    .a8
    beq ok
    FAIL check
ok:
.endmacro

.proc Main
    ; 1. The auto-joypad read, from line 0 of the first frame to its end in V-blank.
    lda #$01                ; also BIT's mask: bit 0
    sta NMITIMEN            ; auto-joypad read on; no NMI, no IRQ
wait_busy:
    bit HVBJOY
    beq wait_busy
    jsr StartTiming
    lda #$01
wait_done:
    bit HVBJOY
    bne wait_done
    jsr StopTiming
    stz NMITIMEN            ; no more reads: the rest drives the pads itself
    ldy #AutoRead
    jsr KeepTiming
    ldx #0
joy_register:
    lda JOY1L,x
    sta JoyRegisters,x
    inx
    cpx #8
    bne joy_register
    ldx StartV
    EXPECT_X_IN 225, 225, 1
    ldx Units
    cpx #ANOMIE_UNITS - LENGTH_SLACK
    bcc bsnes_length
    EXPECT_X_IN ANOMIE_UNITS - LENGTH_SLACK, ANOMIE_UNITS + LENGTH_SLACK, 2
    lda #ANOMIE
    sta AutoReadTiming
    ldx StartH
    EXPECT_X_IN ANOMIE_START_FIRST, ANOMIE_START_LAST, 3
    bra timing_known
bsnes_length:
    EXPECT_X_IN BSNES_UNITS - LENGTH_SLACK, BSNES_UNITS + LENGTH_SLACK, 2
    lda #BSNES_V094
    sta AutoReadTiming
    ldx StartH
    EXPECT_X_IN BSNES_START_FIRST, BSNES_START_LAST, 3
timing_known:
    ldx #0
no_buttons:
    lda JoyRegisters,x      ; no button, and a standard pad's signature (JOY1L bits 0-3) is 0
    EXPECT_A8 0, 4
    inx
    cpx #8
    bne no_buttons

    ; 2. The serial ports: the read left the pads latched and clocked 16 times.
    lda JOYSER0
    sta AfterRead
    lda JOYSER1
    sta AfterRead + 1
    EXPECT_BYTES AfterRead, ExpectedAfterRead, 2, 5
    lda #$01
    sta JOYSER0             ; latch high: the pads reload and show B
    lda JOYSER0
    sta LatchedHigh
    lda JOYSER1
    sta LatchedHigh + 1
    lda JOYSER0
    sta LatchedHigh + 2
    lda JOYSER1
    sta LatchedHigh + 3
    stz JOYSER0             ; latch low: each read shifts the next button out
    ldx #0
serial_read:
    lda JOYSER0
    sta Serial0,x
    lda JOYSER1
    sta Serial1,x
    inx
    cpx #SERIAL_READS
    bne serial_read
    EXPECT_BYTES LatchedHigh, ExpectedLatchHigh, 4, 6
    EXPECT_BYTES Serial0, ExpectedSerial0, SERIAL_READS, 7
    EXPECT_BYTES Serial1, ExpectedSerial1, SERIAL_READS, 8

    ; 3. 16 accesses each, 8 clocks of opcode and operand fetches, then the access: WRAM 8,
    ;    $4016/$4017 12 (4 more a read, 1 unit), JOY1L 6 (2 less).
    TIME_16 20, AccessTimings + 0 * TIMING_BYTES, lda, Scratch
    TIME_16 40, AccessTimings + 1 * TIMING_BYTES, lda, JOYSER0
    TIME_16 60, AccessTimings + 2 * TIMING_BYTES, lda, JOYSER1
    TIME_16 80, AccessTimings + 3 * TIMING_BYTES, stz, JOYSER0
    TIME_16 100, AccessTimings + 4 * TIMING_BYTES, lda, JOY1L
    EXPECT_ACCESS 1, 16, 9
    EXPECT_ACCESS 2, 16, 10
    EXPECT_ACCESS 3, 16, 11
    EXPECT_ACCESS 4, -8, 12
    rts
.endproc

MACHINE_TEST "TILEPROF JOYPAD TEST", Main, TestDone, TestDone
