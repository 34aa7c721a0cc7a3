; The collision tables of seed 002: the article's tile sheet parsed into one collision mask per
; TileCollisionType ("load the texture into memory and parse each of the tiles out into a bool[,]
; collision mask"), here done by the assembler at build time, and the per-type facts the hotspot
; code reads. roms/designs/seed002.toml draws the same masks with the same characters.
;
; CollisionMasks: 8 masks of 32 bytes, in TileCollisionType order (type t at CollisionMasks +
; 32 * t; a map tile's CollisionMap byte is 2 * t). A mask is 16 little-endian words, row 0 (the
; tile's top row) first; in a row's word bit 15 is pixel column 0 (the tile's left column) and bit
; 0 column 15, so that each MASK_ROW below reads like the pixels it makes. A set bit is a filled
; pixel: a hit for every hotspot.

.p816

.include "entity.inc"

; One row of a mask, drawn: 16 characters, '#' a filled pixel and '.' an open one.
.macro MASK_ROW pixels
    .local bits
    .assert .strlen(pixels) = 16, error, "a mask row is 16 pixels"
    bits .set 0
    .repeat 16, column
        .assert .strat(pixels, column) = '#' .or .strat(pixels, column) = '.', error, "a mask pixel is '#' or '.'"
        bits .set bits | ((.strat(pixels, column) = '#') << (15 - column))
    .endrep
    .word bits
.endmacro

.segment "RODATA"

CollisionMasks:

; TileCollisionType 0: EMPTY
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"

; TileCollisionType 1: SOLID
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"

; TileCollisionType 2: GROUND_HALF_SOLID
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "................"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"

; TileCollisionType 3: GROUND_45_LEFT, high on the left
    MASK_ROW "#..............."
    MASK_ROW "##.............."
    MASK_ROW "###............."
    MASK_ROW "####............"
    MASK_ROW "#####..........."
    MASK_ROW "######.........."
    MASK_ROW "#######........."
    MASK_ROW "########........"
    MASK_ROW "#########......."
    MASK_ROW "##########......"
    MASK_ROW "###########....."
    MASK_ROW "############...."
    MASK_ROW "#############..."
    MASK_ROW "##############.."
    MASK_ROW "###############."
    MASK_ROW "################"

; TileCollisionType 4: GROUND_45_RIGHT, high on the right
    MASK_ROW "...............#"
    MASK_ROW "..............##"
    MASK_ROW ".............###"
    MASK_ROW "............####"
    MASK_ROW "...........#####"
    MASK_ROW "..........######"
    MASK_ROW ".........#######"
    MASK_ROW "........########"
    MASK_ROW ".......#########"
    MASK_ROW "......##########"
    MASK_ROW ".....###########"
    MASK_ROW "....############"
    MASK_ROW "...#############"
    MASK_ROW "..##############"
    MASK_ROW ".###############"
    MASK_ROW "################"

; TileCollisionType 5: SOLID_NO_LEFT_CHECK, a SOLID mask
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"

; TileCollisionType 6: SOLID_NO_RIGHT_CHECK, a SOLID mask
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"

; TileCollisionType 7: SOLID_NO_SIDE_CHECKS, a SOLID mask
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"
    MASK_ROW "################"

; The article's Dictionary<TileCollisionType, bool[,]>: each type's mask, as its offset in
; CollisionMasks, indexed by 2 * the type (the CollisionMap byte).
MaskOfType:
    .repeat 8, type
        .word 32 * type
    .endrep

; What each type is to the wall lines and the walk-down loop, indexed by 2 * the type.
TileTypeFlags:
    .word 0                                                     ; EMPTY: no pixel a wall line could hit, so not scanned
    .word WALL_CHECKED_MOVING_RIGHT | WALL_CHECKED_MOVING_LEFT  ; SOLID
    .word WALL_CHECKED_MOVING_RIGHT | WALL_CHECKED_MOVING_LEFT  ; GROUND_HALF_SOLID
    .word SLOPE_TILE                                            ; GROUND_45_LEFT: "completely ignore sloped tiles"
    .word SLOPE_TILE                                            ; GROUND_45_RIGHT
    .word WALL_CHECKED_MOVING_RIGHT                             ; SOLID_NO_LEFT_CHECK: a slope's high end on its right
    .word WALL_CHECKED_MOVING_LEFT                              ; SOLID_NO_RIGHT_CHECK: a slope's high end on its left
    .word 0                                                     ; SOLID_NO_SIDE_CHECKS: slopes on both sides

; Pixel column n's bit in a mask row.
ColumnBit:
    .repeat 16, column
        .word $8000 >> column
    .endrep

.export CollisionMasks, MaskOfType, TileTypeFlags, ColumnBit
