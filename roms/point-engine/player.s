; MovePlayer: the player's frame. Left or Right held walks, B pressed this frame jumps from a floor,
; gravity pulls; then CollideBox moves the player's 12 x 24 box, given as immediates. The player is
; no actor: its state is the globals PlayerX, PlayerY, PlayerVX, PlayerVY and PlayerOnGround.

.p816
.a16                                ; every routine here is entered with A16, I16
.i16

.include "actor.inc"

.importzp keys, keynew, BodyX, BodyY, BodyVX, BodyVY, BodyGround, HalfWidth, HeadRise, SideRise
.import PlayerX, PlayerY, PlayerVX, PlayerVY, PlayerOnGround, CollideBox

.segment "CODE"

; In: A16, I16, D = 0, DB = $7E; keys and keynew as the last NMI left them. Out: the player's globals
; moved. A, X, Y destroyed.
.proc MovePlayer
    .a16
    .i16
    lda z:keys
    bit #JOY_LEFT                   ; BIT #: Z alone, the keys kept in A for the next test
    bne WalkLeft
    bit #JOY_RIGHT
    bne WalkRight
Still:
    stz a:PlayerVX
    bra TryJump
WalkLeft:                           ; Left wins when both are held
    lda #.loword(-PLAYER_WALK)
    sta a:PlayerVX
    bra TryJump
WalkRight:
    lda #PLAYER_WALK
    sta a:PlayerVX

TryJump:
    lda z:keynew
    bit #JOY_B
    beq Gravity                     ; B held since an earlier frame does not jump again
    sep #$20
    .a8
    lda a:PlayerOnGround
    rep #$20                        ; REP keeps Z: the counter's
    .a16
    beq Gravity                     ; no jump from the air
Jump:
    lda #.loword(-PLAYER_JUMP)
    sta a:PlayerVY
    sep #$20
    .a8
    stz a:PlayerOnGround
    rep #$20
    .a16

Gravity:
    lda a:PlayerVY
    clc
    adc #GRAVITY
    bmi StoreVY                     ; rising: the cap is on falling
    cmp #MAX_FALL + 1
    bcc StoreVY
Terminal:
    lda #MAX_FALL
StoreVY:
    sta a:PlayerVY

    lda #PLAYER_WIDTH / 2
    sta z:HalfWidth
    lda #PLAYER_HEIGHT - 1
    sta z:HeadRise
    lda #PLAYER_HEIGHT / 2
    sta z:SideRise
    lda a:PlayerX
    sta z:BodyX
    lda a:PlayerY
    sta z:BodyY
    lda a:PlayerVX
    sta z:BodyVX
    lda a:PlayerVY
    sta z:BodyVY
    jsr CollideBox
    lda z:BodyX
    sta a:PlayerX
    lda z:BodyY
    sta a:PlayerY
    lda z:BodyVY
    sta a:PlayerVY
    sep #$20
    .a8
    lda z:BodyGround
    sta a:PlayerOnGround
    rep #$20
    .a16
    rts
.endproc

.export MovePlayer
