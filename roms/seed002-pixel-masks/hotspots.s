; MoveEntityAndCollide: seed 002's platformer collision ("Tile Collisions, Slopes & You",
; ../shared/seeds/002_694ec0cafaaca8f1.txt). Every tile type has a 16x16 collision mask (a filled
; pixel blocks); a point is tested by finding the type of the tile it lies in and reading that
; pixel of the type's mask (collision_tables.s). The entity is tested at a few points only, its
; hotspots, never as a box:
;
;   - the ground hotspot, the pixel under the box's bottom row in the origin's column (the
;     article's red point "below the player's feet"): filled = on the ground;
;   - the wall lines, the box's left and right columns over all its rows (the green lines), the
;     leading one tested after a horizontal move, skipping slope tiles and the flagged solids
;     beside them;
;   - the head dot, the pixel over the box's top row in the origin's column (the yellow dot).
;
; Why these places: the ground hotspot right under the feet makes "filled" mean "touching the
; ground", so an entity at rest finds it filled every frame without sinking into the floor; in the
; origin's column it follows a slope's surface under the entity's middle while the box's lower
; corners sink into the slope on the uphill side (which the wall lines allow by ignoring slopes).
; The head dot is its mirror. The wall lines are the box's own edge columns, so a wall they stop is
; never inside the box; they span the box's rows and no more, so the floor under the feet (the
; ground hotspot's row) is never a wall.
;
; One call, X before Y as the article separates them:
;   1. X: move by the x velocity, then test the leading wall line; while it hits, step back one
;      pixel (the state's RIGHT or LEFT bit; the velocity and subpixel are cleared). The article
;      says where the wall lines are, not what to do when one hits: stepping back is ours.
;   2. Y: move by the y velocity. Rising: if the head dot is filled, move down to the first open
;      row under the ceiling (UP). Otherwise, if the ground hotspot is filled, "search upwards
;      from your hotspot until you find an open position" and rest the feet there (DOWN): this is
;      landing, standing and walking up a slope alike. If it is open and the entity is still
;      walking (it stood last call) on a slope, "loop downwards til you find the first hit" and
;      rest on it (DOWN). Else it falls.
;
; The article's quirks, kept:
;   - Points, not a box: a box whose origin column is over a gap falls past a ledge under its
;     other columns and stands inside it, and one rising with a corner under a ceiling goes into
;     it ("You'll obviously need some extra checks for when you're walking off cliffs or other
;     situations"; scenarios ledge-corner and jump-ceiling). A wall line that starts inside such a
;     ledge pushes the box back out the way it came (by our wall resolution, below).
;   - A slope tile is never a wall: its high side facing a lower floor is climbed in one frame by
;     the search upwards, however tall (the placement rules keep flagged solids off a slope's low
;     side for that reason).
;   - The search upwards is unbounded ("search upwards from your hotspot until you find an open
;     position"), and the vertical scans test pixel by pixel.
;
; Where this departs from the article or fills in what it leaves open, each for a reason given
; where the code is:
;   - Wall resolution, of which the article says nothing: the wall line is tested again after each
;     pixel it steps the box back, the simplest resolution that keeps the article's pixel tests.
;   - The walk-down test also accepts the slope tile the entity stood on before the move, not only
;     the tile its hotspot is in now, and the loop looks 16 pixels down at most (WalkDown).
;   - Map pre-processing is the map author's (the design's placement rules), not the ROM's.
;
; The ROM's layout: the entity is the direct page (entity.inc: 16.16 positions and velocities, the
; hitbox as left, right, -top and height, the state's bits); the map is row-major tile ids in
; MapData, a tile's row found through MapRowOffsets (one word per row, written with the map: no
; multiply), and CollisionMap turns a tile id into 2 * its TileCollisionType, the index of the
; per-type tables. Positions are map pixels from (0, 0). The routine moves the entity and sets
; its state itself; the host adds gravity and sets the walk speed between calls.
;
; Speed without changing what is tested: the scans step through the mask rows of one tile and
; look the tile up again only when they cross into the next; the wall lines skip a whole tile whose
; type they do not test (EMPTY has no pixel to hit, so skipping it changes nothing).
;
; With SURFACE_TABLES: no scan reads a mask pixel, and the wall lines no longer step back one
; pixel at a time. The assembler, which parses the masks, also answers from them every question a
; scan asks of one column of one tile (collision_tables.s): SurfaceOpenUp holds the first open row
; at or above a row, SurfaceOpenDown the first open row at or below it, SurfaceFilledDown the
; first filled one at or below it, each as a row of that tile or NO_ROW when the pixel loop would
; run off the tile's edge. So each scan is one lookup per tile where it tested pixel after pixel,
; and goes on into the next tile exactly when the loop would, unbounded as before. The walk-down
; loop's 16 rows are the rest of the hotspot's tile and the tile below down to the same row: two
; lookups at most, the second kept to the rows left as the loop's count keeps it, so its 16-row
; limit stays. The wall lines AND a tile's WallRows word, the rows where the line meets a filled
; pixel (0 for the types it skips: EMPTY, the slopes, the flagged solids beside them), with the
; rows the box covers in that tile. One word per type, not per column, is exact because every type
; a line tests is filled or open across whole rows (collision_tables.s asserts it); and for that
; reason, when the line hits a tile, the faithful loop's next steps back would each test the same
; tiles over the same rows with the same answer until the line left that tile's column, so the box
; goes at once to where the line is just outside it, and is tested there. The entity ends as the
; pixel steps leave it (position, zeroed subpixel and x velocity, the RIGHT or LEFT bit), and every
; quirk above stays: only their cost changes.

.p816

.include "entity.inc"

.import CollisionMap, MapData, MapRowOffsets, MapBytesPerRow
.ifdef SURFACE_TABLES
.import TileTypeFlags, SurfaceOpenUp, SurfaceOpenDown, SurfaceFilledDown, WallRows
.import RowsFromRow, RowsToRow
.else
.import CollisionMasks, MaskOfType, TileTypeFlags, ColumnBit
.endif

.segment "CODE"

; scanTileX and scanBit = the map column and the mask bit of the pixel column in A; with
; SURFACE_TABLES scanColumn (16 * the column in its tile) instead of scanBit. A16, I16.
.macro SET_COLUMN
    tay
    lsr
    lsr
    lsr
    lsr
    sta z:Entity::scanTileX
    tya
.ifdef SURFACE_TABLES
    asl
    asl
    asl
    asl
    and #$00F0
    sta z:Entity::scanColumn
.else
    and #$000F
    asl
    tax
    lda f:ColumnBit, x
    sta z:Entity::scanBit
.endif
.endmacro

; A = X = tileIndex = the map index of the tile holding pixel row A in the scan's column. A16, I16.
.macro TILE_INDEX
    lsr
    lsr
    lsr
    and #$FFFE                          ; 2 * the map row: MapRowOffsets' index
    tax
    lda a:.loword(MapRowOffsets), x
    clc
    adc z:Entity::scanTileX
    sta z:Entity::tileIndex
    tax
.endmacro

; A = X = 2 * the TileCollisionType of map tile X. A16, I16.
.macro TYPE_AT_X
    lda a:.loword(MapData), x           ; 16-bit read: the next tile comes along in the high byte
    and #$00FF
    tax
    lda a:.loword(CollisionMap), x
    and #$00FF
    tax
.endmacro

; X = the offset in CollisionMasks of the mask row that holds pixel row A, in the mask of type X
; (2 * the type); Y = the row within the tile. A16, I16.
.macro MASK_OFFSET
    and #$000F
    tay
    asl                                 ; clears the carry: the row is under 16
    adc f:MaskOfType, x                 ; the Dictionary<TileCollisionType, bool[,]> lookup
    tax
.endmacro

; A scan goes on in the tile below: row = that tile's top row, tileIndex and X = its index. A16.
.macro TILE_BELOW
    lda z:Entity::row
    ora #$000F
    inc a
    sta z:Entity::row                   ; the top row of the tile below
    lda z:Entity::tileIndex
    clc
    adc a:.loword(MapBytesPerRow)
    sta z:Entity::tileIndex
    tax
.endmacro

; A scan goes on in the tile above: row = that tile's bottom row, tileIndex and X = its index. A16.
.macro TILE_ABOVE
    lda z:Entity::row
    ora #$000F
    sec
    sbc #16
    sta z:Entity::row                   ; the bottom row of the tile above
    lda z:Entity::tileIndex
    sec
    sbc a:.loword(MapBytesPerRow)
    sta z:Entity::tileIndex
    tax
.endmacro

; A = the pixel row Y stands for in the tile whose scan started at `row`: row's tile, Y's row in it.
.macro ROW_OF_Y
    tya
    ROW_IN_SCAN_TILE
.endmacro

; A = row A (0..15) of the tile the scan's `row` is in.
.macro ROW_IN_SCAN_TILE
    eor z:Entity::row
    and #$000F
    eor z:Entity::row
.endmacro

.ifdef SURFACE_TABLES
; A = the entry of surface table `table` (collision_tables.s) for the type scanType, the scan's
; column and the row of `row` in its tile: a row of that tile, or NO_ROW (N set). A16, I16.
.macro SURFACE_ENTRY table
    lda z:Entity::row
    and #$000F
    xba                                 ; 256 * the row in its tile: the table's row
    ora z:Entity::scanColumn
    ora z:Entity::scanType
    tax
    lda f:table, x
.endmacro

; A = the rows of map tile Y a wall line tests when moving the wallSide way (WallRows: bit r = row
; r), Z set when none. A16, I16.
.macro WALL_ROWS_AT_Y
    .local done
    lda a:.loword(MapData), y           ; 16-bit read: the next tile comes along in the high byte
    and #$00FF
    tax
    lda a:.loword(CollisionMap), x
    and #$00FF
    beq done                            ; EMPTY, the type most tiles a line crosses are: no rows
    ora z:Entity::wallSide              ; the line's half of WallRows
    tax
    lda f:WallRows, x
done:
.endmacro
.endif

; In: A16, I16, D = the entity, DB = $7E. Out: the entity moved, its collisionState set.
.proc MoveEntityAndCollide
    .a16
    .i16
    lda z:Entity::collisionState
    sta z:Entity::oldState
    stz z:Entity::collisionState
    lda z:Entity::xPosition + 2
    sta z:Entity::oldX
    lda z:Entity::yPosition + 2
    sta z:Entity::oldY

    ; "Separate your horizontal movement collision checks from the vertical": X first.
    lda z:Entity::xVelocity
    ora z:Entity::xVelocity + 2
.ifdef SURFACE_TABLES
    bne XAxis
    jmp YAxis                           ; past wall lines out of a branch's reach
XAxis:
.else
    beq YAxis
.endif
    clc
    lda z:Entity::xPosition
    adc z:Entity::xVelocity
    sta z:Entity::xPosition
    lda z:Entity::xPosition + 2
    adc z:Entity::xVelocity + 2
    sta z:Entity::xPosition + 2

    ; The wall lines' rows, the same for every column a line is tested in.
    lda z:Entity::yPosition + 2
    clc
    adc z:Entity::hitboxYOffset         ; the box's top row
    tay
    lsr
    lsr
    lsr
    and #$FFFE
    tax
    lda a:.loword(MapRowOffsets), x
    sta z:Entity::lineRowOffset         ; the map index of the top row's first tile
    tya
    and #$000F                          ; the top row within its tile
.ifdef SURFACE_TABLES
    asl
    tax
    lda f:RowsFromRow, x
    sta z:Entity::lineFirstRows         ; that row to the tile's bottom
    txa
    lsr                                 ; the top row again, and the carry clear (bit 0 was 0)
.else
    sta z:Entity::lineFirstRow
    clc
.endif
    adc z:Entity::hitboxHeight
    dec a                               ; the bottom row, counted from the top row's tile
    tay
    lsr
    lsr
    lsr
    lsr
    sta z:Entity::lineTiles             ; the tiles under the top row's that the line reaches
    tya
    and #$000F                          ; the bottom row within its tile
.ifdef SURFACE_TABLES
    asl
    tax
    lda f:RowsToRow, x
    sta z:Entity::lineLastRows          ; the tile's top row to that row
    ldx z:Entity::lineTiles
    bne LineRowsSet
    and z:Entity::lineFirstRows
    sta z:Entity::lineFirstRows         ; one tile: its rows end at the bottom row too
LineRowsSet:
.else
    sta z:Entity::lineLastRow
.endif

    lda z:Entity::xVelocity + 2
    bmi MovingLeft

    lda #WALL_SIDE_RIGHT
    sta z:Entity::wallSide
RightLine:
    lda z:Entity::xPosition + 2
    clc
    adc z:Entity::hitboxRight
    dec a                               ; the box's right column
    jsr WallLineHits
    bcc YAxis
.ifdef SURFACE_TABLES
    lda z:Entity::lineColumn
    and #$FFF0                          ; the hit tile's left column: the line goes just left of it
    sec
    sbc z:Entity::hitboxRight
    sta z:Entity::xPosition + 2
.else
    dec z:Entity::xPosition + 2         ; one pixel back, and test the line there
.endif
    stz z:Entity::xPosition
    stz z:Entity::xVelocity
    stz z:Entity::xVelocity + 2
    lda #COLLISION_RIGHT
    tsb z:Entity::collisionState
    bra RightLine

MovingLeft:
    lda #WALL_SIDE_LEFT
    sta z:Entity::wallSide
LeftLine:
    lda z:Entity::xPosition + 2
    sec
    sbc z:Entity::hitboxLeft            ; the box's left column
    jsr WallLineHits
    bcc YAxis
.ifdef SURFACE_TABLES
    lda z:Entity::lineColumn
    ora #$000F                          ; the hit tile's right column, and 1 in the carry:
    sec
    adc z:Entity::hitboxLeft
    sta z:Entity::xPosition + 2         ; the line just right of it
.else
    inc z:Entity::xPosition + 2
.endif
    stz z:Entity::xPosition
    stz z:Entity::xVelocity
    stz z:Entity::xVelocity + 2
    lda #COLLISION_LEFT
    tsb z:Entity::collisionState
    bra LeftLine

YAxis:
    clc
    lda z:Entity::yPosition
    adc z:Entity::yVelocity
    sta z:Entity::yPosition
    lda z:Entity::yPosition + 2
    adc z:Entity::yVelocity + 2
    sta z:Entity::yPosition + 2
    lda z:Entity::xPosition + 2
    SET_COLUMN                          ; both hotspots are in the origin's column
    bit z:Entity::yVelocity + 2
    bmi HeadCheck

    lda z:Entity::hitboxHeight
    clc
    adc z:Entity::hitboxYOffset
    sta z:Entity::footOffset            ; the ground hotspot's rows under the origin
    clc
    adc z:Entity::yPosition + 2         ; the row under the box: the ground hotspot
    sta z:Entity::hotspotRow
    jsr FirstOpenUp
    cmp z:Entity::hotspotRow
    bne Standing

    ; The hotspot is open. "For moving down slopes, check if you're still in the walking state,
    ; and if your hotspot is in a slope tile": walking is having stood last call (a jump takes the
    ; rising path).
    lda #COLLISION_DOWN
    and z:Entity::oldState
    beq Falling
    ldx z:Entity::scanType              ; the hotspot's tile, which FirstOpenUp read
    lda f:TileTypeFlags, x
    and #SLOPE_TILE
    bne WalkDown

    ; Departure: read literally, the test fails at every tile boundary of a 45-degree descent,
    ; where the hotspot leaves the slope for the EMPTY tile over the next slope and the entity
    ; would fall for frames on end; and at a slope's foot it would drop onto the floor. The slope
    ; tile the entity stood on (its hotspot before the move) counts too.
    lda z:Entity::footOffset
    clc
    adc z:Entity::oldY                  ; the ground hotspot's row before the move
    lsr
    lsr
    lsr
    and #$FFFE
    tax
    lda z:Entity::oldX
    lsr
    lsr
    lsr
    lsr
    clc
    adc a:.loword(MapRowOffsets), x
    tax
    lda a:.loword(MapData), x
    and #$00FF
    tax
    lda a:.loword(CollisionMap), x
    and #$00FF
    tax
    lda f:TileTypeFlags, x
    and #SLOPE_TILE
    beq Falling

WalkDown:
    ; "Loop downwards til you find the first hit." Departure: 16 rows at most (a speed of 8
    ; px/frame down a 45-degree slope drops 9), so that stepping off a slope's end over a pit
    ; falls instead of landing on the pit's floor in one frame (the article's "extra checks for
    ; when you're walking off cliffs").
    lda #16
    sta z:Entity::rowsLeft
    lda z:Entity::hotspotRow
    jsr FirstFilledBelow                ; goes on from the hotspot's tile, which FirstOpenUp left
    bcc Falling
WalkingDownSlope:
    bra Land                            ; A = the first filled row: the new ground hotspot

Standing:
    ; Landed, standing, or walked up into a slope: A = the first open row over the hotspot, where
    ; the feet go; the hotspot is the row under it.
    inc a
Land:
    sec
    sbc z:Entity::footOffset
    sta z:Entity::yPosition + 2
    stz z:Entity::yPosition
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    lda #COLLISION_DOWN
    tsb z:Entity::collisionState
    rts

Falling:
    rts

HeadCheck:
    lda z:Entity::yPosition + 2
    clc
    adc z:Entity::hitboxYOffset
    dec a                               ; the row over the box: the head dot
    sta z:Entity::hotspotRow
    jsr FirstOpenDown
    cmp z:Entity::hotspotRow
    bne HeadHit
Rising:
    rts

HeadHit:
    ; A = the first open row under the ceiling: the box's top row goes there.
    sec
    sbc z:Entity::hitboxYOffset
    sta z:Entity::yPosition + 2
    stz z:Entity::yPosition
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    lda #COLLISION_UP
    tsb z:Entity::collisionState
    rts
.endproc

; Whether the wall line in pixel column A, over the box's rows, meets a filled pixel of a tile the
; line tests when moving the wallSide way (TileTypeFlags). In: A16, I16. Out: carry set = a hit.
; The line goes down the map one tile at a time by adding the row length to the tile's index;
; its rows are the X axis's line* fields. With SURFACE_TABLES a tile is one lookup: its WallRows
; word ANDed with the rows the line covers in it (lineFirstRows, all 16, lineLastRows); and the
; line's column is kept in lineColumn for the step back.
.proc WallLineHits
.ifdef SURFACE_TABLES
    sta z:Entity::lineColumn
    lsr
    lsr
    lsr
    lsr
    clc
    adc z:Entity::lineRowOffset
    tay                                 ; Y = the map index of the line's top tile
    WALL_ROWS_AT_Y
    and z:Entity::lineFirstRows
    bne Hit
    lda z:Entity::lineTiles
    beq Clear
    sta z:Entity::tilesLeft
NextTile:
    tya
    clc
    adc a:.loword(MapBytesPerRow)
    tay
    dec z:Entity::tilesLeft
    beq LastTile
    WALL_ROWS_AT_Y
    beq NextTile                        ; a tile between the top and bottom ones: all its rows
Hit:
    sec
    rts
LastTile:
    WALL_ROWS_AT_Y
    and z:Entity::lineLastRows
    bne Hit
Clear:
    clc
    rts
.else
    SET_COLUMN
    lda z:Entity::lineTiles
    sta z:Entity::tilesLeft
    lda z:Entity::lineFirstRow
    sta z:Entity::row
    lda z:Entity::lineRowOffset
    clc
    adc z:Entity::scanTileX
    sta z:Entity::tileIndex
    tax
NextTile:
    TYPE_AT_X
    beq TileDone                        ; EMPTY: no pixel to hit
    lda f:TileTypeFlags, x
    and z:Entity::wallSide
    beq TileDone                        ; "completely ignore sloped tiles", and the flagged solids
    lda #$000F
    ldy z:Entity::tilesLeft
    bne ToTileBottom
    lda z:Entity::lineLastRow           ; the last tile: down to the box's bottom row
ToTileBottom:
    sta z:Entity::lastRow
    lda z:Entity::row
    MASK_OFFSET
Pixel:
    lda f:CollisionMasks, x
    and z:Entity::scanBit
    bne Hit
    cpy z:Entity::lastRow
    beq TileDone
    iny
    inx
    inx
    bra Pixel

TileDone:
    dec z:Entity::tilesLeft
    bmi Clear
    stz z:Entity::row                   ; from the next tile's top row (only row & 15 is read)
    lda z:Entity::tileIndex
    clc
    adc a:.loword(MapBytesPerRow)
    sta z:Entity::tileIndex
    tax
    bra NextTile

Hit:
    sec
    rts
Clear:
    clc
    rts
.endif
.endproc

; A = the first row at or above row A whose pixel in the scan's column is open; scanType = 2 * the
; type of the tile holding row A when that row is open. In: A16, I16. With SURFACE_TABLES one
; SurfaceOpenUp lookup per tile answers what the pixel loop finds in it.
.proc FirstOpenUp
    sta z:Entity::row
    TILE_INDEX
.ifdef SURFACE_TABLES
    TYPE_AT_X
    stx z:Entity::scanType
    beq Empty
    SURFACE_ENTRY SurfaceOpenUp
    bpl Open
TileAbove:
    TILE_ABOVE
    TYPE_AT_X
    stx z:Entity::scanType
    beq Empty
    ora z:Entity::scanColumn
    tax
    lda f:SurfaceOpenUp + 15 * 256, x   ; from the tile's bottom row
    bmi TileAbove
Open:
    ROW_IN_SCAN_TILE
    rts
Empty:
    lda z:Entity::row                   ; EMPTY: the row the scan entered it at is open
    rts
.else
NextTile:
    TYPE_AT_X
    stx z:Entity::scanType
    beq Empty
    lda z:Entity::row
    MASK_OFFSET
Pixel:
    lda f:CollisionMasks, x
    and z:Entity::scanBit
    beq Open
    dex
    dex
    dey
    bpl Pixel
    TILE_ABOVE
    bra NextTile
Empty:
    lda z:Entity::row                   ; EMPTY: the row the scan entered it at is open
    rts
Open:
    ROW_OF_Y
    rts
.endif
.endproc

; A = the first row at or below row A whose pixel in the scan's column is open. In: A16, I16.
; With SURFACE_TABLES one SurfaceOpenDown lookup per tile.
.proc FirstOpenDown
    sta z:Entity::row
    TILE_INDEX
.ifdef SURFACE_TABLES
    TYPE_AT_X
    stx z:Entity::scanType
    beq Empty
    SURFACE_ENTRY SurfaceOpenDown
    bpl Open
TileBelow:
    TILE_BELOW
    TYPE_AT_X
    beq Empty
    ora z:Entity::scanColumn
    tax
    lda f:SurfaceOpenDown, x            ; from the tile's top row
    bmi TileBelow
Open:
    ROW_IN_SCAN_TILE
    rts
Empty:
    lda z:Entity::row
    rts
.else
NextTile:
    TYPE_AT_X
    beq Empty
    lda z:Entity::row
    MASK_OFFSET
Pixel:
    lda f:CollisionMasks, x
    and z:Entity::scanBit
    beq Open
    inx
    inx
    iny
    cpy #16
    bne Pixel
    TILE_BELOW
    bra NextTile
Empty:
    lda z:Entity::row
    rts
Open:
    ROW_OF_Y
    rts
.endif
.endproc

; The first filled row under row A, an open row of the tile at tileIndex whose type is scanType
; (where FirstOpenUp stopped), among the rowsLeft rows under it. In: A16, I16. Out: carry set and
; A = that row, or carry clear when none is. With SURFACE_TABLES two SurfaceFilledDown lookups at
; most: the caller's 16 rows are the rest of row A's tile, then the tile below down to the same row.
.proc FirstFilledBelow
    sta z:Entity::row
.ifdef SURFACE_TABLES
    and #$000F
    cmp #$000F
    beq TileBelow                       ; its tile's bottom row: no row under it there
    xba
    ora z:Entity::scanColumn
    ora z:Entity::scanType
    tax
    lda f:SurfaceFilledDown + 256, x    ; from the row under it (rowsLeft reaches the tile's bottom)
    bmi TileBelow
    ROW_IN_SCAN_TILE
    sec
    rts

TileBelow:
    lda z:Entity::row
    ora #$FFF0                          ; (row & 15) - 16, and the carry's 1:
    sec
    adc z:Entity::rowsLeft
    sta z:Entity::rowsLeft              ; less the 15 - (row & 15) rows under `row` in its tile
    TILE_BELOW
    TYPE_AT_X
    ora z:Entity::scanColumn
    tax
    lda f:SurfaceFilledDown, x          ; from the tile's top row
    bmi None
    cmp z:Entity::rowsLeft
    bcs None                            ; under the last row in reach
    ora z:Entity::row
    sec
    rts
.else
    ldx z:Entity::scanType
    beq EmptyHere
    MASK_OFFSET
NextRow:
    iny
    cpy #16
    beq TileBelow
    inx
    inx
Test:
    dec z:Entity::rowsLeft
    bmi None
    lda f:CollisionMasks, x
    and z:Entity::scanBit
    beq NextRow
    ROW_OF_Y
    sec
    rts

TileBelow:
    TILE_BELOW
    TYPE_AT_X
    beq EmptyBelow
    lda z:Entity::row
    MASK_OFFSET
    bra Test

EmptyHere:
    lda z:Entity::row                   ; EMPTY: its rows under `row` are open, 15 - (row & 15)
    and #$000F
    sec
    sbc #15
    clc
    adc z:Entity::rowsLeft
    bmi None
    sta z:Entity::rowsLeft
    bra TileBelow
EmptyBelow:
    lda z:Entity::rowsLeft              ; EMPTY: its 16 rows are open
    sec
    sbc #16
    bmi None
    sta z:Entity::rowsLeft
    bra TileBelow
.endif

None:
    clc
    rts
.endproc

.export MoveEntityAndCollide
