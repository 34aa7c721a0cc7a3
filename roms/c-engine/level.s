; The C-style engine's level (roms/c-engine): 32 x 28 tiles of 8 px, a byte each, 0 free and 1
; solid: a border, the ground from row 23, and walls at columns 2 and 26 of row 22, where the
; objects walk.

.export LevelMap

LEVEL_WIDTH = 32
WALL_ROW    = 22
GROUND_ROW  = 23
LEVEL_ROWS  = 28

.segment "RODATA"

LevelMap:
.repeat WALL_ROW
    .byte 1
    .res LEVEL_WIDTH - 2, 0
    .byte 1
.endrepeat
    .byte 1, 0, 1
    .res 23, 0
    .byte 1
    .res 4, 0
    .byte 1
.repeat LEVEL_ROWS - GROUND_ROW
    .res LEVEL_WIDTH, 1
.endrepeat
