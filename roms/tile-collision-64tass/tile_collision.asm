; MoveEntityAndProcessTileCollisions: moves one entity by its velocity and collides it with the
; tile map, as the tile-collision design of the untech engine specifies it
; (../shared/reference/untech-collision.md, section 4; section numbers below refer to it).
; The 64tass twin of ../tile-collision/tile_collision.s, instruction for instruction (see main.asm).
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
; Operands say their addressing mode, as ca65's z:, a: and f: do there: ",d" is an offset into
; the direct page (the entity), ",b" an address in the data bank ($7E, which shows the low 8 KiB of
; WRAM too), "@l" a long address.

MAP_TILES = <>MapData - $100

    .section code

; Reads the collision type of the map tile at MAP_TILES + offset + Y.
; A8, X16, Y16, with the hidden B byte 0 so that TAX moves the tile id alone into X.
LOAD_TILE_TYPE .macro offset
    lda MAP_TILES + (\offset),b,y
    tax
    lda CollisionMap,b,x
    .endmacro

; X = 2 * the row of the pixel row in A: MapRowOffsets' index. A16.
ROW_OF .macro
    lsr a
    lsr a
    lsr a
    and #$01FE              ; pixel / 8 holds the origin's $200 above 2 * row
    tax
    .endmacro

; A = the index of the tile at the entity's centre column in row X / 2. A16; clears carry.
CENTRE_INDEX .macro
    lda Entity.xPosition + 2,d
    lsr a
    lsr a
    lsr a
    lsr a
    clc
    adc MapRowOffsets,b,x
    .endmacro

; A8 = the collision type of the centre column's tile in the pixel row A16 gave, X = its tile id;
; Y is kept (it holds the tile the path tested first). Leaves B = 0.
CENTRE_TYPE_KEEPING_Y .macro
    #ROW_OF
    #CENTRE_INDEX
    tax
    lda #0
    sep #$20
    .as
    lda MAP_TILES,b,x
    tax
    lda CollisionMap,b,x
    .endmacro

; yPosition += yVelocity (32-bit). yDelta = the whole pixels the move covers, which is the
; velocity's integer word plus the subpixel carry; A = the new y pixel. A16.
MOVE_Y .macro
    clc
    lda Entity.yPosition,d
    adc Entity.yVelocity,d
    sta Entity.yPosition,d
    lda Entity.yVelocity + 2,d
    adc #0
    sta Entity.yDelta,d
    clc
    adc Entity.yPosition + 2,d
    sta Entity.yPosition + 2,d
    .endmacro

; The box's side tiles in the row at Y: the tiles two and one to the left of the centre, then
; two and one to the right, each only if the box reaches it (section 4.3, step 4).
; A8 with B = 0; Y = the centre tile's index in that row. `solid` is taken at once on a SOLID tile;
; a `platform` tile is taken at once too when `platformIsSolid`, else it sets edgeOnPlatform.
; The labels are the macro's own: 64tass scopes each expansion.
SIDE_TILES .macro solid, platform, platformIsSolid
    lda Entity.xPosition + 2,d
    and #$0F
    sec
    sbc Entity.hitboxLeft,d         ; (x & 15) - left, -32..15
    bpl right
    cmp #<-16
    bcs leftOne                     ; -16..-1: the box reaches one tile to the left
    #SIDE_TILE -2, \solid, \platform, \platformIsSolid
leftOne
    #SIDE_TILE -1, \solid, \platform, \platformIsSolid
right
    lda Entity.xPosition + 2,d
    and #$0F
    sec
    adc Entity.hitboxRight,d        ; (x & 15) + right + 1
    cmp #18
    bcc done                        ; the box ends in the centre tile
    cmp #34
    bcc rightOne
    #SIDE_TILE 2, \solid, \platform, \platformIsSolid
rightOne
    #SIDE_TILE 1, \solid, \platform, \platformIsSolid
done
    .endmacro

SIDE_TILE .macro offset, solid, platform, platformIsSolid
    #LOAD_TILE_TYPE \offset
    beq \solid                      ; SOLID is 0
    cmp #\platform
    .if \platformIsSolid
    beq \solid
    .else
    bne next
    sta Entity.edgeOnPlatform,d
    .endif
next
    .endmacro

; In:  A16, I16, D = the entity (page-aligned), DB = $7E.
; Out: A16, I16; the entity moved, its collisionState set; Y = the index (MAP_TILES-based) of the
;      last centre-column tile the Y path tested: under the entity when it falls or stands, over it
;      when it rises (0 without a hitbox); X destroyed.
MoveEntityAndProcessTileCollisions .proc
    .al
    .xl
    .databank $7E
    .dpage ?                ; D moves with the entity: only ",d" operands are direct-page ones

    ; 4.0: keep the previous state for the Y dispatch, then start from none.
    lda Entity.collisionState - 1,d     ; the state lands in the high byte
    sta Entity.oldState,d
    stz Entity.collisionState,d

    lda Entity.hitboxHeight,d
    bpl HasHitbox
    jmp NoTileHitbox
HasHitbox

    ; The X axis tests the rows the box covers before it moves vertically.
    lda Entity.hitboxYOffset,d
    clc
    adc Entity.yPosition + 2,d
    sta Entity.top,d
    #ROW_OF                         ; X = the top row, kept for the X axis

    clc
    lda Entity.xPosition,d
    adc Entity.xVelocity,d
    sta Entity.xPosition,d
    lda Entity.xPosition + 2,d
    adc Entity.xVelocity + 2,d
    sta Entity.xPosition + 2,d

    ; 4.1: the X axis. A = the new x pixel. A .block, not a .proc: the code above falls into it,
    ; and 64tass leaves out a .proc that nothing refers to.
XAxis .block
    bit Entity.xVelocity + 2,d
    bmi MovingLeft
    clc
    adc Entity.hitboxRight,d        ; quirk kept from the reference: the column right of the box
    bra TestColumn
MovingLeft
    sec
    sbc Entity.hitboxLeft,d         ; the box's first column
TestColumn
    sta Entity.testColumn,d
    lsr a
    lsr a
    lsr a
    lsr a
    clc
    adc MapRowOffsets,b,x
    tay                             ; the tile in the top row

    lda Entity.top,d                ; rows below the top one that the box covers:
    and #$000F                      ; ((top & 15) + height - 1) / 16
    clc
    adc Entity.hitboxHeight,d
    dec a
    lsr a
    lsr a
    lsr a
    lsr a
    sta Entity.rowsLeft,d
    lda #0                          ; B = 0 for TAX in the loop
Loop
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    beq Collision                   ; SOLID is 0: nothing else stops the X axis
    dec Entity.rowsLeft,d
    bmi Done
    rep #$21
    .al
    tya
    adc MapBytesPerRow,b
    tay
    lda #0
    bra Loop

Collision
    .as
    rep #$20
    .al
    bit Entity.xVelocity + 2,d
    bmi WallOnTheLeft
    ; The box's last column stops just before the wall. The test column is then the wall's
    ; first column, so an entity resting against a right wall meets it again every frame.
    lda #COLLISION_RIGHT
    tsb Entity.collisionState,d
    lda Entity.testColumn,d
    and #$FFF0
    sec
    sbc Entity.hitboxRight,d
    sta Entity.xPosition + 2,d
    bra Stop
WallOnTheLeft
    lda #COLLISION_LEFT
    tsb Entity.collisionState,d
    lda Entity.testColumn,d
    and #$000F
    eor #$000F                      ; 15 - (column & 15); with carry set, 16 - (column & 15)
    sec
    adc Entity.xPosition + 2,d
    sta Entity.xPosition + 2,d
Stop
    stz Entity.xVelocity,d          ; the subpixel position is kept, as in the reference
    stz Entity.xVelocity + 2,d
    bra YAxis
Done
    .as
    rep #$20
    .al
    .endblock

    ; 4.2: the Y path, by the direction of the Y velocity and what the entity stood on.
YAxis
    lda Entity.yVelocity + 2,d
    bmi Rising
    bit Entity.oldState,d           ; N = DOWN_COLLISION
    bpl MovingDown
    jmp MovingDown_Standing
Rising
    bit Entity.oldState,d           ; V = UP_COLLISION
    bvc GoMovingUp
    jmp MovingUp_Standing
GoMovingUp
    jmp MovingUp

; 4.3: falling (or still), not standing.
MovingDown .proc
    .al
    #MOVE_Y

    clc
    adc Entity.hitboxYOffset,d
    sta Entity.top,d
    clc
    adc Entity.hitboxHeight,d
    sta Entity.bottom,d
    #ROW_OF
    #CENTRE_INDEX
    tay                             ; the tile under the centre
    lda #0
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    cmp #TILE_EMPTY
    bcs SideTiles                   ; EMPTY, DOWN_PLATFORM or a ceiling slope (empty from above)
    cmp #TILE_UP_PLATFORM
    beq CentrePlatform

    ; SOLID, END_SLOPE or a floor slope: is the box's bottom at or past its surface here?
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax                             ; type | (x & 15): the height-table entry
    lda Entity.bottom,d
    and #$0F
    cmp @l TopHeightTable,x
    bcc TopTile
    jmp FloorCollision

CentrePlatform
    ; A one-way platform holds only if the box's bottom was at or above its top before the move.
    lda Entity.bottom,d
    and #$0F
    beq GoSolidCollision
    cmp Entity.yDelta,d
    bcc GoSolidCollision

SideTiles
    stz Entity.edgeOnPlatform,d
    #SIDE_TILES GoSolidCollision, TILE_UP_PLATFORM, false
    lda Entity.edgeOnPlatform,d
    beq TopTile
    lda Entity.bottom,d
    and #$0F
    beq GoSolidCollision
    cmp Entity.yDelta,d
    bcs TopTile
GoSolidCollision
    jmp FloorSolidCollision

    ; No floor: test the tile over the centre, so a jump at under 45 degrees does not pass
    ; through a ceiling slope (the top edge is tested even when falling).
TopTile
    .as
    rep #$20
    .al
    lda Entity.top,d
    #CENTRE_TYPE_KEEPING_Y
    bit #$F0
    bne NotSolid
    jmp CeilingSolidCollision       ; SOLID or END_SLOPE
NotSolid
    cmp #TILE_UP_RIGHT_SLOPE
    bcc Done                        ; not a ceiling slope
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.top,d
    and #$0F
    cmp @l BottomHeightTable,x
    beq GoCeilingCollision
    bcs Done
GoCeilingCollision
    jmp CeilingCollision
Done
    rep #$20
    .al
    rts
    .pend

; 4.4: standing on the floor. The Y velocity is ignored: only slopes move a standing entity. It is
; cleared on every way out (the collision tails clear it too).
MovingDown_Standing .proc
    .al
    lda Entity.top,d                ; unchanged since the entry: the entity has not moved on Y
    clc
    adc Entity.hitboxHeight,d
    sta Entity.bottom,d
    #ROW_OF
    #CENTRE_INDEX
    tay
    lda #0
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    cmp #TILE_UP_PLATFORM
    bcs TileBelow
    ; SOLID, END_SLOPE or a floor slope under the centre: stand on its surface here, whatever the
    ; height (walking up a slope, or down within one tile).
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.bottom,d
    and #$0F
    jmp FloorCollision

TileBelow
    ; Nothing under the centre: the tile below it (flat ground, or walking down a slope).
    rep #$21
    .al
    tya
    adc MapBytesPerRow,b
    tay
    lda #0
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    cmp #TILE_EMPTY
    bcs SideTilesBelow              ; only SOLID, END_SLOPE, floor slopes and UP_PLATFORM hold
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.bottom,d
    and #$0F
    sec
    sbc #16                         ; the surface is in the row below
    jmp FloorCollision

SideTilesBelow
    ; A ledge: only an edge of the box is still over ground. Platforms hold a walking entity.
    #SIDE_TILES OnLedge, TILE_UP_PLATFORM, true
    rep #$20                        ; nothing holds it: it falls from the next frame on
    .al
    stz Entity.yVelocity,d
    stz Entity.yVelocity + 2,d
    rts
OnLedge
    .as
    lda Entity.bottom,d             ; the surface is the top of the row below
    and #$0F
    sec
    sbc #16
    jmp FloorStop
    .pend

; 4.5: rising (negative Y velocity), not standing on a ceiling.
MovingUp .proc
    .al
    #MOVE_Y

    clc
    adc Entity.hitboxYOffset,d
    sta Entity.top,d
    #ROW_OF
    #CENTRE_INDEX
    tay                             ; the tile over the centre
    lda #0
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    cmp #TILE_UP_RIGHT_SLOPE
    bcs CeilingSlope
    cmp #TILE_DOWN_PLATFORM
    beq CentrePlatform
    bit #$F0
    bne SideTiles                   ; UP_PLATFORM, EMPTY, floor slopes: empty from below
    jmp CeilingSolidCollision       ; SOLID or END_SLOPE

CeilingSlope
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.top,d
    and #$0F
    cmp @l BottomHeightTable,x
    beq GoCeilingCollision
    bcs BottomTile
GoCeilingCollision
    jmp CeilingCollision

CentrePlatform
    ; A one-way ceiling holds only if the box's top was at or below its last row before the move.
    lda Entity.top,d
    and #$0F
    sec
    sbc Entity.yDelta,d
    cmp #15
    bcs GoSolidCollision

SideTiles
    stz Entity.edgeOnPlatform,d
    #SIDE_TILES GoSolidCollision, TILE_DOWN_PLATFORM, false
    lda Entity.edgeOnPlatform,d
    beq BottomTile
    lda Entity.top,d
    and #$0F
    sec
    sbc Entity.yDelta,d
    cmp #15
    bcc BottomTile
GoSolidCollision
    jmp CeilingSolidCollision

    ; No ceiling: test the tile under the centre, so rising at under 45 degrees does not pass
    ; through a floor slope.
BottomTile
    .as
    rep #$21
    .al
    lda Entity.top,d
    adc Entity.hitboxHeight,d
    sta Entity.bottom,d
    #CENTRE_TYPE_KEEPING_Y
    cmp #TILE_UP_PLATFORM
    bcs Done                        ; only SOLID, END_SLOPE and floor slopes
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.bottom,d
    and #$0F
    cmp @l TopHeightTable,x
    bcc Done
    jmp FloorCollision
Done
    rep #$20
    .al
    rts
    .pend

; 4.6: standing on a ceiling under upward gravity; the mirror of MovingDown_Standing, which clears
; the Y velocity the same way.
MovingUp_Standing .proc
    .al
    lda Entity.top,d                ; unchanged since the entry: the entity has not moved on Y
    #ROW_OF
    #CENTRE_INDEX
    tay
    lda #0
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    bit #$F0
    beq SnapToCentre                ; SOLID or END_SLOPE
    cmp #TILE_UP_RIGHT_SLOPE
    bcc TileAbove
SnapToCentre
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.top,d
    and #$0F
    jmp CeilingCollision

TileAbove
    rep #$20
    .al
    tya
    sec
    sbc MapBytesPerRow,b
    tay
    lda #0
    sep #$20
    .as
    #LOAD_TILE_TYPE 0
    bit #$F0
    beq SnapAbove                   ; SOLID or END_SLOPE
    cmp #TILE_DOWN_PLATFORM
    bcc SideTilesAbove
SnapAbove
    lda Entity.xPosition + 2,d
    and #$0F
    ora CollisionMap,b,x
    tax
    lda Entity.top,d
    and #$0F
    clc
    adc #16                         ; the ceiling is in the row above
    jmp CeilingCollision

SideTilesAbove
    #SIDE_TILES OnLedge, TILE_DOWN_PLATFORM, true
    rep #$20
    .al
    stz Entity.yVelocity,d
    stz Entity.yVelocity + 2,d
    rts
OnLedge
    .as
    lda Entity.top,d                ; the top moves up to the first row of its own tile
    and #$0F
    jmp CeilingStop
    .pend

; 4.3.5: lands on a floor slope (or a SOLID/END_SLOPE tile, height 0). A8 with B = 0,
; X = the height-table entry, A = (bottom & 15) measured from the surface tile's row: 0..15, or
; -16..-1 when the surface is in the row below.
FloorCollision .proc
    .as
    sec
    sbc @l TopHeightTable,x         ; how far the box's bottom is past the surface
    bra FloorStop
    .pend

; 4.3.6: lands on the top of the tile at the bottom's row. A8.
FloorSolidCollision .proc
    .as
    lda Entity.bottom,d
    and #$0F
    ; fall into FloorStop
    .pend

; DOWN_COLLISION, with the box's bottom (the row below the box) one pixel above the surface.
; A8 with B = 0, A = how far the bottom is past the surface (-31..15).
FloorStop .proc
    .as
    inc a                           ; how far the box must rise; 0 for an entity already at rest
    tax
    lda #COLLISION_DOWN
    tsb Entity.collisionState,d
    rep #$20
    .al
    stz Entity.yPosition,d          ; a Y collision stops the subpixel motion too
    stz Entity.yVelocity,d
    stz Entity.yVelocity + 2,d
    txa
    beq Done                        ; standing still on flat ground ends here
    eor #$0080                      ; sign-extend the 8-bit distance (B is 0)
    sec
    sbc #$0080
    eor #$FFFF                      ; with carry set: y - distance
    sec
    adc Entity.yPosition + 2,d
    sta Entity.yPosition + 2,d
Done
    rts
    .pend

; 4.5.5: meets a ceiling slope's underside. A8 with B = 0, X = the height-table entry,
; A = (top & 15) measured from the ceiling tile's row: 0..15, or 16..31 when it is the row above.
CeilingCollision .proc
    .as
    sec
    sbc @l BottomHeightTable,x
    dec a                           ; how far the top is above the row under the ceiling's last one
    bra CeilingStop
    .pend

; 4.5.6: meets the underside of the tile at the top's row. A8.
CeilingSolidCollision .proc
    .as
    lda Entity.top,d
    and #$0F
    sec
    sbc #16
    ; fall into CeilingStop
    .pend

; UP_COLLISION, with the box's top moved down to the first free row. A8 with B = 0, A = how far
; the top is above that row (-16..30; negative when it is below).
CeilingStop .proc
    .as
    tax
    lda #COLLISION_UP
    tsb Entity.collisionState,d
    txa
    rep #$20
    .al
    eor #$0080                      ; sign-extend (B is 0)
    sec
    sbc #$0080
    eor #$FFFF                      ; with carry set: y - distance
    sec
    adc Entity.yPosition + 2,d
    sta Entity.yPosition + 2,d
    stz Entity.yPosition,d
    stz Entity.yVelocity,d
    stz Entity.yVelocity + 2,d
    rts
    .pend

; 4.0.3: an entity without a tile hitbox only moves.
NoTileHitbox .proc
    .al
    clc
    lda Entity.xPosition,d
    adc Entity.xVelocity,d
    sta Entity.xPosition,d
    lda Entity.xPosition + 2,d
    adc Entity.xVelocity + 2,d
    sta Entity.xPosition + 2,d
    clc
    lda Entity.yPosition,d
    adc Entity.yVelocity,d
    sta Entity.yPosition,d
    lda Entity.yPosition + 2,d
    adc Entity.yVelocity + 2,d
    sta Entity.yPosition + 2,d
    ldy #0
    rts
    .pend

    .pend

; Only the host calls the routine, and 64tass assembles a .proc only when something refers to it:
; this check is that reference. The routine's JMPs stay in its bank, so it must not cross one.
    .cerror MoveEntityAndProcessTileCollisions >> 16 != (* - 1) >> 16, "the routine crosses a bank"

    .send code
