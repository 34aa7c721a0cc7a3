; objmove.c of the C-style engine (roms/c-engine, tcc.inc), as tcc-816 compiles it: whether an
; object may take its velocity's step, asked of a collision map in RAM. The game never calls it;
; a test harness does, by JSL, as tcc-816's callers do.
;
;   typedef struct { u16 x, y; s16 xvel, yvel; } t_obj;    /* the 8x8 box's top-left pixel */
;   t_obj objbuffers[OBJ_COUNT];
;   u8 collisionMap[MAP_HEIGHT * MAP_WIDTH];               /* a byte a tile: 0 free, else solid */
;
;   u16 mapSolidAt(u16 x, u16 y) {      /* nonzero when the pixel's tile is solid; off the map: 1 */
;       if (x >= MAP_WIDTH * 8 || y >= MAP_HEIGHT * 8) return 1;
;       return collisionMap[(y / 8) * MAP_WIDTH + x / 8];
;   }
;   u16 objCanMove(u16 idx) {           /* 1 when the moved box overlaps no solid tile; else 0 */
;       u16 x = objbuffers[idx].x + objbuffers[idx].xvel;
;       u16 y = objbuffers[idx].y + objbuffers[idx].yvel;
;       if (mapSolidAt(x, y) || mapSolidAt(x + 7, y)
;           || mapSolidAt(x, y + 7) || mapSolidAt(x + 7, y + 7)) return 0;
;       return 1;
;   }

.p816

.include "tcc.inc"

.export objCanMove, mapSolidAt, objbuffers, collisionMap

OBJ_COUNT  = 4
OBJ_STRIDE = 8              ; bytes: sizeof(t_obj)
OBJ_X      = 0
OBJ_Y      = 2
OBJ_XVEL   = 4
OBJ_YVEL   = 6
BOX_LAST   = 7              ; px from the box's first column (row) to its last: an 8x8 box
MAP_WIDTH  = 32             ; tiles of 8 px
MAP_HEIGHT = 28

.segment "LOWRAM"
objbuffers:     .res OBJ_COUNT * OBJ_STRIDE
collisionMap:   .res MAP_WIDTH * MAP_HEIGHT

.segment "TEXT_OBJMOVE"
.a16                       ; as every function: A and X/Y 16-bit
.i16

; mapSolidAt(x at 4,s, y at 6,s): the tile in tcc__r0, nonzero when solid. A and X/Y 16-bit.
mapSolidAt:
    lda 4,s
    cmp #MAP_WIDTH * 8
    bcs __local_18          ; unsigned: a coordinate that went below 0 is as far out as 256
    lda 6,s
    cmp #MAP_HEIGHT * 8
    bcc __local_19
__local_18:
    lda #1
    sta tcc__r0
    jmp __local_20          ; the early return: off the map is solid
__local_19:
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
    lda f:collisionMap,x    ; a long address, as tcc-816's for a global: right whatever the data bank
    and #$00FF              ; the 16-bit read took the next tile too
    sta tcc__r0
__local_20:
    rtl

; objCanMove(idx at 8,s, above its 4 bytes of locals: x at 1,s, y at 3,s): 1 or 0 in tcc__r0.
; A and X/Y 16-bit.
objCanMove:
    ENTER_FUNCTION 4
    lda 8,s                 ; idx
    asl a
    asl a
    asl a                   ; * OBJ_STRIDE
    tax
    lda f:objbuffers + OBJ_X,x
    clc
    adc f:objbuffers + OBJ_XVEL,x   ; a negative velocity wraps below 0: mapSolidAt finds it off the map
    sta 1,s
    lda f:objbuffers + OBJ_Y,x
    clc
    adc f:objbuffers + OBJ_YVEL,x
    sta 3,s
    ; the top-left corner
    lda 3,s
    pha                     ; mapSolidAt's y, the last argument, pushed first
    lda 3,s                 ; x, a word further from S now
    pha
    jsl mapSolidAt
    pla
    pla
    lda tcc__r0
    beq __local_21
    jmp __local_24
__local_21:
    ; the top-right corner
    lda 3,s
    pha
    lda 3,s
    clc
    adc #BOX_LAST
    pha
    jsl mapSolidAt
    pla
    pla
    lda tcc__r0
    beq __local_22
    jmp __local_24
__local_22:
    ; the bottom-left corner
    lda 3,s
    clc
    adc #BOX_LAST
    pha
    lda 3,s
    pha
    jsl mapSolidAt
    pla
    pla
    lda tcc__r0
    beq __local_23
    jmp __local_24
__local_23:
    ; the bottom-right corner
    lda 3,s
    clc
    adc #BOX_LAST
    pha
    lda 3,s
    clc
    adc #BOX_LAST
    pha
    jsl mapSolidAt
    pla
    pla
    lda tcc__r0
    beq __local_25
__local_24:
    stz tcc__r0
    jmp __local_26          ; the early return: a corner on a solid tile
__local_25:
    lda #1
    sta tcc__r0
__local_26:
    LEAVE_FUNCTION 4
    rtl
