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
;
; With SURFACE_TABLES: the hotspot code reads no mask pixel. The assembler, having parsed the
; masks, also answers from them every question a scan asks of one column of one tile, and the
; tables after TileTypeFlags hold the answers (SurfaceOpenUp, SurfaceOpenDown, SurfaceFilledDown,
; WallRows). Every entry is computed by the macros below from the MASK_ROW lines (and the wall
; lines' from TileTypeFlags too), none typed by hand, so the tables cannot disagree with the
; masks; CollisionMasks stays in the ROM as the masks drawn, MaskOfType and ColumnBit go.

.p816

.include "entity.inc"

TYPES = 8                               ; TileCollisionTypes, each with a mask below

.ifdef SURFACE_TABLES
maskRowsDrawn .set 0
typeFlagsListed .set 0
.endif

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
.ifdef SURFACE_TABLES
    ; The row as a constant too, MASK_<type>_<row>, for the surface tables.
    .ident(.sprintf("MASK_%d_%d", maskRowsDrawn / 16, maskRowsDrawn .mod 16)) = bits
    maskRowsDrawn .set maskRowsDrawn + 1
.endif
.endmacro

; One type's TileTypeFlags word (and with SURFACE_TABLES the constant TYPE_FLAGS_<type>, for
; WallRows).
.macro TYPE_FLAGS flags
    .word flags
.ifdef SURFACE_TABLES
    .ident(.sprintf("TYPE_FLAGS_%d", typeFlagsListed)) = flags
    typeFlagsListed .set typeFlagsListed + 1
.endif
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

.ifndef SURFACE_TABLES
; The article's Dictionary<TileCollisionType, bool[,]>: each type's mask, as its offset in
; CollisionMasks, indexed by 2 * the type (the CollisionMap byte).
MaskOfType:
    .repeat TYPES, type
        .word 32 * type
    .endrep
.endif

; What each type is to the wall lines and the walk-down loop, indexed by 2 * the type.
TileTypeFlags:
    TYPE_FLAGS 0                                                     ; EMPTY: no pixel a wall line could hit, so not scanned
    TYPE_FLAGS WALL_CHECKED_MOVING_RIGHT | WALL_CHECKED_MOVING_LEFT  ; SOLID
    TYPE_FLAGS WALL_CHECKED_MOVING_RIGHT | WALL_CHECKED_MOVING_LEFT  ; GROUND_HALF_SOLID
    TYPE_FLAGS SLOPE_TILE                                            ; GROUND_45_LEFT: "completely ignore sloped tiles"
    TYPE_FLAGS SLOPE_TILE                                            ; GROUND_45_RIGHT
    TYPE_FLAGS WALL_CHECKED_MOVING_RIGHT                             ; SOLID_NO_LEFT_CHECK: a slope's high end on its right
    TYPE_FLAGS WALL_CHECKED_MOVING_LEFT                              ; SOLID_NO_RIGHT_CHECK: a slope's high end on its left
    TYPE_FLAGS 0                                                     ; SOLID_NO_SIDE_CHECKS: slopes on both sides

.ifndef SURFACE_TABLES
; Pixel column n's bit in a mask row.
ColumnBit:
    .repeat 16, column
        .word $8000 >> column
    .endrep

.export CollisionMasks, MaskOfType, TileTypeFlags, ColumnBit
.endif

.ifdef SURFACE_TABLES
.assert maskRowsDrawn = 16 * TYPES .and typeFlagsListed = TYPES, error, "a mask and flags per type"

; The surface tables: for every type, pixel column and row of a tile, where a scan that starts at
; that pixel and goes straight up or down stops within the tile. An entry is a row of the tile,
; 0..15, or NO_ROW ($FFFF, negative) when the scan reaches the tile's edge first and goes on in the
; next tile. Row-major, so that a scan's row is one XBA away from its offset: the word for type t,
; column c, row r is at table + 256 r + 16 c + 2 t (2 t being the CollisionMap byte).
NO_ROW = $FFFF

; Each mask's columns: COLUMN_<type>_<column>, bit r set when the pixel (column, r) is filled.
.repeat TYPES, type
    .repeat 16, column
        columnPixels .set 0
        .repeat 16, row
            maskRow .set .ident(.sprintf("MASK_%d_%d", type, row))
            columnPixels .set columnPixels | (((maskRow >> (15 - column)) & 1) << row)
        .endrep
        .ident(.sprintf("COLUMN_%d_%d", type, column)) = columnPixels
    .endrep
.endrep

; SURFACE_STOPS search, step, wanted: where the scan `search` stops from each pixel, as the
; constants <search>_<type>_<column>_<row>. The scan goes `step` rows at a time (-1 up, 1 down)
; and stops at the first pixel, its starting one included, that is `wanted` (1 filled, 0 open).
; It is the scan's own recurrence: from a pixel it wants it stops there, from any other where it
; stops from the next pixel on its way; the rows are taken from the tile's edge the scan leaves
; by, where it stops nowhere (NO_ROW).
.macro SURFACE_STOPS search, step, wanted
    .repeat TYPES, type
        .repeat 16, column
            stop .set NO_ROW
            .repeat 16, fromEdge
                .if step < 0
                    stopRow .set fromEdge
                .else
                    stopRow .set 15 - fromEdge
                .endif
                .if ((.ident(.sprintf("COLUMN_%d_%d", type, column)) >> stopRow) & 1) = wanted
                    stop .set stopRow
                .endif
                .ident(.sprintf("%s_%d_%d_%d", search, type, column, stopRow)) = stop
            .endrep
        .endrep
    .endrep
.endmacro

; The table of a search's stops, in the row-major order above.
.macro SURFACE_TABLE search
    .repeat 16, row
        .repeat 16, column
            .repeat TYPES, type
                .word .ident(.sprintf("%s_%d_%d_%d", search, type, column, row))
            .endrep
        .endrep
    .endrep
.endmacro

SURFACE_STOPS "OPEN_UP", -1, 0
SURFACE_STOPS "OPEN_DOWN", 1, 0
SURFACE_STOPS "FILLED_DOWN", 1, 1

; FirstOpenUp's: the first open row at or above the row ("search upwards from your hotspot until
; you find an open position").
SurfaceOpenUp:
    SURFACE_TABLE "OPEN_UP"

; FirstOpenDown's: the first open row at or below it (the head dot's way out of a ceiling).
SurfaceOpenDown:
    SURFACE_TABLE "OPEN_DOWN"

; FirstFilledBelow's: the first filled row at or below it ("loop downwards til you find the first
; hit").
SurfaceFilledDown:
    SURFACE_TABLE "FILLED_DOWN"

; WallRows: the rows of a tile (bit r = row r) where a wall line in it meets a filled pixel, first
; for the line tested moving right (at WALL_SIDE_RIGHT), then moving left (WALL_SIDE_LEFT), each
; indexed by 2 * the type; 0 for the types that line does not test (TileTypeFlags). A line covers
; the rows of a tile in one AND with this word. The word is one per type, not per column: every
; column of a type the lines test has the same pixels (each row filled or open across the whole
; tile, asserted here), which also lets a line that hits a tile step back past the tile's edge at
; once, every column of that tile hitting as its own column does.
.macro WALL_ROWS side
    .repeat TYPES, type
        .if .ident(.sprintf("TYPE_FLAGS_%d", type)) & side
            wallRows .set .ident(.sprintf("COLUMN_%d_0", type))
            .repeat 16, column
                .assert .ident(.sprintf("COLUMN_%d_%d", type, column)) = wallRows, error, "wall rows differ by column"
            .endrep
            .word wallRows
        .else
            .word 0
        .endif
    .endrep
.endmacro

WallRows:
    WALL_ROWS WALL_CHECKED_MOVING_RIGHT
    .assert * - WallRows = WALL_SIDE_LEFT, error, "WALL_SIDE_LEFT is the offset of the left half"
    WALL_ROWS WALL_CHECKED_MOVING_LEFT

; A wall line's rows in its top tile (RowsFromRow, by 2 * its top row there: that row to the
; tile's bottom) and in its bottom tile (RowsToRow, by 2 * its bottom row: the tile's top row to
; that one), as WallRows draws rows.
RowsFromRow:
    .repeat 16, row
        .word ($FFFF << row) & $FFFF
    .endrep
RowsToRow:
    .repeat 16, row
        .word $FFFF >> (15 - row)
    .endrep

.export TileTypeFlags
.export SurfaceOpenUp, SurfaceOpenDown, SurfaceFilledDown, WallRows, RowsFromRow, RowsToRow

.endif
