; mario.c of the C-style engine (roms/c-engine, tcc.inc), as tcc-816 compiles it: the two objects'
; update functions, which objUpdateAll reaches by pushing their address minus one and executing
; RTL (PVSnesLib's object engine), and the move that asks getCollisionTile for the tile ahead.
;
;   void marioupdate(u16 idx) {
;       if (pad_keys & KEY_RIGHT) moveMario(1);
;       else if (pad_keys & KEY_LEFT) moveMario(-1);
;   }
;   void moveMario(s16 dx) {
;       u16 x = marioX + dx;
;       if (getCollisionTile(x + 4, marioY)) return;       /* a wall ahead */
;       marioX = x;
;       if (marioX < SCROLL_EDGE) return;
;       WaitForVBlank();                                    /* the scroll register only in V-blank */
;       scrollX = marioX - SCROLL_EDGE;
;       REG_BG1HOFS = scrollX; REG_BG1HOFS = scrollX >> 8;
;   }
;   void enemyupdate(u16 idx) {
;       u16 x = enemyX + enemyDir;
;       if (getCollisionTile(x + 4, enemyY)) { enemyDir = -enemyDir; return; }
;       enemyX = x;
;   }

.p816

.include "tcc.inc"

.import getCollisionTile, WaitForVBlank, pad_keys
.export marioupdate, enemyupdate, moveMario, marioX, marioY, enemyX, enemyY, enemyDir, scrollX

BG1HOFS     = $210D
SCROLL_EDGE = 128           ; px: from here on the screen follows the player
PROBE_X     = 4             ; px from an object's left edge: the middle of its 8 px

.segment "LOWRAM"
marioX:     .res 2
marioY:     .res 2
enemyX:     .res 2
enemyY:     .res 2
enemyDir:   .res 2
scrollX:    .res 2

.segment "TEXT_MARIO"
.a16                       ; as every function: A and X/Y 16-bit
.i16

; marioupdate(idx at 4,s). A and X/Y 16-bit.
marioupdate:
    lda pad_keys
    and #PAD_RIGHT
    beq __local_10
    pea 1
    jsl moveMario
    pla
    jmp __local_12
__local_10:
    lda pad_keys
    and #PAD_LEFT
    beq __local_12
    pea $FFFF
    jsl moveMario
    pla
__local_12:
    rtl

; moveMario(dx at 6,s, above its 2 bytes of locals: x at 1,s). A and X/Y 16-bit.
moveMario:
    ENTER_FUNCTION 2
    lda marioX
    clc
    adc 6,s
    sta 1,s
    lda marioY
    pha                     ; getCollisionTile's y
    lda 3,s                 ; x, a word further from S now
    clc
    adc #PROBE_X
    pha                     ; its x
    jsl getCollisionTile
    pla
    pla
    lda tcc__r0
    beq __local_13
    jmp __local_15          ; a wall ahead: the early return
__local_13:
    lda 1,s
    sta marioX
    cmp #SCROLL_EDGE
    bcs __local_14
    jmp __local_15
__local_14:
    jsl WaitForVBlank       ; a busy wait inside this call, every frame the screen scrolls
    lda marioX
    sec
    sbc #SCROLL_EDGE
    sta scrollX
    sep #$20
    .a8
    sta BG1HOFS
    xba
    sta BG1HOFS             ; BG1HOFS takes its two bytes by two writes
    rep #$20
    .a16
__local_15:
    LEAVE_FUNCTION 2
    rtl

; enemyupdate(idx at 6,s, above its 2 bytes of locals: x at 1,s). A and X/Y 16-bit.
enemyupdate:
    ENTER_FUNCTION 2
    lda enemyX
    clc
    adc enemyDir
    sta 1,s
    lda enemyY
    pha
    lda 3,s
    clc
    adc #PROBE_X
    pha
    jsl getCollisionTile
    pla
    pla
    lda tcc__r0
    beq __local_16
    lda #0
    sec
    sbc enemyDir
    sta enemyDir            ; a wall: turn round
    jmp __local_17
__local_16:
    lda 1,s
    sta enemyX
__local_17:
    LEAVE_FUNCTION 2
    rtl
