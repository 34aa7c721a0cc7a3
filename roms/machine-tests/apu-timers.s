; APU timers: an SPC700 program measures timers 0, 1 and 2 against each other and reports what it
; counted on the ports; the S-CPU checks the documented rates and keeps the raw counts in work RAM
; (TimerCounts) for the frame-by-frame comparison with another emulator. Checked on the machine
; from reset (machine_test.inc).
;
; Timers 0 and 1 tick at 8 kHz (every 128 SPC700 cycles), timer 2 at 64 kHz (every 16); a timer's
; 4-bit output counts up once every `target` ticks (target 0 = 256) and clears when read. So over
; n outputs of timer 0, timer 1 outputs n x T0 / T1 times and timer 2 8 x n x T0 / T2 times, T
; being the targets. The program syncs on timer 0's first output after starting all three
; together, then counts the others' outputs over the next n of timer 0:
;   count 0: timer 1, targets 32/64,   n = 16: 16 x 32 / 64       = 8
;   count 1: timer 2, targets 32/64,   n = 16: 8 x 16 x 32 / 64   = 64
;   count 2: timer 1, targets 0/64,    n = 4:  4 x 256 / 64       = 16   (target 0 = 256)
;   count 3: timer 2, targets 0/0,     n = 4:  8 x 4 x 256 / 256  = 32
;   count 4: timer 2's output after 20 outputs unread (5 of timer 0, targets 32/64): 20 & 15 = 4
;   count 5: timer 2's output read again at once: 0 (cleared by the read)
;
; Counts 0-3 may be one over: timer 2's (and 1's) outputs lag timer 0's by up to 112 cycles
; (each timer's first tick after the restart waits for the next edge of its own clock), so the
; clear at the sync may come before the output that goes with timer 0's first.
;
; Checks: 1 the program never reported (port 3 = APU_RESULTS_READY); 2 a read-back request went
; unanswered; 3-8 counts 0-5 off by more than one output (counts 4 and 5 must be exact).

.p816

.include "machine_test.inc"
.include "apu_upload.inc"
.include "spc700.inc"

NMITIMEN = $4200
RDNMI    = $4210

COUNTS   = 6

.segment "LOWRAM"
TimerCounts: .res COUNTS    ; counts 0-5, as read back

; --- The SPC700 program -------------------------------------------------------------------------

; Its variables, in page 0.
Last     = $00              ; the last read-back index answered
Periods  = $01              ; how many timer-0 outputs to count over
Ticks0   = $02              ; outputs counted: timer 0, 1, 2
Ticks1   = $03
Ticks2   = $04
Results  = $10              ; counts 0-5

.segment "RODATA"
TimerProgramImage:
.org $0200
TimerProgram:
    spc_clrp
    spc_mov_x_imm $EF
    spc_mov_sp_x
    spc_mov_dp_imm SPC_CONTROL, $30 ; clear the input latches, unmap the IPL ROM, timers off
    spc_mov_a_imm 0
    spc_mov_dp_a SPC_PORT3          ; not ready
    spc_mov_dp_a Last

    ; Counts 0 and 1: targets 32 (timers 0) and 64 (1 and 2), over 16 outputs of timer 0.
    spc_mov_dp_imm SPC_T0TARGET, 32
    spc_mov_dp_imm SPC_T1TARGET, 64
    spc_mov_dp_imm SPC_T2TARGET, 64
    spc_mov_dp_imm Periods, 16
    spc_call Measure
    spc_mov_dp_dp Results + 0, Ticks1
    spc_mov_dp_dp Results + 1, Ticks2

    ; Counts 2 and 3: target 0 (256) for timers 0 and 2, 64 for timer 1, over 4 outputs.
    spc_mov_dp_imm SPC_T0TARGET, 0
    spc_mov_dp_imm SPC_T2TARGET, 0
    spc_mov_dp_imm Periods, 4
    spc_call Measure
    spc_mov_dp_dp Results + 2, Ticks1
    spc_mov_dp_dp Results + 3, Ticks2

    ; Counts 4 and 5: timer 2's 4-bit output, left unread over 5 outputs of timer 0 (20 of its own).
    spc_mov_dp_imm SPC_T0TARGET, 32
    spc_mov_dp_imm SPC_T2TARGET, 64
    spc_call StartTimers
    spc_mov_a_dp SPC_T2OUT          ; clear it
    spc_mov_y_imm 5
five_periods:
    spc_mov_a_dp SPC_T0OUT
    spc_beq five_periods
    spc_dbnz_y five_periods         ; (targets this long never show 2 outputs between reads)
    ; Timer 2's outputs come up to 112 cycles after timer 0's (each timer's first tick waits for
    ; its own divider's next edge: 0-127 cycles for timer 0, 0-15 for timer 2), so its 20th may
    ; still be on the way: wait some 250 cycles more, well short of its 21st (1024 cycles on).
    spc_mov_y_imm 60
settle:
    spc_dbnz_y settle
    spc_mov_a_dp SPC_T2OUT
    spc_mov_dp_a Results + 4
    spc_mov_a_dp SPC_T2OUT
    spc_mov_dp_a Results + 5
    spc_mov_dp_imm SPC_CONTROL, $00 ; timers off
    APU_ANSWER_READ_BACK Results, Last

; Stops the timers and starts all three again: each restarts from 0 on CONTROL's 0 -> 1 change.
StartTimers:
    spc_mov_dp_imm SPC_CONTROL, $00
    spc_mov_dp_imm SPC_CONTROL, $07
    spc_ret

; With the targets set: starts the timers, waits for timer 0's first output, then counts the
; outputs of all three (Ticks0-2) until timer 0's reach Periods.
Measure:
    spc_call StartTimers
sync:
    spc_mov_a_dp SPC_T0OUT
    spc_beq sync
    spc_mov_a_dp SPC_T1OUT          ; from here on
    spc_mov_a_dp SPC_T2OUT
    spc_mov_a_imm 0
    spc_mov_dp_a Ticks0
    spc_mov_dp_a Ticks1
    spc_mov_dp_a Ticks2
count:
    spc_mov_a_dp SPC_T0OUT
    spc_clrc
    spc_adc_a_dp Ticks0
    spc_mov_dp_a Ticks0
    spc_mov_a_dp SPC_T1OUT
    spc_clrc
    spc_adc_a_dp Ticks1
    spc_mov_dp_a Ticks1
    spc_mov_a_dp SPC_T2OUT
    spc_clrc
    spc_adc_a_dp Ticks2
    spc_mov_dp_a Ticks2
    spc_mov_a_dp Ticks0
    spc_cmp_a_dp Periods
    spc_bcc count
    spc_ret
TimerProgramEnd:
.reloc

TimerProgramUpload:
    APU_PROGRAM TimerProgramImage, TimerProgram, TimerProgramEnd, TimerProgram

; The counts expected, with how far each may be off (a timer's first output may land either side
; of a read that falls on the same cycle).
Expected:   .byte 8, 64, 16, 32, 4, 0
Tolerance:  .byte 1, 1, 1, 1, 0, 0

.segment "CODE"
.a8
.i16

.proc Nmi
    rti
.endproc

.proc Main
    ldx #TimerProgramUpload
    jsr ApuUpload

    lda RDNMI               ; no NMI left pending from before
    lda #$80
    sta NMITIMEN
    ldy #120                ; frames (the program needs ~40)
    jsr ApuAwaitResults
    bcc :+
    FAIL 1
:
    ldx #TimerCounts
    ldy #COUNTS
    jsr ApuReadBack
    bcc :+
    FAIL 2
:

    ; The checks: |count - expected| <= tolerance, check 3 + the count's number.
    ldx #0
check:
    lda TimerCounts,x
    sec
    sbc Expected,x
    bpl :+
    eor #$FF
    inc a                   ; |difference|
:   cmp Tolerance,x
    beq ok
    bcs off
ok: inx
    cpx #COUNTS
    bne check
    rts
off:
    rep #$20
    .a16
    txa
    clc
    adc #3
    tax
    jmp TestFailed
.endproc

MACHINE_TEST "TILEPROF APU TIMERS", Main, Nmi, TestDone
