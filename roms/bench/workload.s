; Benchmark workloads W8 and W16 (docs/machine.md, "The benchmark workloads"): the same loop with an 8-bit (W8) or a 16-bit
; (assembled with -D WIDE: W16) accumulator and a 16-bit index. The host puts the data in RAM:
; $10-$11 = $5A,$01 and $0200+i = (37*i + 11) & $FF.

.p816
.include "cartridge_header.inc"

.segment "CODE"

; Entered from reset in emulation mode.
.proc Workload
        clc
        xce                     ; native mode
        rep #$10
        .i16
.ifdef WIDE
        rep #$20
        .a16
.else
        sep #$20
        .a8
.endif
Outer:
        ldx #0
Inner:
        lda z:$10
        adc a:$0200,x           ; a 16-bit index always pays the indexing cycle
        sta a:$0400
        inx
        cpx #$0100
        bne Inner
        bra Outer
.endproc

; Nothing in the workload raises an interrupt; stop the CPU if one ever arrives.
.proc Halt
        stp
.endproc

.ifdef WIDE
CARTRIDGE_HEADER "TILEPROF BENCH W16", Workload, Halt, Halt, Halt, Halt
.else
CARTRIDGE_HEADER "TILEPROF BENCH W8", Workload, Halt, Halt, Halt, Halt
.endif
