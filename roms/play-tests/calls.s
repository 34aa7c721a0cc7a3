; Calls for the in-game call tracker (profiler/engine/ingame) to find, each frame: one leaf routine
; entered every way a game enters code, nested calls, a routine an IRQ interrupts on every line, a
; DMA inside a routine, an NMI handler, a WAI, and the pads read on even frames only.
;
; Each frame, after the NMI's WAI:
;   Leaf by JSR, by JSR (a,x), by a JMP through a dispatcher (a tail call), twice from Outer, and
;   LeafLong by JSL; Spin twice, the first time under an H-IRQ every line; CopyByDma, 256 bytes
;   to VRAM (force blank is on all the time); and on even frames a read of JOY1.
; Built with SLOWED (play-calls-slowed), Leaf is two cycles slower.
; The tests count on the routines' bodies, not on their timing: Leaf always runs the same
; instructions, and Spin's own cycles do not depend on the IRQs.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"

INIDISP  = $2100
VMAIN    = $2115
VMADDL   = $2116
VMDATAL  = $2118
NMITIMEN = $4200
HTIMEL   = $4207
MDMAEN   = $420B
TIMEUP   = $4211
JOY1L    = $4218
DMAP0    = $4300
BBAD0    = $4301
A1T0L    = $4302
A1B0     = $4304
DAS0L    = $4305

NMI_ON      = $80
NMI_AND_HIRQ = $90
IRQ_DOT     = 100         ; the H-IRQ's dot on every line
SPIN_LOOPS  = 2000          ; about 40 lines of Spin
DMA_BYTES   = 256

.segment "ZEROPAGE"
Frames:     .res 2          ; NMIs taken
IrqsTaken:  .res 2
LastPad:    .res 2

.segment "CODE"

; The reset handler: native mode, A 8-bit and X/Y 16-bit from here on.
.proc Reset
    ENTER_NATIVE_MODE
    sep #$20
    .a8
    lda #$80
    sta INIDISP             ; force blank: DMA to VRAM works at any time
    lda #$80
    sta VMAIN
    ldx #IRQ_DOT
    stx HTIMEL
    lda #NMI_ON
    sta NMITIMEN
    cli
Frame:
    wai                     ; the NMI ends it
    jsr Leaf
    ldx #0
    jsr (LeafTable,x)
    jsr Dispatch
    jsr Outer
    jsl LeafLong
    lda #NMI_AND_HIRQ
    sta NMITIMEN            ; an IRQ on every line while Spin runs
    jsr Spin
    lda #NMI_ON
    sta NMITIMEN
    jsr Spin                ; the same, uninterrupted
    jsr CopyByDma
    lda Frames
    lsr a
    bcs Frame               ; odd frames: the pads are not read
    ldx JOY1L
    stx LastPad
    bra Frame
.endproc

LeafTable:  .word .loword(Leaf)

; A 8-bit, X/Y 16-bit: the same ten instructions every time.
.proc Leaf
    ldy #3
loop:
    dey
    bne loop
    nop
.ifdef SLOWED
    nop                     ; play-calls-slowed: two cycles more, for the tests of check and diff
.endif
    rts
.endproc

; A 8-bit, X/Y 16-bit.
.proc LeafLong
    nop
    nop
    rtl
.endproc

; A 8-bit, X/Y 16-bit: a tail call through a jump table.
.proc Dispatch
    ldx #0
    jmp (LeafTable,x)
.endproc

; A 8-bit, X/Y 16-bit: Leaf twice, nested in this call.
.proc Outer
    jsr Leaf
    jsr Leaf
    rts
.endproc

; A 8-bit, X/Y 16-bit: a fixed loop of SPIN_LOOPS iterations.
.proc Spin
    ldx #SPIN_LOOPS
loop:
    dex
    bne loop
    rts
.endproc

; A 8-bit, X/Y 16-bit: DMA_BYTES bytes of ROM to VRAM word 0 by channel 0.
.proc CopyByDma
    stz VMADDL
    stz VMADDL + 1
    lda #$01                ; two registers, write once each: VMDATAL, VMDATAH
    sta DMAP0
    lda #<VMDATAL
    sta BBAD0
    ldx #.loword(Reset)
    stx A1T0L
    stz A1B0
    ldx #DMA_BYTES
    stx DAS0L
    lda #$01
    sta MDMAEN
    rts
.endproc

; Any width: counts the frames.
.proc Nmi
    rep #$20
    inc Frames
    sep #$20
    rti
.endproc

; A 8-bit, X/Y 16-bit (Spin runs so): acknowledges the H-IRQ.
.proc Irq
    pha
    lda TIMEUP
    inc IrqsTaken
    pla
    rti
.endproc

.proc Unused
    rti
.endproc

CARTRIDGE_HEADER "TILEPROF PLAY CALLS", Reset, Nmi, Irq, Unused, Unused
