; The block engine's block table: the flags of each block id, and the heights of its slopes.

.include "level.inc"

.segment "RODATA"

; A word per block id, indexed by a level cell (2 * id). Ids without a row here are air.
.proc BlockFlags
    .word 0                                 ; 0: air
    .word BLOCK_SOLID, BLOCK_SOLID, BLOCK_SOLID ; 1-3: ground, brick, stone
    .res 2 * 12, 0                          ; 4-15: air
    .word BLOCK_TOP_ONLY, BLOCK_TOP_ONLY    ; 16-17: wooden bridge, stone ledge
    .res 2 * 14, 0                          ; 18-31: air
    .res 2 * (::SLOPE_LAST - ::SLOPE_FIRST + 1), 0 ; 32-35: slopes, by SlopeHeights
    .res 2 * 28, 0                          ; 36-63: air
.endproc

; For each slope, the floor's height above the block's bottom at each pixel column, left to right.
.proc SlopeHeights
    .word 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16     ; 32: 45 degrees, up to the right
    .word 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1     ; 33: 45 degrees, up to the left
    .word 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8            ; 34: 22.5 degrees, the low half
    .word 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16 ; 35: 22.5 degrees, the high half
.endproc

.export BlockFlags, SlopeHeights
