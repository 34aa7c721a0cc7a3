; The C-style engine's object engine in PVSnesLib's manner (roms/c-engine, tcc.inc): each object's
; update function is reached by pushing its address minus one and executing RTL, the update
; returning with its own RTL to the continuation pushed before it.

.p816

.include "tcc.inc"

.import marioupdate, enemyupdate, marioX, marioY, enemyX, enemyY, enemyDir, scrollX
.export objInitAll, objUpdateAll

OBJ_COUNT    = 2
MARIO_START_X = 40          ; px: column 5 of row 22
ENEMY_START_X = 96
OBJECTS_Y    = 176          ; px: row 22, between the walls at columns 2 and 26

.segment "RODATA"

; The objects' update functions, as the addresses RTL returns to: each one's address minus one.
objUpdaters:
    .word .loword(marioupdate - 1), .loword(enemyupdate - 1)

.segment "LIBOBJ"
.a16                       ; as every function: A and X/Y 16-bit
.i16

; objInitAll(): the objects where the level starts them. A and X/Y 16-bit.
objInitAll:
    lda #MARIO_START_X
    sta marioX
    lda #ENEMY_START_X
    sta enemyX
    lda #OBJECTS_Y
    sta marioY
    sta enemyY
    lda #1
    sta enemyDir
    stz scrollX
    rtl

; objUpdateAll(): every object's update, by RTL dispatch. A and X/Y 16-bit.
objUpdateAll:
    ldx #0
_oua_next:
    phx                     ; the update's argument: the object's index
    phk
    pea .loword(_oua_back - 1)  ; where the update's RTL returns: the continuation, minus one
    sep #$20
    .a8
    lda #^objUpdateAll      ; every update function is in this bank
    pha
    rep #$20
    .a16
    lda f:objUpdaters,x     ; the table is in the ROM's lower half: a long address
    pha
    rtl                     ; "returns" into the update
_oua_back:
    plx
    inx
    inx
    cpx #OBJ_COUNT * 2
    bcc _oua_next
    rtl
