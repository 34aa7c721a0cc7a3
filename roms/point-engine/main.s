; The point engine's game: the reset, the frame loop and the NMI. The reset copies level 1 into
; LevelMap and places the player and two enemies; each frame the loop moves the player
; (MovePlayer), then walks every enemy (ActorWalk, turning it round where a wall stops it), lets it
; fall and collides it (ActorCollide). The NMI reads pad 1. Nothing is drawn: the screen stays in
; forced blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "actor.inc"
.include "tiles.inc"

.importzp keys, keynew, FrameCount
.import PlayerX, PlayerY, Actors, LevelMap, Level1, Level1Start, Level1Cast
.import MovePlayer, ActorWalk, ActorCollide

INIDISP  = $2100
NMITIMEN = $4200
RDNMI    = $4210
HVBJOY   = $4212
JOY1L    = $4218

FORCE_BLANK    = $80
NMI_AND_JOYPAD = $81

.segment "CODE"

; The reset: native mode, the low 8 KiB of work RAM cleared (power-on RAM is random), level 1
; loaded, the NMI and the auto-joypad read on; then the frame loop, which never returns.
; In: emulation mode (A8, I8), as the CPU resets.
.proc Reset
    .a8
    .i8
    ENTER_NATIVE_MODE               ; A16, I16, D = 0; DB = $00, as the reset left it
    sep #$20
    .a8
    lda #FORCE_BLANK
    sta INIDISP
    rep #$20
    .a16
    ldx #$2000 - 2
ClearLowRam:                        ; the stack too: nothing is pushed yet
    stz a:$0000, x
    dex
    dex
    bpl ClearLowRam
    pea $7E7E
    plb
    plb                             ; PEA pushed $7E twice: two PLBs leave DB = $7E, the stack even

    ldx #MAP_BYTES - 2
CopyLevel:
    lda f:Level1, x
    sta .loword(LevelMap), x        ; DB = $7E supplies the bank
    dex
    dex
    bpl CopyLevel
    lda f:Level1Start
    sta a:PlayerX
    lda f:Level1Start + 2
    sta a:PlayerY
    ldx #ACTOR_COUNT * .sizeof(Actor) - 2
CopyCast:
    lda f:Level1Cast, x
    sta a:Actors, x
    dex
    dex
    bpl CopyCast

    sep #$20
    .a8
    lda #NMI_AND_JOYPAD
    sta f:NMITIMEN                  ; long: DB = $7E does not reach the registers
    rep #$20
    .a16
    jmp MainLoop
.endproc

; The frame loop: after each NMI, the player's frame, then every enemy's.
; In: A16, I16, D = 0, DB = $7E, as Reset leaves them; so they stay.
.proc MainLoop
    .a16
    .i16
    lda z:FrameCount
WaitFrame:                          ; idle until the NMI counts a frame
    cmp z:FrameCount
    beq WaitFrame
    jsr MovePlayer
    ldx #Actors
EachActor:
    sep #$20
    .a8
    lda a:Actor::kind, x
    rep #$20                        ; REP keeps Z: the kind's
    .a16
    beq NextActor                   ; an empty slot
    lda #ENEMY_SPEED
    jsr ActorWalk
    bcc Fall
TurnRound:                          ; a wall ahead
    sep #$20
    .a8
    lda a:Actor::dir, x
    eor #DIR_LEFT ^ DIR_RIGHT
    sta a:Actor::dir, x
    rep #$20
    .a16
Fall:                               ; ActorWalk moved it across: ActorCollide only falls
    stz a:Actor::vx, x
    lda a:Actor::vy, x
    clc
    adc #GRAVITY
    bmi StoreVY                     ; rising: the cap is on falling
    cmp #MAX_FALL + 1
    bcc StoreVY
    lda #MAX_FALL
StoreVY:
    sta a:Actor::vy, x
    jsr ActorCollide
NextActor:
    txa
    clc
    adc #.sizeof(Actor)
    tax
    cpx #Actors + ACTOR_COUNT * .sizeof(Actor)
    bcc EachActor
    bra MainLoop
.endproc

; The NMI: acknowledged, pad 1 read into keys and its new presses into keynew, the frame counted.
; Any register widths at entry (the NMI pushed P, which RTI restores); any DB (it is pushed, and
; set to the code's bank $00, where both the registers and the low 8 KiB of work RAM are).
.proc Nmi
    rep #$30
    .a16
    .i16
    pha
    phx
    phb
    phk
    plb
    sep #$20
    .a8
    lda RDNMI                       ; acknowledges the NMI
WaitJoypad:
    lda HVBJOY
    lsr                             ; bit 0 in the carry: the auto-joypad read is under way
    bcs WaitJoypad
    rep #$20
    .a16
    lda JOY1L
    tax
    sta z:keynew
    lda z:keys
    trb z:keynew                    ; TRB clears in keynew the bits set in A: new & ~old
    stx z:keys
    inc z:FrameCount
    plb
    plx
    pla
    rti
.endproc

; IRQ, BRK and COP: none is used; stop if one arrives anyway. In: any register widths.
.proc Halt
    stp
.endproc

CARTRIDGE_HEADER "TILEPROF POINTS", Reset, Nmi, Halt, Halt, Halt
