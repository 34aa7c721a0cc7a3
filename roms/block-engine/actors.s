; The block engine's actor routines: ActorFall, ActorWalk and EnemyFrame, on the conventions an
; engine of its kind keeps (docs/bundled-roms.md):
; - An actor is a 27-byte Actor record (actor.inc); a routine takes X = its address, D = 0 and
;   DB = $7E, and reaches its fields with absolute,X. Positions and sizes are 12.4 fixed point with
;   the origin at the feet: the box covers columns xPos - width/2 .. xPos + width/2 - 1 and rows
;   yPos - height + 1 .. yPos, in sixteenths of a pixel.
; - The level (level.inc) is read through a long pointer to a column, which ReadBlock computes; a
;   cell holds twice the block's id, the offset of its word in BlockFlags.
; - Standing, an actor's feet are in the first row of the floor: a flat block's top row, or a
;   slope's surface row at the feet's column.
; - Every routine starts with the same prologue, ActorPrologue; the paths that land and that keep
;   standing start at anonymous labels; EnemyFrame ends with a jmp into ActorFall.

.p816
.a16                                ; every routine here is entered with A16, I16
.i16

.include "actor.inc"
.include "level.inc"

.importzp BlockPtr, Flags, BlockCell, FeetX, FeetY, OldFeetY, FloorRow, HalfWidth, EdgeX, Speed, Temp
.import LevelBlocks, BlockFlags, SlopeHeights

.segment "CODE"

; A >> 4: a 12.4 value's whole pixels. A16.
.macro PIXELS
    lsr
    lsr
    lsr
    lsr
.endmacro

; A << 4: whole pixels as 12.4. A16.
.macro FIXED
    asl
    asl
    asl
    asl
.endmacro

; The start of every actor routine: the level's bank in BlockPtr, the feet's pixel column in FeetX.
; In: A16, I16, X = the actor. Out: A destroyed.
.proc ActorPrologue
    sep #$20
    .a8
    lda #^LevelBlocks
    sta z:BlockPtr + 2
    rep #$20
    .a16
    lda a:Actor::xPos, x
    PIXELS
    sta z:FeetX
    rts
.endproc

; The block holding pixel (A, Y), inside the level. In: A16, I16, BlockPtr's bank set. Out: A = its
; flags, also in Flags; BlockCell = its cell; BlockPtr = its column. X kept, Y destroyed.
.proc ReadBlock
    and #$0FF0                      ; 16 * column
    asl
    asl                             ; 64 * column: the column's offset in the level
    sta z:BlockPtr
    tya
    lsr
    lsr
    lsr                             ; pixel row / 8: twice the block's row, and the row's half
    and #2 * (LEVEL_ROWS - 1)       ; 2 * row: the block's offset in its column
    tay
    lda [BlockPtr], y
    sta z:BlockCell
    phx
    tax
    lda f:BlockFlags, x             ; a cell is 2 * id: its word's offset
    plx
    sta z:Flags
    rts
.endproc

; The floor at the feet (FeetX, FeetY), if they are in one: a solid block's top row, or the
; surface of a slope on it (the foot of a slope, which walking feet climb); a platform's top row
; when the feet were on or over it before (OldFeetY); a slope's surface row at the feet's column
; when they are at or under it. In: A16, I16, BlockPtr's bank set. Out: carry set and A = the floor
; row, or carry clear. X kept, Y destroyed.
.proc FloorAtFeet
    lda z:FeetY
    cmp #LEVEL_HEIGHT
    bcs None                        ; below the level: nothing to stand on
    tay
    lda z:FeetX
    jsr ReadBlock
    bit z:Flags
    bmi Solid
    bvs Platform
    jsr SlopeRow
    bcc None
    sta z:Temp                      ; the surface's row in the block
    lda z:FeetY
    and #$000F
    cmp z:Temp
    bcc None                        ; the feet are above the surface
    lda z:FeetY
    and #$FFF0
    clc
    adc z:Temp
    sec
    rts

Solid:
    lda z:FeetY
    and #$FFF0
    sta z:FloorRow                  ; its top row
    sec
    sbc #16                         ; a row in the block above, where a slope may start
    bcc Top                         ; the level's top row: nothing above
    tay
    lda z:FeetX
    jsr ReadBlock
    jsr SlopeRow
    bcc Top
    adc z:FloorRow                  ; the carry is set: row + top row + 1, and now clear
    sbc #16                         ; the carry is clear: - 17, the row in the block above
    rts                             ; no borrow: the carry is set
Top:
    lda z:FloorRow
    sec
    rts

Platform:
    lda z:FeetY
    and #$FFF0                      ; its top row
    cmp z:OldFeetY
    bcc None                        ; the feet were under its top: walked or jumped into it
    rts                             ; the carry is set
None:
    clc
    rts
.endproc

; The surface row of the slope ReadBlock read (BlockCell) at the feet's column FeetX: 16 - its
; height there. In: A16, I16. Out: carry set and A = the row (0..15), or carry clear for a block
; that is no slope. X kept.
.proc SlopeRow
    lda z:BlockCell
    cmp #2 * SLOPE_FIRST
    bcc None
    cmp #2 * (SLOPE_LAST + 1)
    bcs None
    sbc #2 * SLOPE_FIRST - 1        ; the carry is clear: 2 * the slope's number
    FIXED                           ; 32 * it: the offset of its 16 words
    sta z:Temp
    lda z:FeetX
    and #$000F
    asl
    adc z:Temp                      ; the carry is clear: the word of the feet's column
    phx
    tax
    lda #16
    sec
    sbc f:SlopeHeights, x
    plx
    sec
    rts
None:
    clc
    rts
.endproc

; ActorFall: the actor's vertical move. Standing, it stays on the floor under its feet (up or down
; a slope with them) or walks off it; in the air, gravity pulls it, a solid block over its head
; stops its rise, and a floor its feet reach lands it.
; In: A16, I16, X = the actor, D = 0, DB = $7E. Out: carry set and Actor::standing = 1 when it
; stands on a floor, else carry clear and 0. A, Y destroyed, X kept.
.proc ActorFall
    jsr ActorPrologue
    lda a:Actor::yPos, x
    PIXELS
    sta z:FeetY
    sta z:OldFeetY
    sep #$20
    .a8
    lda a:Actor::standing, x
    rep #$20                        ; REP keeps Z: standing's
    .a16
    beq Fall
    jsr FloorAtFeet
    bcs :+                          ; stands
    stz a:Actor::yVel, x            ; walked off: the fall starts from rest

Fall:
    lda a:Actor::yVel, x
    clc
    adc #GRAVITY
    bmi Rising                      ; still going up: no cap
    cmp #MAX_FALL + 1
    bcc Move
    lda #MAX_FALL
Move:
    sta a:Actor::yVel, x
    clc
    adc a:Actor::yPos, x
    sta a:Actor::yPos, x
    PIXELS
    sta z:FeetY
    jsr FloorAtFeet
    bcs :++                         ; lands
    bra Airborne

:   FIXED                           ; stands: the feet on the floor row, up or down a slope
    sta a:Actor::yPos, x
    sec
    rts

:   FIXED                           ; lands: the feet on the floor row, the fall over
    sta a:Actor::yPos, x
    stz a:Actor::yVel, x
    sep #$20
    .a8
    lda #1
    sta a:Actor::standing, x
    rep #$20
    .a16
    sec
    rts

Rising:
    sta a:Actor::yVel, x
    clc
    adc a:Actor::yPos, x
    sta a:Actor::yPos, x
    sec
    sbc a:Actor::height, x
    bcc Airborne                    ; the box's top is above the level
    PIXELS
    inc                             ; the box's top row
    sta z:Temp
    tay
    lda z:FeetX
    jsr ReadBlock
    bit z:Flags
    bpl Airborne                    ; nothing solid over the head: a platform lets it through
    lda z:Temp                      ; bumps: the box's top row to the row under the block
    and #$FFF0
    clc
    adc #16
    FIXED
    clc
    adc a:Actor::height, x
    sec
    sbc #$0010                      ; the feet are height - 1 rows under the top row
    sta a:Actor::yPos, x
    stz a:Actor::yVel, x

Airborne:
    sep #$20
    .a8
    stz a:Actor::standing, x
    rep #$20
    .a16
    clc
    rts
.endproc

; ActorWalk: a step of A the way the actor faces; a solid block at its knees or its head stops it
; against the block's side. In: A16, I16, A = the speed (12.4), X = the actor, D = 0, DB = $7E.
; Out: carry set when a wall stopped it. A, Y destroyed, X kept.
.proc ActorWalk
    sta z:Speed
    jsr ActorPrologue
    lda a:Actor::width, x
    lsr
    sta z:HalfWidth
    sep #$20
    .a8
    lda a:Actor::direction, x
    rep #$20                        ; REP keeps Z: the direction's
    .a16
    bne Left

    lda a:Actor::xPos, x
    clc
    adc z:Speed
    sta a:Actor::xPos, x
    clc
    adc z:HalfWidth
    dec                             ; the box's last sixteenth
    PIXELS
    sta z:EdgeX
    jsr WallAtEdge
    bcc Done
    lda z:EdgeX                     ; bumps: the box's last column against the block's side
    and #$FFF0
    FIXED
    sec
    sbc z:HalfWidth
    sta a:Actor::xPos, x
    sec
    rts

Left:
    lda a:Actor::xPos, x
    sec
    sbc z:Speed
    sta a:Actor::xPos, x
    sec
    sbc z:HalfWidth                 ; the box's first sixteenth
    PIXELS
    sta z:EdgeX
    jsr WallAtEdge
    bcc Done
    lda z:EdgeX                     ; bumps: the box's first column after the block
    and #$FFF0
    clc
    adc #16
    FIXED
    clc
    adc z:HalfWidth
    sta a:Actor::xPos, x
    sec
Done:
    rts
.endproc

; Whether a solid block holds pixel column EdgeX at the actor's knees (KNEE pixels over its feet)
; or at the box's top row. In: A16, I16, X = the actor. Out: carry set when one does. A, Y
; destroyed.
.proc WallAtEdge
    lda a:Actor::yPos, x
    PIXELS
    sec
    sbc #KNEE
    tay
    lda z:EdgeX
    jsr ReadBlock
    bit z:Flags
    bmi Wall
    lda a:Actor::yPos, x
    sec
    sbc a:Actor::height, x
    PIXELS
    inc                             ; the box's top row
    tay
    lda z:EdgeX
    jsr ReadBlock
    bit z:Flags
    bmi Wall
    clc
    rts
Wall:
    sec
    rts
.endproc

; EnemyFrame: a walking enemy's frame. It walks at ENEMY_SPEED, turns where a wall stops it, is
; despawned (type 0) once it falls out of the level, and falls. In: A16, I16, X = the actor, D = 0,
; DB = $7E. Out: as ActorFall's.
.proc EnemyFrame
    lda #ENEMY_SPEED
    jsr ActorWalk
    bcc Onward
    sep #$20                        ; turns: a wall ahead
    .a8
    lda a:Actor::direction, x
    eor #1
    sta a:Actor::direction, x
    rep #$20
    .a16
Onward:
    lda a:Actor::yPos, x
    cmp #LEVEL_HEIGHT << 4
    bcc Alive
    sep #$20                        ; despawns: under the level
    .a8
    stz a:Actor::type, x
    rep #$20
    .a16
    clc
    rts
Alive:
    jmp ActorFall                   ; the frame ends as the fall does
.endproc

.export ActorPrologue, ReadBlock, FloorAtFeet, SlopeRow, ActorFall, ActorWalk, WallAtEdge, EnemyFrame
