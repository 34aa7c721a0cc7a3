; Slope heights, one row of 16 per collision type (tile_types.inc), one entry per pixel column.
; Index: collision type | (x & 15). END_SLOPE ($08) falls in SOLID's row.

.segment "RODATA"

; The first solid pixel row of a floor tile at each column, for falling and standing.
; 32 = never solid from above.
.proc TopHeightTable
    .include "top_heights.inc"
.endproc

; The last solid pixel row of a ceiling tile at each column, for rising and ceiling-standing.
.proc BottomHeightTable
    .include "bottom_heights.inc"
.endproc

.export TopHeightTable, BottomHeightTable
