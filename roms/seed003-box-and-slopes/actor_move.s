; MoveActor: the actorMove of seed 003 ("Collisions In Tile-Based Worlds",
; ../shared/seeds/003_80a3b3ae54b750d3.txt), as its slope chapter leaves it ("Here's the whole
; code for our sloppy slope implementation"): free movement of a bounding box against solid
; blocks, tested edge by edge, and slopes followed by one point, "the mysterious third leg".
;
; The article's design:
; - The world is gMapData(), gMapWidth x gMapHeight block indexes, row-major, cells of 16 x 16
;   units. gBlock(index) gives the block's iFlags (cBlockIsSolid, cBlockIsSlope) and iShape, a row
;   of gSlope(): 16 floor elevations counted up from the cell's bottom row, one per unit column.
; - The actor's origin (fX, fY) is the centre of its bounding box's bottom row; the box spans
;   fX - iBBoxW .. fX + iBBoxW and fY - (iBBoxH - 1) .. fY, and may overlap a solid block by one
;   unit: standing, the origin is the floor's first row.
; - Each call moves by fVelX first, testing the column ahead against the rows from the box's top
;   + 4 to its bottom - 4 (on the ground: to the row above the origin's), then by fVelY, testing
;   the row above the head between the box's edges, or below: the origin's cell if it is a slope,
;   else two feet, one unit in from each edge. Stopped, a velocity is cancelled. Walking on the
;   ground, the origin's cell, or the one above it, decides: a slope sets fY to its surface, else
;   the feet tell which are still on the ground.
; - The caller applies gravity only while the actor is not on the ground ("Being on the ground
;   means that gravity shouldn't be applied"): this routine never changes a velocity but to 0.
;
; How the ROM maps it:
; - The actor is an Actor slot (entity.inc), D = the slot. fX, fY, fVelX, fVelY are 16.16 fixed
;   point (the article's are SINGLE): the host's own format, so its velocities arrive exactly, and
;   a position's pixel word is the article's INT() with no shift. Where the article assigns a
;   SINGLE to an INTEGER without INT(), QuickBASIC would round to nearest; the ROM truncates
;   everywhere, as the article's own corner formulas do (iLf = INT(fX) - iBBoxW ...).
; - iFlags is Actor::flags: the article's cActorOnGroundLeft $01 and cActorOnGroundRight $02 (the
;   host's "down" is either), plus three bits the article lacks, set in the frame a velocity is
;   cancelled: ACTOR_WALL_LEFT, ACTOR_WALL_RIGHT, ACTOR_CEILING. They last one frame.
; - The host's hitbox_left is iBBoxW, its hitbox_y_offset -(iBBoxH - 1).
; - gBlock() is BlockFlags, one byte per block index that the host fills from the design: bit 7
;   cBlockIsSolid, bit 3 cBlockIsSlope, bits 4-6 iShape. gSlope() is the ROM table below.
; - Like the article ("we do not check for out-of-bounds coordinates"), nothing keeps the box
;   inside the map: scenarios do, and [limits] keep speeds under a cell.
; - iRow * gMapWidth comes from MapRowOffsets (the host writes row * width per row), and the
;   article's recovery of a cell's column and row from its address (MOD and \ gMapWidth) is not
;   needed: the routine still has them.
;
; With ONE_LOOKUP: the feet and the head read each of their cells once, stepping to them from a
; cell already at hand instead of computing every address from pixels and the row table. The feet
; are one unit in from the box's edges, (iLf + 1) \ 16 and (iRt - 1) \ 16, and the article's actors
; are "no wider than one tile" (iBBoxW <= 8, the design's [limits]): the 2 * iBBoxW - 1 columns
; between them reach at most one cell beside the origin's, before it or after it, never both, and
; fX MOD 16 tells which: the left foot is in the cell before when (fX MOD 16) + 1 < iBBoxW, the
; right one in the cell after when (fX MOD 16) + iBBoxW - 1 > 15. Inside the map, as the article
; requires, iRow * gMapWidth + that column is the origin's index - 1 or + 1, the address the
; article's formula gives. The origin's cell has just been read for the slope test (the third
; leg's, or the fall's), so a foot in it takes that block instead of reading the cell again: of
; the two feet, one cell is read at most. The head test reads the head row's cell in the origin's
; column, then the one beside it that the head reaches, if any: the FOR iCol loop's cells, each
; once, in another order, which cannot change a bump (its fIdealY does not depend on the block
; that stops it). Already so in the faithful build, and unchanged: the wall loop steps down its
; column by gMapWidth, the cell above the origin is its index - gMapWidth, and a call looks up one
; slope floor at most. So is every rule the answers come from: the ankle rows, the origin's row - 1
; on the ground, the third leg's order, the old fY that a fall into a slope compares.
;
; In: A16, I16, D = the actor, DB = $00. Out: the actor moved, its velocity and flags updated.

.p816

.include "entity.inc"

.import BlockFlags, MapData, MapBytesPerRow, MapRowOffsets

; BlockFlags as the 16-bit read one byte early sees it: the block's byte in the high byte.
BLOCK_IS_SOLID = $8000              ; cBlockIsSolid, the N flag of that read
BLOCK_IS_SLOPE = $0800              ; cBlockIsSlope
BLOCK_SHAPE    = $7000              ; iShape * cCellWidth, once swapped into the low byte

; A = the block of map cell `index` (X or Y) in the high byte, N = its cBlockIsSolid. Clobbers X.
.macro BLOCK_AT index
    lda a:MapData, index
    and #$00FF
    tax
    lda a:BlockFlags - 1, x         ; one byte early: the block's byte lands in the high byte, bit 7 in N
.endmacro

; A = X = the map cell of pixel column A in the row Y holds twice (a MapRowOffsets index); with
; `into` y, A = Y instead and X is kept.
.macro CELL_IN_ROW_Y into
    lsr
    lsr
    lsr
    lsr
    clc
    adc a:MapRowOffsets, y
  .if .xmatch({into}, y)
    tay
  .else
    tax
  .endif
.endmacro

; A = X = the map cell one unit in from the box's left edge (iLf + 1), in the row Y holds twice: a
; foot's, or the head test's first.
.macro INNER_LEFT_CELL
    lda z:Actor::xPosition + 2
    sec
    sbc z:Actor::bboxW
    inc                             ; iLf + 1
    CELL_IN_ROW_Y
.endmacro

; The same one unit in from its right edge (iRt - 1).
.macro INNER_RIGHT_CELL
    lda z:Actor::xPosition + 2
    clc
    adc z:Actor::bboxW
    dec                             ; iRt - 1
    CELL_IN_ROW_Y
.endmacro

.ifdef ONE_LOOKUP
; Where the box's inner edges (iLf + 1 and iRt - 1) fall from the origin's column: branches to
; `before` when the left one is in the column before, to `after` when the right one is in the column
; after, and falls through when both are in the origin's. With iBBoxW <= 8 they are never both out.
.macro INNER_EDGES_BESIDE before, after
    lda z:Actor::xPosition + 2
    and #$000F
    inc                             ; (fX MOD 16) + 1
    cmp z:Actor::bboxW
    bcc before                      ; (fX MOD 16) - iBBoxW + 1 < 0
    adc z:Actor::bboxW              ; carry set: (fX MOD 16) + iBBoxW + 2
    cmp #19
    bcs after                       ; (fX MOD 16) + iBBoxW - 1 > 15
.endmacro

; N = the foot's block is solid: sets the foot's flag, else clears it (walking, each foot keeps its
; own flag up to date).
.macro FOOT_FLAG flag
    .local InAir, Done
    bpl InAir
    lda #flag
    tsb z:Actor::flags
    bra Done
InAir:
    lda #flag
    trb z:Actor::flags
Done:
.endmacro
.endif

.segment "CODE"

.proc MoveActor
    .a16
    .i16
    ; "The actor is moving vertically. It cannot be on the ground." The ROM's stop bits go every
    ; call, in the same TRB.
    lda z:Actor::yVelocity
    ora z:Actor::yVelocity + 2
    beq KeepGround
    lda #ACTOR_ON_GROUND | ACTOR_STOPPED
    bra ClearFlags
KeepGround:
    lda #ACTOR_STOPPED
ClearFlags:
    trb z:Actor::flags

    lda z:Actor::xVelocity
    ora z:Actor::xVelocity + 2
    bne MoveX
    jmp MoveY

    ; "Test collisions with vertical edges first." fIdealX is built in fX itself: nothing reads the
    ; old fX after it, and the article's closing fX = fIdealX is then free.
MoveX:
    clc
    lda z:Actor::xPosition
    adc z:Actor::xVelocity
    sta z:Actor::xPosition
    lda z:Actor::xPosition + 2
    adc z:Actor::xVelocity + 2
    sta z:Actor::xPosition + 2
    bit z:Actor::xVelocity + 2      ; N = the velocity's sign
    bmi TestLeftColumn
    clc
    adc z:Actor::bboxW              ; iRt
    bra KeepColumn
TestLeftColumn:
    sec
    sbc z:Actor::bboxW              ; iLf
KeepColumn:
    lsr
    lsr
    lsr
    lsr
    sta z:Actor::column             ; iCol

    ; iRowUp = (iUp + 4) \ 16: "by moving the lower point from the feet to the ankle" (and the
    ; upper one 4 units down) a leap that is a few units short still lands.
    lda z:Actor::yPosition + 2
    clc
    adc z:Actor::bboxUp             ; iUp
    clc
    adc #4
    lsr
    lsr
    lsr
    lsr
    sta z:Actor::scratch            ; iRowUp

    ; iRowDn: on the ground "we do NOT test cells located on the same row (or below) a slope
    ; block": the origin's row - 1, so that a solid block beside a slope's low part is no wall.
    ; In the air, the ankle: (iDn - 4) \ 16.
    lda z:Actor::flags
    and #ACTOR_ON_GROUND
    beq AnkleRow
    lda z:Actor::yPosition + 2
    lsr
    lsr
    lsr
    lsr
    dec
    bra KeepRowDn
AnkleRow:
    lda z:Actor::yPosition + 2
    sec
    sbc #4
    lsr
    lsr
    lsr
    lsr
KeepRowDn:

    ; FOR iRow = iRowUp TO iRowDn, walked down the map column: Y = the cell, lastIndex = the
    ; cell under iRowDn's.
    asl
    tax
    lda a:MapRowOffsets, x
    clc
    adc z:Actor::column
    adc a:MapBytesPerRow            ; no carry out of the add before: indexes are under 512
    sta z:Actor::lastIndex
    lda z:Actor::scratch
    asl
    tax
    lda a:MapRowOffsets, x
    adc z:Actor::column             ; carry clear from the add above
    tay
    cpy z:Actor::lastIndex
    bcs NoWall                      ; iRowUp > iRowDn: the FOR loop runs no row
NextRow:
    BLOCK_AT y
    bmi Wall
    tya
    clc
    adc a:MapBytesPerRow
    tay
    cpy z:Actor::lastIndex
    bne NextRow
    bra NoWall

    ; "If we got a collision, adjust the ideal X coordinate and exit the loop": one unit into the
    ; block, at a whole unit, and cancel the horizontal velocity.
Wall:
    stz z:Actor::xPosition
    lda z:Actor::column
    asl
    asl
    asl
    asl                             ; iCol * 16
    bit z:Actor::xVelocity + 2
    bmi StopAtLeftWall
    sec
    sbc z:Actor::bboxW              ; iCol * 16 - iBBoxW
    ldx #ACTOR_WALL_RIGHT
    bra Stopped
StopAtLeftWall:
    ora #$000F                      ; (iCol + 1) * 16 - 1 ...
    clc
    adc z:Actor::bboxW              ; ... + iBBoxW
    ldx #ACTOR_WALL_LEFT
Stopped:
    sta z:Actor::xPosition + 2
    stz z:Actor::xVelocity
    stz z:Actor::xVelocity + 2
    txa
    tsb z:Actor::flags

NoWall:
    ; "The actor was on the ground last time we checked and the horizontal velocity is not Null,
    ; we have to make sure the actor's feet are still on the ground."
    lda z:Actor::flags
    and #ACTOR_ON_GROUND
    bne ThirdLeg
    jmp MoveY
.endproc

; On the ground after a move on X. Still on the ground means fVelY is 0 (the entry cleared the
; flags otherwise), so the article's vertical block would do nothing: each path returns.
; In: A16, I16.
.proc ThirdLeg
    ; "Slopes have the priority": the origin's cell, (fIdealX \ 16, iDn \ 16).
    lda z:Actor::yPosition + 2
    lsr
    lsr
    lsr
    and #$FFFE                      ; pixel / 8 with bit 0 cleared: 2 * iRow, a MapRowOffsets index
    tay
    lda z:Actor::xPosition + 2
.ifdef ONE_LOOKUP
    CELL_IN_ROW_Y y                 ; iAdr, kept in Y for the feet
    BLOCK_AT y
.else
    CELL_IN_ROW_Y
    stx z:Actor::column             ; iAdr
    BLOCK_AT x
.endif
    bit #BLOCK_IS_SLOPE
    bne OriginInSlope

    ; "If the new origin is NOT in a slope tile, test the tile just above: the actor may come from
    ; a solid tile and onto a slope."
.ifdef ONE_LOOKUP
    sta z:Actor::scratch            ; the origin's block, for a foot in its cell
    tya
.else
    lda z:Actor::column
.endif
    sec
    sbc a:MapBytesPerRow            ; iAdr - gMapWidth
    tax
    BLOCK_AT x
    bit #BLOCK_IS_SLOPE
    beq WalkOnFeet
    tax
    lda z:Actor::yPosition + 2
    and #$FFF0
    dec                             ; iCelY, the bottom row of the cell above
    sta z:Actor::scratch
    txa
    bra WalkOnSlope

OriginInSlope:
    tax
    lda z:Actor::yPosition + 2
    ora #$000F                      ; iCelY, the origin's cell's bottom row
    sta z:Actor::scratch
    txa
    ; falls into WalkOnSlope
.endproc

; "If the actor is walking on a slope, we have to adjust the vertical coordinate. We don't care
; where its feet are at all." The flags stay as they were.
; In: A16, I16, A = the slope's block (high byte), Actor::scratch = iCelY.
.proc WalkOnSlope
    and #BLOCK_SHAPE
    xba                             ; iShape * cCellWidth
    sta z:Actor::column
    lda z:Actor::xPosition + 2
    and #$000F                      ; iRelX = fIdealX - iCelX
    ora z:Actor::column
    asl                             ; gSlope() holds INTEGERs: words
    tax
    lda z:Actor::scratch
    sec
    sbc a:SlopeHeights, x           ; iRelY = iCelY - gSlope(iShape * cCellWidth + iRelX)
    sta z:Actor::yPosition + 2
    stz z:Actor::yPosition
    rts
.endproc

; "The actor is not on a slope, check both feet", on the origin's row, each foot one unit in from
; the box's edge; each sets or clears its own flag.
; In: A16, I16, Y = 2 * iRow. With ONE_LOOKUP: Y = the origin's cell, Actor::scratch its block.
.proc WalkOnFeet
.ifdef ONE_LOOKUP
    INNER_EDGES_BESIDE LeftFootBefore, RightFootAfter
    lda z:Actor::scratch            ; both feet in the origin's cell
    bpl BothFeetInAir
    lda #ACTOR_ON_GROUND
    tsb z:Actor::flags
    rts
BothFeetInAir:
    lda #ACTOR_ON_GROUND
    trb z:Actor::flags
    rts

LeftFootBefore:
    dey
    BLOCK_AT y
    FOOT_FLAG ACTOR_ON_GROUND_LEFT
    lda z:Actor::scratch            ; the right foot in the origin's cell
    bra RightFootFlag

RightFootAfter:
    lda z:Actor::scratch            ; the left foot in the origin's cell
    FOOT_FLAG ACTOR_ON_GROUND_LEFT
    iny
    BLOCK_AT y
.else
    INNER_LEFT_CELL
    BLOCK_AT x
    bpl LeftFootInAir
    lda #ACTOR_ON_GROUND_LEFT
    tsb z:Actor::flags
    bra RightFoot
LeftFootInAir:
    lda #ACTOR_ON_GROUND_LEFT
    trb z:Actor::flags
RightFoot:
    INNER_RIGHT_CELL
    BLOCK_AT x
.endif
RightFootFlag:
    bpl RightFootInAir
    lda #ACTOR_ON_GROUND_RIGHT
    tsb z:Actor::flags
    rts
RightFootInAir:
    lda #ACTOR_ON_GROUND_RIGHT
    trb z:Actor::flags
    rts
.endproc

; "If the actor is going up, check head bump": the row of iUp, from (iLf + 1) \ 16 to
; (iRt - 1) \ 16, not the box's full width, or it "will get stuck at the horizontal seams of the
; cells that make up the walls".
; In: A16, I16, A = INT(fIdealY).
.proc Rising
    clc
    adc z:Actor::bboxUp             ; iUp
    sta z:Actor::scratch
    lsr
    lsr
    lsr
    and #$FFFE
    tay                             ; 2 * iRow
.ifdef ONE_LOOKUP
    ; FOR iCol = iColLf TO iColRt: the head row's cell in the origin's column, then the one beside
    ; it that the head reaches, if any.
    lda z:Actor::xPosition + 2
    CELL_IN_ROW_Y y
    BLOCK_AT y
    bmi Bump
    INNER_EDGES_BESIDE HeadReachesBefore, HeadReachesAfter
    rts
HeadReachesBefore:
    dey
    bra HeadReachesBeside           ; one copy of the read: MoveY's BMI Rising must reach this routine
HeadReachesAfter:
    iny
HeadReachesBeside:
    BLOCK_AT y
    bmi Bump
    rts
.else
    INNER_RIGHT_CELL
    inx
    stx z:Actor::lastIndex          ; the cell after iColRt's
    INNER_LEFT_CELL
    txy                             ; FOR iCol = iColLf TO iColRt: at least one cell, as iBBoxW >= 1
NextColumn:
    BLOCK_AT y
    bmi Bump
    iny
    cpy z:Actor::lastIndex
    bne NextColumn
    rts
.endif

    ; fIdealY = ((iRow + 1) * 16) - 1 + (iBBoxH - 1): the box's top row is the block's last.
Bump:
    lda z:Actor::scratch
    ora #$000F
    sec
    sbc z:Actor::bboxUp
    sta z:Actor::yPosition + 2
    stz z:Actor::yPosition
    stz z:Actor::yVelocity
    stz z:Actor::yVelocity + 2
    lda #ACTOR_CEILING
    tsb z:Actor::flags
    rts
.endproc

; Neither a walk on the ground nor a vertical move: nothing more to do.
.proc NoVerticalMove
    rts
.endproc

; "The actor's vertical velocity is not Null, we may test for jump or drop." fIdealY is built in
; fY; the old pixel row is kept for the slope test, the one place the article reads the old fY.
; In: A16, I16.
.proc MoveY
    lda z:Actor::yVelocity
    ora z:Actor::yVelocity + 2
    beq NoVerticalMove
    clc
    lda z:Actor::yPosition
    adc z:Actor::yVelocity
    sta z:Actor::yPosition
    lda z:Actor::yPosition + 2
    tax                             ; INT(fY) before the move
    adc z:Actor::yVelocity + 2
    sta z:Actor::yPosition + 2
    bit z:Actor::yVelocity + 2
    bmi Rising
    stx z:Actor::scratch
    ; falls into Falling
.endproc

; Falling (or walking with gravity applied): the row of iDn. "Slopes have the priority": the
; origin's cell first.
; In: A16, I16, A = INT(fIdealY), Actor::scratch = INT(fY) before the move.
.proc Falling
    lsr
    lsr
    lsr
    and #$FFFE
    tay                             ; 2 * iRow
    lda z:Actor::xPosition + 2
.ifdef ONE_LOOKUP
    CELL_IN_ROW_Y y                 ; the origin's cell, which the feet step from
    BLOCK_AT y
.else
    CELL_IN_ROW_Y
    BLOCK_AT x
.endif
    bit #BLOCK_IS_SLOPE
    beq FallOnFeet
    ; falls into FallIntoSlope
.endproc

; "If the actor's origin is below the floor level, adjust the ideal Y coordinate." The article
; compares gActor().fY, the origin BEFORE this frame's move, with the surface: a faller whose
; move crosses the surface sinks into the slope for a frame and is lifted back onto it by the next
; call; one above the surface keeps falling into the slope block.
; In: A16, I16, A = the slope's block (high byte), Actor::scratch = INT(fY) before the move.
.proc FallIntoSlope
    and #BLOCK_SHAPE
    xba                             ; iShape * cCellWidth
    sta z:Actor::column
    lda z:Actor::xPosition + 2
    and #$000F                      ; iRelX
    ora z:Actor::column
    asl
    tax
    lda z:Actor::yPosition + 2
    ora #$000F                      ; iCelY
    sec
    sbc a:SlopeHeights, x           ; iRelY
    cmp z:Actor::scratch
    beq Land
    bcs AboveSurface                ; fY < iRelY: not there yet
Land:
    sta z:Actor::yPosition + 2
    stz z:Actor::yPosition
    lda #ACTOR_ON_GROUND
    tsb z:Actor::flags
    stz z:Actor::yVelocity
    stz z:Actor::yVelocity + 2
AboveSurface:
    rts
.endproc

; Both feet on the row of iDn, one unit in from the box's edges. Either foot in a solid block sets
; its flag and puts the origin on the block's top row with fVelY cancelled; the article does both
; per foot, the ROM once for either (same values). The flags were clear: fVelY is not 0.
; "TODO: if we're on the floor, it's possible that the tile above is a slope. In that case we
; must push the actor up!": the article leaves it undone here, and so does the ROM.
; In: A16, I16, Y = 2 * iRow. With ONE_LOOKUP: Y = the origin's cell, A = its block.
.proc FallOnFeet
.ifdef ONE_LOOKUP
    sta z:Actor::scratch            ; the origin's block, for a foot in its cell
    INNER_EDGES_BESIDE LeftFootBefore, RightFootAfter
    lda z:Actor::scratch            ; both feet in the origin's cell
    bpl InTheAir                    ; the flags are clear already
    lda #ACTOR_ON_GROUND
    tsb z:Actor::flags
    bra StandOnRow

LeftFootBefore:
    dey
    BLOCK_AT y
    bpl RightFootInOrigin
    lda #ACTOR_ON_GROUND_LEFT
    tsb z:Actor::flags
RightFootInOrigin:
    lda z:Actor::scratch            ; the right foot in the origin's cell
    bra RightFootFlag

RightFootAfter:
    lda z:Actor::scratch            ; the left foot in the origin's cell
    bpl RightFootBlock
    lda #ACTOR_ON_GROUND_LEFT
    tsb z:Actor::flags
RightFootBlock:
    iny
    BLOCK_AT y
.else
    INNER_LEFT_CELL
    BLOCK_AT x
    bpl RightFoot
    lda #ACTOR_ON_GROUND_LEFT
    tsb z:Actor::flags
RightFoot:
    INNER_RIGHT_CELL
    BLOCK_AT x
.endif
RightFootFlag:
    bpl Landed
    lda #ACTOR_ON_GROUND_RIGHT
    tsb z:Actor::flags
Landed:
    lda z:Actor::flags
    and #ACTOR_ON_GROUND
    beq InTheAir
StandOnRow:
    lda z:Actor::yPosition + 2
    and #$FFF0                      ; fIdealY = iRow * cCellHeight
    sta z:Actor::yPosition + 2
    stz z:Actor::yPosition
    stz z:Actor::yVelocity
    stz z:Actor::yVelocity + 2
InTheAir:
    rts
.endproc

.segment "RODATA"

; gSlope(): cNumSlopes = 6 shapes of cCellWidth INTEGERs, the floor's elevation above the cell's
; bottom row at each unit column, as the article's DATA gives them.
SlopeHeights:
    .word 15, 14, 13, 12, 11, 10,  9,  8,  7,  6,  5,  4,  3,  2,  1,  0   ; 0: down, 1 right = 1 down
    .word 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10,  9,  9,  8,  8   ; 1: down, 2 right = 1 down
    .word  7,  7,  6,  6,  5,  5,  4,  4,  3,  3,  2,  2,  1,  1,  0,  0   ; 2: its lower half
    .word  0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7   ; 3: up, 2 right = 1 up
    .word  8,  8,  9,  9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15   ; 4: its upper half
    .word  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15   ; 5: up, 1 right = 1 up

.export MoveActor, SlopeHeights
