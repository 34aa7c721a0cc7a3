; Slope heights, one row of 16 per collision type (tile_types.inc), one entry per pixel column.
; Index: collision type | (x & 15). END_SLOPE ($08) falls in SOLID's row.

.segment "RODATA"

; The first solid pixel row of a floor tile at each column, for falling and standing.
; 32 = never solid from above.
.proc TopHeightTable
    .byte  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0   ; SOLID, END_SLOPE
    .byte 15, 14, 13, 12, 11, 10,  9,  8,  7,  6,  5,  4,  3,  2,  1,  0   ; DOWN_RIGHT
    .byte  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15   ; DOWN_LEFT
    .byte 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10,  9,  9,  8,  8   ; DOWN_RIGHT_SHORT
    .byte  7,  7,  6,  6,  5,  5,  4,  4,  3,  3,  2,  2,  1,  1,  0,  0   ; DOWN_RIGHT_TALL
    .byte  0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7   ; DOWN_LEFT_TALL
    .byte  8,  8,  9,  9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15   ; DOWN_LEFT_SHORT
    .byte  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0   ; UP_PLATFORM
    .repeat 8
    .byte 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32   ; EMPTY .. UP_LEFT_SHORT
    .endrepeat
.endproc

; The last solid pixel row of a ceiling tile at each column, for rising and ceiling-standing.
.proc BottomHeightTable
    .repeat 7
    .byte 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15   ; SOLID .. DOWN_LEFT_SHORT
    .endrepeat
    .byte  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0   ; UP_PLATFORM
    .byte  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0   ; EMPTY
    .byte 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15   ; DOWN_PLATFORM
    .byte  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15   ; UP_RIGHT
    .byte 15, 14, 13, 12, 11, 10,  9,  8,  7,  6,  5,  4,  3,  2,  1,  0   ; UP_LEFT
    .byte  0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7   ; UP_RIGHT_SHORT
    .byte  8,  8,  9,  9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15   ; UP_RIGHT_TALL
    .byte 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10,  9,  9,  8,  8   ; UP_LEFT_TALL
    .byte  7,  7,  6,  6,  5,  5,  4,  4,  3,  3,  2,  2,  1,  1,  0,  0   ; UP_LEFT_SHORT
.endproc

.export TopHeightTable, BottomHeightTable
