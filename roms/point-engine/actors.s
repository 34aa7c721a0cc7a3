; The point engine's enemy routines: ActorWalk, which steps an actor the way it faces and answers
; in the carry whether a wall stopped it, and ActorCollide, which moves it by its velocity through
; CollideBox (collide.s). An actor is an Actor record (actor.inc) with a kind but no hitbox: its
; box comes from immediates chosen by the kind (ActorBox).

.p816
.a16                                ; every routine here is entered with A16, I16
.i16

.include "actor.inc"

.importzp BodyX, BodyY, BodyVX, BodyVY, BodyGround, HalfWidth, HeadRise, SideRise, PointX, Speed
.import SolidAt, CollideBox

.segment "CODE"

; ActorBox: the box of the actor's kind: a walker's 16 x 16, any other kind's (a crawler's) 8 x 8.
; In: A16, I16, X = the actor, D = 0, DB = $7E. Out: HalfWidth, HeadRise, SideRise. A destroyed;
; X, Y kept.
.proc ActorBox
    .a16
    .i16
    sep #$20
    .a8
    lda a:Actor::kind, x
    cmp #KIND_WALKER
    rep #$20                        ; REP keeps Z: the comparison's
    .a16
    bne Crawler
Walker:
    lda #WALKER_WIDTH / 2
    sta z:HalfWidth
    lda #WALKER_HEIGHT - 1
    sta z:HeadRise
    lda #WALKER_HEIGHT / 2
    sta z:SideRise
    rts
Crawler:
    lda #CRAWLER_WIDTH / 2
    sta z:HalfWidth
    lda #CRAWLER_HEIGHT - 1
    sta z:HeadRise
    lda #CRAWLER_HEIGHT / 2
    sta z:SideRise
    rts
.endproc

; ActorWalk: a step of A the way the actor faces (Actor::dir); a wall at the side point it faces
; stops it against the wall's side. It does not move y.
; In: A16, I16, A = the speed (1/16 px a frame, unsigned), X = the actor, D = 0, DB = $7E.
; Out: carry set when a wall stopped it, else clear. A, Y destroyed; X kept.
.proc ActorWalk
    .a16
    .i16
    sta z:Speed
    jsr ActorBox
    lda a:Actor::yPos, x
    PIXELS
    sec
    sbc z:SideRise
    tay                             ; the side points' row
    sep #$20
    .a8
    lda a:Actor::dir, x
    rep #$20                        ; REP keeps Z: the direction's
    .a16
    bne Left
Right:
    lda a:Actor::xPos, x
    clc
    adc z:Speed
    sta a:Actor::xPos, x
    PIXELS
    clc
    adc z:HalfWidth
    dec                             ; the right point: the box's last column
    jsr SolidAt
    bcc Clear
BumpRight:                          ; the right point onto the column before the wall
    AGAINST_WALL_ON_RIGHT
    sta a:Actor::xPos, x
    sec                             ; the answer: a wall stopped it
    rts
Left:
    lda a:Actor::xPos, x
    sec
    sbc z:Speed
    sta a:Actor::xPos, x
    PIXELS
    sec
    sbc z:HalfWidth                 ; the left point: the box's first column
    jsr SolidAt
    bcc Clear
BumpLeft:                           ; the left point onto the column after the wall
    AGAINST_WALL_ON_LEFT
    sta a:Actor::xPos, x
    sec                             ; the answer: a wall stopped it
    rts
Clear:                              ; the carry is clear: SolidAt's answer
    rts
.endproc

; ActorCollide: the actor's move by its velocity (Actor::vx, Actor::vy, which the caller sets) with
; the box of its kind, by CollideBox's rules; Actor::onGround its answer.
; In: A16, I16, X = the actor, D = 0, DB = $7E. Out: Actor::xPos, yPos, vy, onGround. A, Y
; destroyed; X kept.
.proc ActorCollide
    .a16
    .i16
    jsr ActorBox
    lda a:Actor::xPos, x
    sta z:BodyX
    lda a:Actor::yPos, x
    sta z:BodyY
    lda a:Actor::vx, x
    sta z:BodyVX
    lda a:Actor::vy, x
    sta z:BodyVY
    phx
    jsr CollideBox
    plx
    lda z:BodyX
    sta a:Actor::xPos, x
    lda z:BodyY
    sta a:Actor::yPos, x
    lda z:BodyVY
    sta a:Actor::vy, x
    sep #$20
    .a8
    lda z:BodyGround
    sta a:Actor::onGround, x
    rep #$20
    .a16
    rts
.endproc

.export ActorBox, ActorWalk, ActorCollide
