; The demo game's room and cast, in ROM: the reference "Tile Collision Test" room (the 32 x 14 map
; of roms/tile-collision/scenarios/walkthrough-12x24.toml, untech-collision.md section 7, every
; tile type) in the scenario's own legend, the collision type of each tile id, where each entity
; starts, and the demo mode's input script.

.p816

.include "demo.inc"
.include "../tile-collision/tile_types.inc"

.segment "RODATA"

; Sets tileId to the id (demo.inc) of legend character `char`.
.macro TILE_ID_OF char
    .if char = '.'
        tileId .set TILE_ID_EMPTY
    .elseif char = '#'
        tileId .set TILE_ID_SOLID
    .elseif char = '='
        tileId .set TILE_ID_END_SLOPE
    .elseif char >= 'A' .and char <= 'F'
        tileId .set TILE_ID_A + char - 'A'
    .elseif char = '^'
        tileId .set TILE_ID_UP_PLATFORM
    .elseif char = 'v'
        tileId .set TILE_ID_DOWN_PLATFORM
    .elseif char >= 'a' .and char <= 'f'
        tileId .set TILE_ID_a + char - 'a'
    .else
        .error "not a tile of the legend"
    .endif
.endmacro

; One row's tile ids, then one row's BG1 map entries (the first character of the id's picture,
; palette 0, priority 0).
.macro TILE_ID_ROW row
    .repeat .strlen(row), i
        TILE_ID_OF {.strat(row, i)}
        .byte tileId
    .endrepeat
.endmacro
.macro MAP_ENTRY_ROW row
    .repeat .strlen(row), i
        TILE_ID_OF {.strat(row, i)}
        .word CHAR_OF_TILE(tileId)
    .endrepeat
.endmacro

; The room, row by row, ROOM_WIDTH tiles a row, for `emit` to lay out.
.macro ROOM emit
    ;     0         1         2         3
    ;     01234567890123456789012345678901
    emit "################################"  ;  0
    emit "#f..............v..........#...#"  ;  1
    emit "#..........................#...#"  ;  2
    emit "#....A=B...........CD=EF......A#"  ;  3
    emit "#...A=#=B.ABCDEF.CD=###=EF...A=#"  ;  4
    emit "#..#######################...###"  ;  5
    emit "#...a=#=b.abcdef.cd=###=ef.....#"  ;  6
    emit "#....a=b...........cd=ef.......#"  ;  7
    emit "#...........................####"  ;  8
    emit "#............^^^.vvv........cd=#"  ;  9
    emit "#..............^^^.....A=#....a#"  ; 10
    emit "#...#=B.#.A=#..^^^...CD==#.....#"  ; 11
    emit "#EF.##=B#A=##..^^^.CD====#....C#"  ; 12
    emit "################################"  ; 13
.endmacro

; Row-major tile ids: what the boot copies to MapData.
RoomTiles:
    ROOM TILE_ID_ROW
RoomTilesEnd:
.assert RoomTilesEnd - RoomTiles = ROOM_WIDTH * ROOM_HEIGHT, error, "the room is not 32 x 14"

; The same room as BG1's map entries: the map's first 14 rows, 32 entries each like the room.
RoomMapEntries:
    ROOM MAP_ENTRY_ROW

; MapRowOffsets' contents: row n's first tile, n * ROOM_WIDTH, for all 256 rows it holds.
RowOffsetTable:
    .repeat 256, row
        .word row * ROOM_WIDTH
    .endrepeat

; CollisionMap's contents: each tile id's collision type (tile_types.inc), EMPTY for the ids the
; room does not use.
.proc TileCollisionTypes
    .byte TILE_EMPTY, TILE_SOLID, TILE_END_SLOPE
    .byte TILE_DOWN_RIGHT_SLOPE, TILE_DOWN_LEFT_SLOPE, TILE_DOWN_RIGHT_SHORT_SLOPE
    .byte TILE_DOWN_RIGHT_TALL_SLOPE, TILE_DOWN_LEFT_TALL_SLOPE, TILE_DOWN_LEFT_SHORT_SLOPE
    .byte TILE_UP_PLATFORM, TILE_DOWN_PLATFORM
    .byte TILE_UP_RIGHT_SLOPE, TILE_UP_LEFT_SLOPE, TILE_UP_RIGHT_SHORT_SLOPE
    .byte TILE_UP_RIGHT_TALL_SLOPE, TILE_UP_LEFT_TALL_SLOPE, TILE_UP_LEFT_SHORT_SLOPE
    .res 256 - ::TILE_IDS, ::TILE_EMPTY
.endproc
.assert .sizeof(TileCollisionTypes) = 256, error, "one collision type per tile id"

; Where each entity starts, one record a slot: x and y in room pixels (the entity's origin, the
; centre of its box), the hitbox (left, right, -top, height) and, for walkers, the walking speed
; as a 16.16 word pair (fraction, integer; negative walks left).
.macro SPAWN px, py, left, right, top, height, speedFraction, speedInteger
    .word ORIGIN + (px), ORIGIN + (py), left, right, .loword(-(top)), height
    .word speedFraction, .loword(speedInteger)
.endmacro

.proc SpawnTable
    ; the player: untech's 12x24 box, dropped onto the 45-degree slope of row 4, column 10
    SPAWN 168, 24, 6, 6, 12, 24, 0, 0
    ; a walker on the upper floor, column 16, walking right at 0.75 px a frame
    SPAWN 264, 40, 6, 6, 8, 16, $C000, 0
    ; a walker in the lower area, over the UP_PLATFORM blocks, walking left at 1 px a frame
    SPAWN 232, 120, 6, 6, 8, 16, 0, -1
    ; a walker in the lower left valley (columns 1-3), walking right at 0.5 px a frame
    SPAWN 40, 150, 6, 6, 8, 16, $8000, 0
.endproc
.assert .sizeof(SpawnTable) = ENTITY_COUNT * SPAWN_RECORD_BYTES, error, "one spawn record a slot"

; The demo mode's input, played while JOY1 reads 0: (frames, buttons) pairs of words, in $4218's
; layout, ended by a frame count of 0, at which the player is put back at its start and the
; script starts over. One pass takes 600 frames: the player lands on the 45-degree slope,
; walks right down it and over the 45- and 30-degree peaks of row 4, jumps onto the flat column
; 16 and over the 30-degree hill, runs down its far side and falls through the gap of columns
; 26-28 into the lower area's right-hand pocket, where it jumps at the wall of column 25.
.proc DemoScript
    .word  40, 0                            ; land on the slope
    .word  60, BUTTON_RIGHT                 ; down the slope, up and down the 45-degree peak
    .word  30, BUTTON_RIGHT                 ; up and down the 30-degree peak
    .word   1, BUTTON_RIGHT | BUTTON_B      ; jump onto column 16
    .word  40, BUTTON_RIGHT
    .word  20, 0                            ; stand
    .word  80, BUTTON_RIGHT                 ; up the 30-degree hill, across its top, down its far side
    .word  60, BUTTON_RIGHT                 ; over the gap's edge: fall into the lower area
    .word  30, 0
    .word   1, BUTTON_LEFT | BUTTON_B       ; jump at the wall of column 25
    .word  60, BUTTON_LEFT
    .word   1, BUTTON_LEFT | BUTTON_B
    .word  60, BUTTON_LEFT
    .word  60, BUTTON_RIGHT
    .word 117, 0                            ; stand still until the pass ends
    .word   0                               ; start over
.endproc

.export RoomTiles, RoomMapEntries, RowOffsetTable, TileCollisionTypes, SpawnTable, DemoScript
