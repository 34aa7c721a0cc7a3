; Reset: where the machine stands when the CPU starts. The first instruction after SEI latches
; the H/V counters; with bsnes v094's reset (186 master clocks before the vector is read) the
; latch samples 186 + 14 (SEI: a SlowROM fetch and an internal cycle) + 24 (three fetches of
; LDA abs) + 2 (a 6-clock read samples 4 clocks before its end) = 226 clocks into line 0 of
; frame 0: dot 56. Written on its own (not machine_test.inc), since nothing may run before.

.p816
.include "cartridge_header.inc"

SLHV    = $2137
OPHCT   = $213C
OPVCT   = $213D

.segment "ZEROPAGE"
TestStatus: .res 2          ; 1 passed, $8001 the latch was not at line 0, dot 56
ResetH:     .res 2
ResetV:     .res 2

.segment "CODE"

.proc Reset
        sei
        lda SLHV                ; the latch: 226 clocks after power-on
        lda OPHCT
        sta ResetH
        lda OPHCT
        and #$01
        sta ResetH + 1
        lda OPVCT
        sta ResetV
        lda OPVCT
        and #$01
        sta ResetV + 1
        clc
        xce
        rep #$30
        .a16
        .i16
        ldx #$1FFF
        txs
        lda ResetV
        bne wrong
        lda ResetH
        cmp #56
        bne wrong
        lda #1
        sta TestStatus
        bra TestDone
wrong:
        lda #$8001
        sta TestStatus
        bra TestDone
.endproc

.proc TestDone
spin:
        bra spin
.endproc

CARTRIDGE_HEADER "TILEPROF RESET TEST", Reset, TestDone, TestDone, TestDone, TestDone
