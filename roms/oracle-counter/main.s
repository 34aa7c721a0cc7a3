; The oracle counter ROM: a console program, not a host-called routine. Its NMI handler counts
; frames into work RAM and copies the auto-read joypads there, so a run in another emulator
; (oracle/, tests/libretro_oracle_test.cpp) shows how many NMIs it took and what input it saw.
;
; WRAM, cleared at reset (power-on WRAM is random):
;   $0010-$0011  NMI count
;   $0012-$0013  pad 1 as $4218 read it in the last NMI
;   $0014-$0015  pad 2 as $421A read it in the last NMI
;   $0016-$0017  $1234 once reset has finished its set-up
;   $0018-$0019  the scanline (V counter) the main loop last latched: where a run of frames stopped

.p816
.include "cartridge_header.inc"

NMI_COUNT = $0010
PAD1      = $0012
PAD2      = $0014
READY     = $0016
LAST_V    = $0018

.segment "CODE"

.proc Reset
        sei
        clc
        xce                     ; native mode
        rep #$30
        .a16
        .i16
        ldx #$1FFF
        txs
        lda #$0000
        tcd
        stz NMI_COUNT
        stz PAD1
        stz PAD2
        stz LAST_V
        lda #$1234
        sta READY
        sep #$20
        .a8
        lda #$81                ; NMI at vertical blank, joypads read automatically
        sta $4200
        ; The main loop latches the counters and keeps the scanline, again and again.
Idle:
        lda $213F               ; reset the $213C/$213D read order
        lda $2137               ; latch H and V
        lda $213D
        sta LAST_V
        lda $213D
        and #$01                ; bit 8; the rest is open bus
        sta LAST_V + 1
        bra Idle
.endproc

.proc Nmi
        rep #$30
        .a16
        .i16
        pha
        sep #$20
        .a8
        lda $4210               ; acknowledge the NMI
WaitJoypads:
        lda $4212               ; the automatic read takes the first scanlines of vertical blank
        lsr a
        bcs WaitJoypads
        rep #$20
        .a16
        inc NMI_COUNT
        lda $4218
        sta PAD1
        lda $421A
        sta PAD2
        pla
        rti
.endproc

.proc Halt
        stp
.endproc

CARTRIDGE_HEADER "TILEPROF ORACLE", Reset, Nmi, Halt, Halt, Halt
