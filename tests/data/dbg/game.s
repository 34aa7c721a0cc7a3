; Source of game.dbg, the debug file tests/debug_info_test.cpp reads. The tests name lines of this
; file and of math.inc by number. Regenerate from this directory, so the recorded paths are relative:
;   ca65 --cpu 65816 -g -I ../../../roms/common game.s -o game.o
;   ld65 -C ../../../roms/common/lorom32k.cfg --dbgfile game.dbg -o game.sfc game.o
;   rm game.o game.sfc

.p816
.include "lorom_header.inc"
.include "math.inc"

EntityCount = 4

.segment "LOWRAM"
Positions:  .res EntityCount * 2
Frame:      .res 2
.segment "HIGHRAM"
History:    .res $400

.segment "RODATA"
Speeds:     .byte 1, 2, 3, 4

.segment "CODE"

.scope Util
Tick:
        inc Frame
        rts
Loop:
        bra Loop
.endscope

.proc Reset
        clc
        xce
        rep #$30
        .a16
        .i16
        ldx #0
@next:
        jsr MoveEntity
        inx
        cpx #EntityCount
        bne @next
Loop:
        jsr Util::Tick
        bra Loop
.endproc

.proc MoveEntity
        lda Positions,x
        ADD_SPEED
        sta Positions,x
    .proc Clamp
        cmp #$0100
        bcc @done
        lda #0
@done:
        rts
    .endproc
        jsr Clamp
MovingDown:
@call:
        jsr Double
        rts
.endproc

.proc Halt
    .proc Stop
        stp
    .endproc
.endproc

LOROM_HEADER "TILEPROF DBG TEST", Reset, Halt, Halt, Halt, Halt

.segment "RODATA"
Steps:
    .repeat 2
        .byte 9
    .endrepeat
