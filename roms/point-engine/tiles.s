; The point engine's tile tables, in ROM: the flags of each tile id and the surfaces of its slopes.

.include "tiles.inc"

.segment "RODATA"

; A byte per tile id.
.proc TileFlags
    .byte 0                                 ; 0 Air
    .byte TF_SOLID                          ; 1 Solid
    .byte TF_SLOPE                          ; 2 SlopeUpRight
    .byte TF_SLOPE                          ; 3 SlopeUpLeft
    .byte TF_SLOPE                          ; 4 SteepUpRight
    .byte TF_SLOPE | TF_LOWER_HALF          ; 5 SteepUpRightBelow
    .byte TF_PLATFORM                       ; 6 Platform
.endproc

; For each slope id from TILE_FIRST_SLOPE on, 16 words, one a pixel column from the left: the
; surface's depth under the top of the slope's top tile, in 1/16 px. A two-tile slope's lower tile
; (TF_LOWER_HALF) holds the same words as the tile above it, which is its top tile.
.proc SlopeDepths
    .word 240, 224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 16, 0 ; 2 SlopeUpRight: row 15 - c
    .word 0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240 ; 3 SlopeUpLeft: row c
    .word 496, 464, 432, 400, 368, 336, 304, 272, 240, 208, 176, 144, 112, 80, 48, 16 ; 4 SteepUpRight: row 31 - 2c
    .word 496, 464, 432, 400, 368, 336, 304, 272, 240, 208, 176, 144, 112, 80, 48, 16 ; 5 SteepUpRightBelow: the same, from the top of the tile above
.endproc

.export TileFlags, SlopeDepths
