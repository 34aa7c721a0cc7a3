; A ROM that misbehaves on purpose, for the machine's robustness rather than its accuracy: for
; PASSES passes it writes pseudo-random values into every register of $2100-$21FF (the PPU, the
; APU's ports, the WRAM port) and $4200-$43FF (NMI and IRQ enables, the H/V timer, MDMAEN and
; HDMAEN, every DMA channel's registers, FastROM), so DMAs and HDMAs start from wherever those
; values point, in either direction, over ROM, WRAM and the registers, for hundreds of frames;
; then it jumps into the APU's ports at $2140 and runs what they read as code, for good. It has no
; verdict (no TestDone): the host checks that the machine keeps running, the same way every time,
; and reports the DMAs' writes into ROM as faults (tests/whole_machine_test.cpp, and ctest's
; `tileprof boot machine-misbehaving`).
;
; The random DMAs may write anywhere in work RAM, so the writing loop keeps its state in the CPU's
; registers (A the LFSR, X the register, Y the passes left) and the data bank stays $00. The
; vectors stay sane: NMI and IRQ return (IRQ after acknowledging the timer, the only source the
; random writes can enable, which would otherwise come straight back; I stays set until the
; port code clears it), and BRK and COP, which the ports' bytes may well hold, start the ports
; over with a fresh stack: the tight loop through the ports.

.p816

.include "cartridge_header.inc"

TIMEUP     = $4211
APU_PORTS  = $002140        ; port 0; ports 0-3 repeat up to $217F

PASSES     = 100
LFSR_SEED  = $ACE1
LFSR_TAPS  = $B400          ; x^16 + x^14 + x^13 + x^11 + 1: a maximal-length Galois LFSR

; A = the LFSR's next state. In: A 16-bit.
.macro NEXT_RANDOM
    .local done
    lsr a
    bcc done
    eor #LFSR_TAPS
done:
.endmacro

.segment "CODE"

; From reset into the ports; never returns.
.proc Reset
    sei
    clc
    xce                     ; native mode
    rep #$38                ; A and X/Y 16-bit, decimal off
    .a16
    .i16
    ldx #$1FFF
    txs                     ; the stack only the interrupts use
    ldy #PASSES
    lda #LFSR_SEED
Pass:
    ldx #$0000
PpuRegister:                ; A 16-bit: $2100+X and $2101+X, so each register gets two values a pass
    NEXT_RANDOM
    sta $2100,x
    inx
    cpx #$0100
    bne PpuRegister
    ldx #$0000
CpuRegister:
    NEXT_RANDOM
    sta $4200,x
    inx
    cpx #$0200
    bne CpuRegister
    dey
    bne Pass
    jml APU_PORTS
.endproc

; NMI: whatever the random writes enabled; back to what ran.
.proc Nmi
    rti
.endproc

; IRQ: only the H/V timer raises it here. Register widths: any (PHA and PLA agree).
.proc Irq
    pha
    lda f:TIMEUP            ; acknowledged, or it would be taken again at once
    pla
    rti
.endproc

; BRK and COP, met in the ports' bytes: the ports again from their start, in native mode with
; A and X/Y 16-bit and the stack reset, so that no lap leaves anything behind.
.proc PortsAgain
    clc
    xce
    rep #$30
    .a16
    .i16
    ldx #$1FFF
    txs
    jml APU_PORTS
.endproc

CARTRIDGE_HEADER "TILEPROF MISBEHAVING", Reset, Nmi, Irq, PortsAgain, PortsAgain
