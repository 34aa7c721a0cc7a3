; Level 1 of the point engine, in ROM: its 64 x 16 map, which the reset copies into LevelMap, the
; player's start and the enemies' records (levels/level1.tmx is the same map for Tiled). A row of
; the map a line, a byte a tile id (tiles.inc): 0 Air, 1 Solid, 2 SlopeUpRight, 3 SlopeUpLeft,
; 4 SteepUpRight, 5 SteepUpRightBelow, 6 Platform.
;
; From the left: the player's start (column 3) on the ground of row 12; a 45-degree hill two tiles
; high (columns 10-16); a ceiling ledge on row 9 (columns 19-22), low enough for a jump's head to
; bump; the steep slope (column 26) onto a plateau (27-29); two platform tiles (30-31), which feet
; walking off the plateau land on; a wall four tiles high (column 34) that no jump clears, which
; closes the player's part; the enemies' part behind it, with a one-tile hill (44-46).

.include "actor.inc"
.include "tiles.inc"

.segment "RODATA"

.proc Level1
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 0
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 1
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 2
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 3
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 4
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 5
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 6
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 7
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 8
    .byte 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 9
    .byte 1,0,0,0,0,0,0,0,0,0,0,2,1,1,1,3,0,0,0,0,0,0,0,0,0,0,4,1,1,1,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 10
    .byte 1,0,0,0,0,0,0,0,0,0,2,1,1,1,1,1,3,0,0,0,0,0,0,0,0,0,5,1,1,1,6,6,0,0,1,0,0,0,0,0,0,0,0,0,2,1,3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 ; row 11
    .byte 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 ; row 12
    .byte 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 ; row 13
    .byte 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 ; row 14
    .byte 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 ; row 15
.endproc
.assert .sizeof(Level1) = MAP_BYTES, error, "Level1 is not 64 x 16 tiles"

; The player's feet: x, y in 12.4.
.proc Level1Start
    .word 48 << 4, 191 << 4         ; column 3's middle, on row 12's ground
.endproc

; The enemies' records, copied into Actors: a walker near the right wall walking right, a crawler
; near the wall of column 34 walking left, and empty slots.
.proc Level1Cast
    .byte KIND_WALKER, DIR_RIGHT
    .word 936 << 4, 191 << 4, 0, 0  ; xPos, yPos, vx, vy
    .byte ON_AIR, 0
    .byte KIND_CRAWLER, DIR_LEFT
    .word 600 << 4, 191 << 4, 0, 0
    .byte ON_AIR, 0
    .res (::ACTOR_COUNT - 2) * .sizeof(::Actor), ::KIND_NONE ; ::, or a name could yet be this scope's: not constant
.endproc
.assert .sizeof(Level1Cast) = ACTOR_COUNT * .sizeof(Actor), error, "Level1Cast is not Actors' size"

.export Level1, Level1Start, Level1Cast
