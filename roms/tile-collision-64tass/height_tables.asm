; Slope heights, one row of 16 per collision type (tile_types.inc), one entry per pixel column.
; Index: collision type | (x & 15). END_SLOPE ($08) falls in SOLID's row.

    .section rodata

; The first solid pixel row of a floor tile at each column, for falling and standing.
; 32 = never solid from above.
TopHeightTable .proc
    .include "../tile-collision/top_heights.inc"
    .pend

; The last solid pixel row of a ceiling tile at each column, for rising and ceiling-standing.
BottomHeightTable .proc
    .include "../tile-collision/bottom_heights.inc"
    .pend

    .send rodata
