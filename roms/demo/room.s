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
    SPAWN 168, 40, 6, 6, PLAYER_TOP, PLAYER_HEIGHT, 0, 0
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
; script starts over. One pass takes 720 frames (docs/bundled-roms.md, "The demo game", follows
; the player through it); `tileprof boot --frames 3600` plays it five times.
.proc DemoScript
    .word  40, 0                            ; 0: drop onto the 45-degree slope of column 10
    .word  90, BUTTON_RIGHT                 ; 40: down it, over the 45- and 30-degree peaks
    .word   1, BUTTON_RIGHT | BUTTON_B      ; 130: jump onto the 30-degree hill
    .word  40, BUTTON_RIGHT                 ; 131: up to its END_SLOPE top (column 21)
    .word  20, 0                            ; 171: stand there
    .word 140, BUTTON_RIGHT                 ; 191: down its far side, fall over the gap onto the
                                            ;      block of columns 28-31, walk to the wall
    .word 200, BUTTON_LEFT                  ; 331: off the block onto column 25, down the slopes
                                            ;      of rows 10-12 to the floor, under the one-way
                                            ;      platforms, to the wall of columns 11-12
    .word   1, BUTTON_LEFT | BUTTON_B       ; 531: jump onto it
    .word  50, BUTTON_LEFT                  ; 532: down the 45-degree slopes to column 8's wall
    .word   1, BUTTON_LEFT | BUTTON_B       ; 582: jump over it
    .word 110, BUTTON_LEFT                  ; 583: up the valley's slopes, over columns 4-5,
                                            ;      down onto the floor, up the 30-degree slopes
                                            ;      of columns 1-2 to the left wall
    .word  27, 0                            ; 693: stand until the pass ends (720)
    .word   0                               ; start over
.endproc

.export RoomTiles, RoomMapEntries, RowOffsetTable, TileCollisionTypes, SpawnTable, DemoScript
