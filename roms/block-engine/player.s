; PlayerFrame: the player's frame, from the controller word the NMI stored in Joypad: Left or Right
; walks at PLAYER_WALK, B jumps at PLAYER_JUMP from a floor. The player is not an actor: its body is
; an Actor-shaped record in the direct page, PlayerBody, which the actors' routines walk and drop.
; In: A16, I16, D = 0, DB = $7E. Out: as ActorFall's; X = PlayerBody.

.p816
.a16                                ; every routine here is entered with A16, I16
.i16

.include "actor.inc"

.importzp Joypad, PlayerBody
.import ActorWalk, ActorFall

.segment "CODE"

.proc PlayerFrame
    ldx #PlayerBody
    sep #$20
    .a8
    lda z:Joypad + 1                ; B Y Select Start Up Down Left Right
    and #>(JOY_LEFT | JOY_RIGHT)
    beq Jump
    lsr                             ; Right alone -> 0, Left -> 1: the direction
    sta z:PlayerBody + Actor::direction
    rep #$20
    .a16
    lda #PLAYER_WALK
    jsr ActorWalk
Jump:
    rep #$20
    .a16
    lda z:Joypad
    bit #JOY_B
    beq Fall
    sep #$20
    .a8
    lda z:PlayerBody + Actor::standing
    rep #$20                        ; REP keeps Z: standing's
    .a16
    beq Fall
    lda #.loword(-PLAYER_JUMP)
    sta z:PlayerBody + Actor::yVel
    sep #$20
    .a8
    stz z:PlayerBody + Actor::standing ; in the air: ActorFall moves it by the jump
    rep #$20
    .a16
Fall:
    jmp ActorFall
.endproc

.export PlayerFrame
