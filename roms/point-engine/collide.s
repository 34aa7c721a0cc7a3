; The point engine's collision, the one place every mover's rules live: the map lookups (TileAt,
; SolidAt, FloorAt) and CollideBox, which moves a body and collides its box with the level by one
; point a side, never the corners (actor.inc has the points). A box may thus overlap a wall's corner
; by up to half its width: by design.
;
; CollideBox works on a body copied into the direct page (BodyX..BodyVY, memory.s), so that the
; player's globals and an actor's record share it; the movers copy their results back.

.p816
.a16                                ; every routine here is entered with A16, I16
.i16

.include "actor.inc"
.include "tiles.inc"

.importzp BodyX, BodyY, BodyVX, BodyVY, BodyGround, OldFeetY, HalfWidth, HeadRise, SideRise
.importzp PointX, PointY, TileBits, MapColumn, SlopeOffset, LowerHalf, Surface, Raises
.import LevelMap, TileFlags, SlopeDepths

.segment "CODE"

; TileAt: the id of the tile holding level pixel (A, Y); a pixel off the map is Solid.
; In: A16, I16, A = the pixel column, Y = the pixel row (both unsigned: a negative coordinate reads
; as a large one, off the map), D = 0, DB = $7E. Out: A = the tile id. Y destroyed; X kept.
.proc TileAt
    .a16
    .i16
    cmp #MAP_WIDTH
    bcs OffMap
    cpy #MAP_HEIGHT
    bcs OffMap
    PIXELS                          ; the tile's column
    sta z:MapColumn
    tya
    and #$00F0                      ; 16 * the tile's row
    asl
    asl                             ; 64 * the row: the row's offset in the map
    ora z:MapColumn                 ; the column is under 64, the offset's low six bits clear: ORA adds
    tay
    lda .loword(LevelMap), y        ; DB = $7E supplies the bank
    and #$00FF                      ; a word read: its high byte is the next tile's
    rts
OffMap:
    lda #TILE_SOLID
    rts
.endproc

; SolidAt: whether level pixel (A, Y) is in a wall (a TF_SOLID tile): what stops a head or a side.
; In: A16, I16, A = the pixel column, Y = the pixel row, D = 0, DB = $7E. Out: carry set when it
; is; PointX, PointY = the pixel. A, Y destroyed; X kept.
.proc SolidAt
    .a16
    .i16
    sta z:PointX
    sty z:PointY
    jsr TileAt
    phx
    tax
    lda f:TileFlags, x              ; a word read: the high byte, the next id's, is masked off
    plx
    and #TF_SOLID
    cmp #TF_SOLID                   ; the masked bit compared with itself: carry set when it is set
    rts
.endproc

; FloorAt: whether level pixel (A, Y) is floor, for the body CollideBox moves: a Solid tile; a slope
; whose surface in the pixel's column is at or over the pixel's row; a Platform when the body does
; not rise and its feet were above the platform's top row before the move (OldFeetY).
; In: A16, I16, A = the pixel column, Y = the pixel row, BodyVY and OldFeetY the body's, D = 0,
; DB = $7E. Out: carry set when it is, and then A = the surface's level row in that column (the
; row the feet stand over: it may lie in the tile above, for a slope's lower tile); TileBits = the
; tile's flags; PointX, PointY = the pixel. A, X, Y destroyed.
.proc FloorAt
    .a16
    .i16
    sta z:PointX
    sty z:PointY
    jsr TileAt
    tax
    lda f:TileFlags, x              ; a word read: the high byte, the next id's, is masked off
    and #$00FF
    sta z:TileBits
    bit #TF_SOLID                   ; BIT #: Z alone, the flags kept in A for the next test
    bne Solid
    bit #TF_SLOPE
    bne Slope
    bit #TF_PLATFORM
    beq None                        ; air
Platform:
    lda z:BodyVY
    bmi None                        ; rising: a platform lets the body through
    lda z:PointY
    and #$FFF0                      ; its top row
    sta z:Surface
    lda z:OldFeetY
    cmp z:Surface
    bcs None                        ; the feet were in it or under it: they came from below
    lda z:Surface
    sec
    rts

Solid:
    lda z:PointY
    and #$FFF0                      ; its top row
    sec
    rts

Slope:
    and #TF_LOWER_HALF
    asl
    asl
    asl                             ; TF_LOWER_HALF is bit 5: times 8 it is 256, 16 px in 12.4
    sta z:LowerHalf
    txa
    sec
    sbc #TILE_FIRST_SLOPE
    asl
    asl
    asl
    asl
    asl                             ; 32 bytes a slope: its 16 words' offset
    sta z:SlopeOffset
    lda z:PointX
    and #$000F
    asl                             ; the column's word
    ora z:SlopeOffset               ; the slope's offset has its low five bits clear: ORA adds
    tax
    lda z:PointY
    and #$FFF0
    FIXED                           ; the tile's top row, 12.4
    clc
    adc f:SlopeDepths, x            ; the surface, were this the slope's top tile
    sec
    sbc z:LowerHalf                 ; a lower tile's depths count from the tile above's top
    PIXELS
    sta z:Surface
    lda z:PointY
    cmp z:Surface                   ; carry set when the pixel is at or under the surface: floor
    lda z:Surface                   ; LDA keeps the carry
    rts

None:
    clc
    rts
.endproc

; CollideBox: the body's move. (a) Vertical first: y += vy; rising, a wall at the head point stops
; the rise under it. (b) Across: x += vx; a wall at the side point it moves to stops it against the
; wall's side. (c) The feet: while the feet point is floor (twice at most: a slope tile over a solid
; one), the feet go up to the row over its surface; then, not rising, a floor under the feet stands
; the body on it. Snaps leave the fraction 0.
; In: A16, I16, D = 0, DB = $7E; BodyX, BodyY, BodyVX, BodyVY the body's; HalfWidth, HeadRise,
; SideRise its box. Out: BodyX, BodyY, BodyVY moved; BodyGround = ON_AIR, ON_FLAT or ON_SLOPE.
; A, X, Y destroyed.
.proc CollideBox
    .a16
    .i16
    lda z:BodyY
    PIXELS
    sta z:OldFeetY
    lda z:BodyY
    clc
    adc z:BodyVY
    sta z:BodyY
    lda z:BodyVY
    bpl Across                      ; not rising: no ceiling to bump
    lda z:BodyY
    PIXELS
    sec
    sbc z:HeadRise
    tay                             ; the head point's row
    lda z:BodyX
    PIXELS
    jsr SolidAt
    bcc Across
Ceiling:                            ; the head row onto the row under the wall
    lda z:PointY
    ora #$000F                      ; the wall's bottom row
    sec                             ; and one more: the row under it
    adc z:HeadRise
    FIXED
    sta z:BodyY
    stz z:BodyVY

Across:
    lda z:BodyX
    clc
    adc z:BodyVX
    sta z:BodyX
    lda z:BodyVX
    beq Feet                        ; not moving across: no wall to meet
    lda z:BodyY
    PIXELS
    sec
    sbc z:SideRise
    tay                             ; the side points' row
    bit z:BodyVX                    ; BIT: the velocity's sign in N, A kept
    bmi Leftward
    lda z:BodyX
    PIXELS
    clc
    adc z:HalfWidth
    dec                             ; the right point: the box's last column
    jsr SolidAt
    bcc Feet
WallRight:                          ; the right point onto the column before the wall
    AGAINST_WALL_ON_RIGHT
    sta z:BodyX
    bra Feet
Leftward:
    lda z:BodyX
    PIXELS
    sec
    sbc z:HalfWidth                 ; the left point: the box's first column
    jsr SolidAt
    bcc Feet
WallLeft:                           ; the left point onto the column after the wall
    AGAINST_WALL_ON_LEFT
    sta z:BodyX

Feet:
    lda #2
    sta z:Raises
Probe:
    lda z:BodyY
    PIXELS
    tay
    lda z:BodyX
    PIXELS
    jsr FloorAt
    bcc Under
Raise:                              ; the feet in a floor: onto the row over its surface
    dec
    FIXED
    sta z:BodyY
    dec z:Raises
    bne Probe

Under:
    lda z:BodyVY
    bmi Air                         ; rising: whatever is under the feet, not standing
    lda z:BodyY
    PIXELS
    inc
    tay                             ; the row under the feet
    lda z:BodyX
    PIXELS
    jsr FloorAt
    bcc Air
    stz z:BodyVY
    lda z:TileBits
    and #TF_SLOPE
    bne LandSlope
Land:                               ; standing on a Solid tile or a Platform
    lda #ON_FLAT
    sta z:BodyGround
    rts
LandSlope:
    lda #ON_SLOPE
    sta z:BodyGround
    rts
Air:
    stz z:BodyGround
    rts
.endproc

.export TileAt, SolidAt, FloorAt, CollideBox
