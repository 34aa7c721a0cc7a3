; main.c of the C-style engine (roms/c-engine, tcc.inc), as tcc-816 compiles it:
;
;   void main(void) {
;       objInitAll();
;       while (1) { WaitForVBlank(); objUpdateAll(); }
;   }
;   u16 getCollisionTile(u16 x, u16 y) {    /* the tile at pixel (x, y); outside the level: solid */
;       if (x >= 256 || y >= LEVEL_HEIGHT * 8) return 1;
;       return LevelMap[(y / 8) * 32 + x / 8];
;   }

.p816

.include "tcc.inc"

.import WaitForVBlank, objInitAll, objUpdateAll, LevelMap

LEVEL_WIDTH  = 32           ; tiles of 8 px
LEVEL_HEIGHT = 28

.segment "TEXT_MAIN"
.a16                       ; as every function: A and X/Y 16-bit
.i16

; A and X/Y 16-bit, as every function's.
main:
    jsl objInitAll
__local_0:
    jsl WaitForVBlank
    jsl objUpdateAll
    jmp __local_0

; getCollisionTile(x at 4,s, y at 6,s): the tile in tcc__r0. A and X/Y 16-bit.
getCollisionTile:
    lda 4,s
    cmp #LEVEL_WIDTH * 8
    bcs __local_1
    lda 6,s
    cmp #LEVEL_HEIGHT * 8
    bcc __local_2
__local_1:
    lda #1
    sta tcc__r0
    jmp __local_3           ; the early return
__local_2:
    and #$FFF8              ; (y / 8) * 8
    asl a
    asl a                   ; (y / 8) * 32
    sta tcc__r9
    lda 4,s
    lsr a
    lsr a
    lsr a
    clc
    adc tcc__r9
    tax
    lda f:LevelMap,x        ; the map is in the ROM's lower half: only a long address reaches it
    and #$00FF
    sta tcc__r0
__local_3:
    rtl

.export main, getCollisionTile
