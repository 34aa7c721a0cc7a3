; MoveEntityAndProcessTileCollisions: moves one entity by its velocity and collides it with the
; tile map, as the tile-collision design of the untech engine specifies it
; (../shared/reference/untech-collision.md, section 4; section numbers below refer to it).
;
; The X axis is resolved first and only SOLID tiles stop it. Then one of four Y paths runs, chosen
; by the sign of the Y velocity and by the collision state the previous call left: falling,
; standing, rising, or standing on a ceiling under upward gravity. Each path tests the tile under
; (or over) the entity's centre column first, with the slope height at that column, then the tiles
; the box's edges reach, then the opposite edge.
;
; Tile indexes: row * MapWidth + column, with row and column = (pixel - $1000) / 16. The row
; product comes from MapRowOffsets (one word per row, written with the map), which is cheaper than
; the S-CPU's multiplier: no mode switches, no long writes, no waiting. An index is built from
; pixel / 16, which still holds the origin's $100, so the map is read through MAP_TILES, $100
; bytes before MapData.
;
; tile-collision-fixed-height (FIXED_HEIGHT) lays the map out column-major, COLUMN_HEIGHT tiles per
; column whatever the room's height: column * 64 + row, by shifts and a mask, no row table (seed
; 000's closing remarks). The next row down is the next byte, and the centre column's part of the
; index is computed once per call. Everything else is the same routine, call for call.
;
; tile-collision-frames keeps two conventions of an engine built around it. With HITBOX_FRAMES the
; hitbox is in the record of the entity's current animation frame (frame_record.inc), which the
; routine copies into the entity's hitbox words first. With ROOM_RIGHT_EDGE a box moving right
; stops at the room's right edge, MapRight, as at a wall, whatever the last column holds.

.p816

.include "entity.inc"
.include "tile_types.inc"

.import CollisionMap, MapData
.import TopHeightTable, BottomHeightTable
.ifdef HITBOX_FRAMES
.include "frame_record.inc"
.import FrameRecords
.endif
.ifdef ROOM_RIGHT_EDGE
.import MapRight
.endif

MAP_TILES = .loword(MapData) - $100
.include "collision_map.inc"        ; TYPE_OF_TILE: the operand that reads tile id X's collision type

.ifdef FIXED_HEIGHT
COLUMN_HEIGHT = 64
COLUMN_STEP = COLUMN_HEIGHT         ; the index distance between neighbouring columns
.else
.import MapBytesPerRow, MapRowOffsets
ROW_OFFSETS = .loword(MapRowOffsets)
COLUMN_STEP = 1
.endif

.segment "CODE"

; Reads the collision type of the map tile at MAP_TILES + offset + Y.
; A8, X16, Y16, with the hidden B byte 0 so that TAX moves the tile id alone into X.
.macro LOAD_TILE_TYPE offset
    lda a:.loword(MAP_TILES + (offset)), y  ; .loword: ca65 range-checks a negative offset added to an import
    tax
    lda TYPE_OF_TILE, x
.endmacro

; The index arithmetic of the two map layouts. A16 unless stated.
.ifdef FIXED_HEIGHT

; Keeps the pixel row in A's map row for TILE_IN_TOP_ROW.
.macro KEEP_TOP_ROW
    lsr
    lsr
    lsr
    lsr                     ; pixel / 16 = $100 + row: MAP_TILES is $100 bytes before MapData
    sta z:Entity::topRow
.endmacro

; A = the index of the tile in the column of the x pixel in A and the row KEEP_TOP_ROW kept.
.macro TILE_IN_TOP_ROW
    and #$0FF0              ; 16 * column: the origin's $1000 is bit 12
    asl
    asl                     ; 64 * column; the carry is clear, as bits 15-13 were
    adc z:Entity::topRow
.endmacro

; Keeps the centre column's part of every index the Y path builds. The x position is final here.
.macro KEEP_CENTRE_COLUMN
    lda z:Entity::xPosition + 2
    and #$0FF0
    asl
    asl
    sta z:Entity::centreColumn
.endmacro

; A = the index of the tile at the entity's centre column in the pixel row in A. Clears carry.
.macro CENTRE_TILE
    lsr
    lsr
    lsr
    lsr
    clc
    adc z:Entity::centreColumn
.endmacro

; Y = the tile below / above the one at Y. A8 with B = 0, kept.
.macro NEXT_ROW_DOWN
    iny
.endmacro

.macro NEXT_ROW_UP
    dey
.endmacro

.else

; X = 2 * the row of the pixel row in A: MapRowOffsets' index.
.macro ROW_OF
    lsr
    lsr
    lsr
    and #$01FE              ; pixel / 8 holds the origin's $200 above 2 * row
    tax
.endmacro

.macro KEEP_TOP_ROW
    ROW_OF
.endmacro

.macro TILE_IN_TOP_ROW
    lsr
    lsr
    lsr
    lsr
    clc
    adc a:ROW_OFFSETS, x
.endmacro

.macro KEEP_CENTRE_COLUMN
.endmacro

.macro CENTRE_TILE
    ROW_OF
    lda z:Entity::xPosition + 2
    TILE_IN_TOP_ROW
.endmacro

.macro NEXT_ROW_DOWN
    rep #$21
    .a16
    tya
    adc a:MapBytesPerRow
    tay
    lda #0
    sep #$20
    .a8
.endmacro

.macro NEXT_ROW_UP
    rep #$20
    .a16
    tya
    sec
    sbc a:MapBytesPerRow
    tay
    lda #0
    sep #$20
    .a8
.endmacro

.endif

; Copies the hitbox of the entity's current frame into its hitbox words, widened to 16 bits.
; A16, I16; leaves A = the height and N set when the frame has no tile hitbox. X destroyed.
.macro COPY_FRAME_HITBOX
    ldx z:Entity::currentFrame
    lda f:FrameRecords + FrameRecord::hitboxLeft, x
    and #$00FF
    sta z:Entity::hitboxLeft
    lda f:FrameRecords + FrameRecord::hitboxRight, x
    and #$00FF
    sta z:Entity::hitboxRight
    lda f:FrameRecords + FrameRecord::hitboxYOffset, x
    SIGN_EXTENDED_BYTE
    sta z:Entity::hitboxYOffset
    lda f:FrameRecords + FrameRecord::hitboxHeight, x
    SIGN_EXTENDED_BYTE              ; $FF, no hitbox, becomes $FFFF
    sta z:Entity::hitboxHeight
.endmacro

; A16 = the signed byte in A's low half.
.macro SIGN_EXTENDED_BYTE
    and #$00FF
    eor #$0080
    sec
    sbc #$0080                      ; (b ^ $80) - $80 carries bit 7 into the high byte
.endmacro

; A8 = the collision type of the centre column's tile in the pixel row A16 gave, X = its tile id;
; Y is kept (it holds the tile the path tested first). Leaves B = 0.
.macro CENTRE_TYPE_KEEPING_Y
    CENTRE_TILE
    tax
    lda #0
    sep #$20
    .a8
    lda a:MAP_TILES, x
    tax
    lda TYPE_OF_TILE, x
.endmacro

; yPosition += yVelocity (32-bit). yDelta = the whole pixels the move covers, which is the
; velocity's integer word plus the subpixel carry; A = the new y pixel. A16.
.macro MOVE_Y
    clc
    lda z:Entity::yPosition
    adc z:Entity::yVelocity
    sta z:Entity::yPosition
    lda z:Entity::yVelocity + 2
    adc #0
    sta z:Entity::yDelta
    clc
    adc z:Entity::yPosition + 2
    sta z:Entity::yPosition + 2
.endmacro

; The box's side tiles in the row at Y: the tiles two and one to the left of the centre, then
; two and one to the right, each only if the box reaches it (section 4.3, step 4).
; A8 with B = 0; Y = the centre tile's index in that row. `solid` is taken at once on a SOLID tile;
; a `platform` tile is taken at once too when `platformIsSolid`, else it sets edgeOnPlatform.
.macro SIDE_TILES solid, platform, platformIsSolid
    .local leftOne, right, rightOne, done
    lda z:Entity::xPosition + 2
    and #$0F
    sec
    sbc z:Entity::hitboxLeft        ; (x & 15) - left, -32..15
    bpl right
    cmp #<-16
    bcs leftOne                     ; -16..-1: the box reaches one tile to the left
    SIDE_TILE -2 * COLUMN_STEP, solid, platform, platformIsSolid
leftOne:
    SIDE_TILE -COLUMN_STEP, solid, platform, platformIsSolid
right:
    lda z:Entity::xPosition + 2
    and #$0F
    sec
    adc z:Entity::hitboxRight       ; (x & 15) + right + 1
    cmp #18
    bcc done                        ; the box ends in the centre tile
    cmp #34
    bcc rightOne
    SIDE_TILE 2 * COLUMN_STEP, solid, platform, platformIsSolid
rightOne:
    SIDE_TILE COLUMN_STEP, solid, platform, platformIsSolid
done:
.endmacro

.macro SIDE_TILE offset, solid, platform, platformIsSolid
    .local next
    LOAD_TILE_TYPE offset
    beq solid                       ; SOLID is 0
    cmp #platform
    .if platformIsSolid
    beq solid
    .else
    bne next
    sta z:Entity::edgeOnPlatform
    .endif
next:
.endmacro

; In:  A16, I16, D = the entity (page-aligned), DB = $7E.
; Out: A16, I16; the entity moved, its collisionState set; Y = the index (MAP_TILES-based) of the
;      last centre-column tile the Y path tested: under the entity when it falls or stands, over it
;      when it rises (0 without a hitbox); X destroyed.
.proc MoveEntityAndProcessTileCollisions
    .a16
    .i16

    ; 4.0: keep the previous state for the Y dispatch, then start from none.
    lda z:Entity::collisionState - 1    ; the state lands in the high byte
    sta z:Entity::oldState
    stz z:Entity::collisionState

.ifdef HITBOX_FRAMES
    COPY_FRAME_HITBOX
.else
    lda z:Entity::hitboxHeight
.endif
    bpl HasHitbox
    jmp NoTileHitbox
HasHitbox:

    ; The X axis tests the rows the box covers before it moves vertically.
    lda z:Entity::hitboxYOffset
    clc
    adc z:Entity::yPosition + 2
    sta z:Entity::top
    KEEP_TOP_ROW                    ; for the X axis

    clc
    lda z:Entity::xPosition
    adc z:Entity::xVelocity
    sta z:Entity::xPosition
    lda z:Entity::xPosition + 2
    adc z:Entity::xVelocity + 2
    sta z:Entity::xPosition + 2

    ; 4.1: the X axis. A = the new x pixel.
.proc XAxis
    bit z:Entity::xVelocity + 2
    bmi MovingLeft
    clc
    adc z:Entity::hitboxRight       ; quirk kept from the reference: the column right of the box
.ifdef ROOM_RIGHT_EDGE
    cmp a:MapRight
    bcs RoomEdge
.endif
    bra TestColumn
.ifdef ROOM_RIGHT_EDGE
RoomEdge:                           ; the column is past the room: stop as at a wall
    sta z:Entity::testColumn
    bra Collision
.endif
MovingLeft:
    sec
    sbc z:Entity::hitboxLeft        ; the box's first column
TestColumn:
.ifdef SLOWED
    nop                             ; only in tile-collision-slowed, the regression tests' 2-cycle slowdown
.endif
    sta z:Entity::testColumn
    TILE_IN_TOP_ROW
    tay                             ; the tile in the top row

    lda z:Entity::top               ; rows below the top one that the box covers:
    and #$000F                      ; ((top & 15) + height - 1) / 16
    clc
    adc z:Entity::hitboxHeight
    dec
    lsr
    lsr
    lsr
    lsr
    sta z:Entity::rowsLeft
    lda #0                          ; B = 0 for TAX in the loop
Loop:
    sep #$20
    .a8
.ifdef FIXED_HEIGHT
NextRow:                            ; A stays 8-bit from row to row
.endif
    LOAD_TILE_TYPE 0
    beq Collision                   ; SOLID is 0: nothing else stops the X axis
    dec z:Entity::rowsLeft
    bmi Done
.ifdef FIXED_HEIGHT
    iny                             ; the next row down is the next byte
    bra NextRow
.else
    rep #$21
    .a16
    tya
    adc a:MapBytesPerRow
    tay
    lda #0
    bra Loop
.endif

Collision:
    .a8
    rep #$20
    .a16
    bit z:Entity::xVelocity + 2
    bmi WallOnTheLeft
    ; The box's last column stops just before the wall. The test column is then the wall's
    ; first column, so an entity resting against a right wall meets it again every frame.
    lda #COLLISION_RIGHT
    tsb z:Entity::collisionState
    lda z:Entity::testColumn
    and #$FFF0
    sec
    sbc z:Entity::hitboxRight
    sta z:Entity::xPosition + 2
    bra Stop
WallOnTheLeft:
    lda #COLLISION_LEFT
    tsb z:Entity::collisionState
    lda z:Entity::testColumn
    and #$000F
    eor #$000F                      ; 15 - (column & 15); with carry set, 16 - (column & 15)
    sec
    adc z:Entity::xPosition + 2
    sta z:Entity::xPosition + 2
Stop:
    stz z:Entity::xVelocity         ; the subpixel position is kept, as in the reference
    stz z:Entity::xVelocity + 2
    bra YAxis
Done:
    .a8
    rep #$20
    .a16
.endproc

    ; 4.2: the Y path, by the direction of the Y velocity and what the entity stood on.
YAxis:
    KEEP_CENTRE_COLUMN
    lda z:Entity::yVelocity + 2
    bmi Rising
    bit z:Entity::oldState          ; N = DOWN_COLLISION
    bpl MovingDown
    jmp MovingDown_Standing
Rising:
    bit z:Entity::oldState          ; V = UP_COLLISION
    bvc GoMovingUp
    jmp MovingUp_Standing
GoMovingUp:
    jmp MovingUp

; 4.3: falling (or still), not standing.
.proc MovingDown
    .a16
    MOVE_Y

    clc
    adc z:Entity::hitboxYOffset
    sta z:Entity::top
    clc
    adc z:Entity::hitboxHeight
    sta z:Entity::bottom
    CENTRE_TILE
    tay                             ; the tile under the centre
    lda #0
    sep #$20
    .a8
    LOAD_TILE_TYPE 0
    cmp #TILE_EMPTY
    bcs SideTiles                   ; EMPTY, DOWN_PLATFORM or a ceiling slope (empty from above)
    cmp #TILE_UP_PLATFORM
    beq CentrePlatform

    ; SOLID, END_SLOPE or a floor slope: is the box's bottom at or past its surface here?
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax                             ; type | (x & 15): the height-table entry
    lda z:Entity::bottom
    and #$0F
    cmp f:TopHeightTable, x
    bcc TopTile
    jmp FloorCollision

CentrePlatform:
    ; A one-way platform holds only if the box's bottom was at or above its top before the move.
    lda z:Entity::bottom
    and #$0F
    beq GoSolidCollision
    cmp z:Entity::yDelta
    bcc GoSolidCollision

SideTiles:
    stz z:Entity::edgeOnPlatform
    SIDE_TILES GoSolidCollision, TILE_UP_PLATFORM, 0
    lda z:Entity::edgeOnPlatform
    beq TopTile
    lda z:Entity::bottom
    and #$0F
    beq GoSolidCollision
    cmp z:Entity::yDelta
    bcs TopTile
GoSolidCollision:
    jmp FloorSolidCollision

    ; No floor: test the tile over the centre, so a jump at under 45 degrees does not pass
    ; through a ceiling slope (the top edge is tested even when falling).
TopTile:
    .a8
    rep #$20
    .a16
    lda z:Entity::top
    CENTRE_TYPE_KEEPING_Y
    bit #$F0
    bne NotSolid
    jmp CeilingSolidCollision       ; SOLID or END_SLOPE
NotSolid:
    cmp #TILE_UP_RIGHT_SLOPE
    bcc Done                        ; not a ceiling slope
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::top
    and #$0F
    cmp f:BottomHeightTable, x
    beq GoCeilingCollision
    bcs Done
GoCeilingCollision:
    jmp CeilingCollision
Done:
    rep #$20
    .a16
    rts
.endproc

; 4.4: standing on the floor. The Y velocity is ignored: only slopes move a standing entity. It is
; cleared on every way out (the collision tails clear it too).
.proc MovingDown_Standing
    .a16
    lda z:Entity::top               ; unchanged since the entry: the entity has not moved on Y
    clc
    adc z:Entity::hitboxHeight
    sta z:Entity::bottom
    CENTRE_TILE
    tay
    lda #0
    sep #$20
    .a8
    LOAD_TILE_TYPE 0
    cmp #TILE_UP_PLATFORM
    bcs TileBelow
    ; SOLID, END_SLOPE or a floor slope under the centre: stand on its surface here, whatever the
    ; height (walking up a slope, or down within one tile).
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::bottom
    and #$0F
    jmp FloorCollision

TileBelow:
    ; Nothing under the centre: the tile below it (flat ground, or walking down a slope).
    NEXT_ROW_DOWN
    LOAD_TILE_TYPE 0
    cmp #TILE_EMPTY
    bcs SideTilesBelow              ; only SOLID, END_SLOPE, floor slopes and UP_PLATFORM hold
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::bottom
    and #$0F
    sec
    sbc #16                         ; the surface is in the row below
    jmp FloorCollision

SideTilesBelow:
    ; A ledge: only an edge of the box is still over ground. Platforms hold a walking entity.
    SIDE_TILES OnLedge, TILE_UP_PLATFORM, 1
    rep #$20                        ; nothing holds it: it falls from the next frame on
    .a16
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    rts
OnLedge:
    .a8
    lda z:Entity::bottom            ; the surface is the top of the row below
    and #$0F
    sec
    sbc #16
    jmp FloorStop
.endproc

; 4.5: rising (negative Y velocity), not standing on a ceiling.
.proc MovingUp
    .a16
    MOVE_Y

    clc
    adc z:Entity::hitboxYOffset
    sta z:Entity::top
    CENTRE_TILE
    tay                             ; the tile over the centre
    lda #0
    sep #$20
    .a8
    LOAD_TILE_TYPE 0
    cmp #TILE_UP_RIGHT_SLOPE
    bcs CeilingSlope
    cmp #TILE_DOWN_PLATFORM
    beq CentrePlatform
    bit #$F0
    bne SideTiles                   ; UP_PLATFORM, EMPTY, floor slopes: empty from below
    jmp CeilingSolidCollision       ; SOLID or END_SLOPE

CeilingSlope:
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::top
    and #$0F
    cmp f:BottomHeightTable, x
    beq GoCeilingCollision
    bcs BottomTile
GoCeilingCollision:
.ifdef RARE_SLOWDOWN
    jmp RareSlowdown
.else
    jmp CeilingCollision
.endif

CentrePlatform:
    ; A one-way ceiling holds only if the box's top was at or below its last row before the move.
    lda z:Entity::top
    and #$0F
    sec
    sbc z:Entity::yDelta
    cmp #15
    bcs GoSolidCollision

SideTiles:
    stz z:Entity::edgeOnPlatform
    SIDE_TILES GoSolidCollision, TILE_DOWN_PLATFORM, 0
    lda z:Entity::edgeOnPlatform
    beq BottomTile
    lda z:Entity::top
    and #$0F
    sec
    sbc z:Entity::yDelta
    cmp #15
    bcc BottomTile
GoSolidCollision:
    jmp CeilingSolidCollision

    ; No ceiling: test the tile under the centre, so rising at under 45 degrees does not pass
    ; through a floor slope.
BottomTile:
    .a8
    rep #$21
    .a16
    lda z:Entity::top
    adc z:Entity::hitboxHeight
    sta z:Entity::bottom
    CENTRE_TYPE_KEEPING_Y
    cmp #TILE_UP_PLATFORM
    bcs Done                        ; only SOLID, END_SLOPE and floor slopes
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::bottom
    and #$0F
    cmp f:TopHeightTable, x
    bcc Done
    jmp FloorCollision
Done:
    rep #$20
    .a16
    rts
.endproc

; 4.6: standing on a ceiling under upward gravity; the mirror of MovingDown_Standing, which clears
; the Y velocity the same way.
.proc MovingUp_Standing
    .a16
    lda z:Entity::top               ; unchanged since the entry: the entity has not moved on Y
    CENTRE_TILE
    tay
    lda #0
    sep #$20
    .a8
    LOAD_TILE_TYPE 0
    bit #$F0
    beq SnapToCentre                ; SOLID or END_SLOPE
    cmp #TILE_UP_RIGHT_SLOPE
    bcc TileAbove
SnapToCentre:
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::top
    and #$0F
    jmp CeilingCollision

TileAbove:
    .a8
    NEXT_ROW_UP
    LOAD_TILE_TYPE 0
    bit #$F0
    beq SnapAbove                   ; SOLID or END_SLOPE
    cmp #TILE_DOWN_PLATFORM
    bcc SideTilesAbove
SnapAbove:
    lda z:Entity::xPosition + 2
    and #$0F
    ora TYPE_OF_TILE, x
    tax
    lda z:Entity::top
    and #$0F
    clc
    adc #16                         ; the ceiling is in the row above
    jmp CeilingCollision

SideTilesAbove:
    SIDE_TILES OnLedge, TILE_DOWN_PLATFORM, 1
    rep #$20
    .a16
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    rts
OnLedge:
    .a8
    lda z:Entity::top               ; the top moves up to the first row of its own tile
    and #$0F
    jmp CeilingStop
.endproc

; 4.3.5: lands on a floor slope (or a SOLID/END_SLOPE tile, height 0). A8 with B = 0,
; X = the height-table entry, A = (bottom & 15) measured from the surface tile's row: 0..15, or
; -16..-1 when the surface is in the row below.
.proc FloorCollision
    .a8
    sec
    sbc f:TopHeightTable, x         ; how far the box's bottom is past the surface
.ifdef BROKEN
    dec                             ; only in tile-collision-broken: lands a pixel low, for explore to catch
.endif
    bra FloorStop
.endproc

; 4.3.6: lands on the top of the tile at the bottom's row. A8.
.proc FloorSolidCollision
    .a8
    lda z:Entity::bottom
    and #$0F
    ; fall into FloorStop
.endproc

; DOWN_COLLISION, with the box's bottom (the row below the box) one pixel above the surface.
; A8 with B = 0, A = how far the bottom is past the surface (-31..15).
.proc FloorStop
    .a8
    inc                             ; how far the box must rise; 0 for an entity already at rest
    tax
    lda #COLLISION_DOWN
    tsb z:Entity::collisionState
    rep #$20
    .a16
    stz z:Entity::yPosition         ; a Y collision stops the subpixel motion too
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    txa
    beq Done                        ; standing still on flat ground ends here
    eor #$0080                      ; sign-extend the 8-bit distance (B is 0)
    sec
    sbc #$0080
    eor #$FFFF                      ; with carry set: y - distance
    sec
    adc z:Entity::yPosition + 2
    sta z:Entity::yPosition + 2
Done:
    rts
.endproc

; 4.5.5: meets a ceiling slope's underside. A8 with B = 0, X = the height-table entry,
; A = (top & 15) measured from the ceiling tile's row: 0..15, or 16..31 when it is the row above.
.ifdef RARE_SLOWDOWN
; Only in demo-rare-slowdown, what explore must find: a jump to the left into a ceiling slope in
; the room's first 112 columns of pixels waits about 1,000 cycles more. A8, X16; A and X kept for
; CeilingCollision.
.proc RareSlowdown
    .a8
    .i16
    rep #$20
    .a16
    pha                             ; all of A: CeilingStop needs B = 0 as it was
    lda z:Entity::xVelocity + 2     ; the integer word: negative moving left
    bpl NotLeft
    lda z:Entity::xPosition + 2
    cmp #$1000 + 112                ; map pixel 112: the demo's map starts at $1000 (demo.inc ORIGIN)
    bcs NotLeft
    phx
    ldx #200
Wait:
    dex                             ; 5 cycles a pass with the branch taken
    bne Wait
    plx
NotLeft:
    pla
    sep #$20
    .a8
    jmp CeilingCollision
.endproc
.endif

.proc CeilingCollision
    .a8
    sec
    sbc f:BottomHeightTable, x
    dec                             ; how far the top is above the row under the ceiling's last one
    bra CeilingStop
.endproc

; 4.5.6: meets the underside of the tile at the top's row. A8.
.proc CeilingSolidCollision
    .a8
    lda z:Entity::top
    and #$0F
    sec
    sbc #16
    ; fall into CeilingStop
.endproc

; UP_COLLISION, with the box's top moved down to the first free row. A8 with B = 0, A = how far
; the top is above that row (-16..30; negative when it is below).
.proc CeilingStop
    .a8
    tax
    lda #COLLISION_UP
    tsb z:Entity::collisionState
    txa
    rep #$20
    .a16
    eor #$0080                      ; sign-extend (B is 0)
    sec
    sbc #$0080
    eor #$FFFF                      ; with carry set: y - distance
    sec
    adc z:Entity::yPosition + 2
    sta z:Entity::yPosition + 2
    stz z:Entity::yPosition
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    rts
.endproc

; 4.0.3: an entity without a tile hitbox only moves.
.proc NoTileHitbox
    .a16
    clc
    lda z:Entity::xPosition
    adc z:Entity::xVelocity
    sta z:Entity::xPosition
    lda z:Entity::xPosition + 2
    adc z:Entity::xVelocity + 2
    sta z:Entity::xPosition + 2
    clc
    lda z:Entity::yPosition
    adc z:Entity::yVelocity
    sta z:Entity::yPosition
    lda z:Entity::yPosition + 2
    adc z:Entity::yVelocity + 2
    sta z:Entity::yPosition + 2
    ldy #0
    rts
.endproc

.endproc

.export MoveEntityAndProcessTileCollisions
