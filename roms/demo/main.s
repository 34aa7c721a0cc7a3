; The demo game: a small but complete SNES program around the bundled collision routine
; (roms/tile-collision/tile_collision.s, linked in unchanged), the example for profiling a routine
; inside a running game rather than one the host calls.
;
; From reset it sets the console up (force blank, mode 0, the room's tiles and map and the
; palette to VRAM and CGRAM by DMA, an HDMA sky, the sound driver uploaded to the APU), then runs
; a frame loop that sleeps in WAI until the NMI. Each frame it reads the joypad (or, while JOY1
; reads 0, the demo script in room.s), trades one command with the sound driver, sets the
; player's and the walkers' velocities (and the player's gravity and hitbox, which Y and X
; switch), moves every entity with MoveEntityAndProcessTileCollisions and builds the sprite
; table, which the next NMI copies to OAM with an animated tile. START shows the room in mode 7
; (map_view.s).
; docs/bundled-roms.md, "The demo game", describes a run.
;
; Work RAM: the routine's (tile-collision/memory.s: CollisionMap $0100, the entity slots from
; $0200 a page each, the map variables, MapData at $7E:2000), then the game's own below.
;
; Register widths: every routine states them at its entry. The main loop runs with D = $0000 and
; DB = $00 (the registers, the ROM and the low 8 KiB all reachable), and sets D and DB as the
; collision routine wants them only around each call.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "apu_upload.inc"
.include "sound_driver.inc"
.include "demo.inc"
.include "../tile-collision/entity.inc"
.include "../tile-collision/tile_types.inc"

.import MoveEntityAndProcessTileCollisions
.import CollisionMap, Entities, MapWidth, MapHeight, MapBytesPerRow, MapRowOffsets, MapData
.import TileCharacters, TILE_CHARACTERS_BYTES, AnimatedPlatformFrames, SpriteCharacters
.import SPRITE_CHARACTERS_BYTES, Palette, PALETTE_BYTES, SkyGradient
.import RoomTiles, RoomMapEntries, RowOffsetTable, TileCollisionTypes, SpawnTable, DemoScript
.import ShowMapWhenAsked

.assert .sizeof(Entity) <= .sizeof(Actor) - 4, error, "the game's fields overlap the entity's"
.assert (Entities & $FF) = 0, lderror, "the entity slots must be page-aligned (list memory.s first)"

; Movement, 16.16 fixed point: (fraction word, integer word)
WALK_FRACTION  = $8000      ; the player walks at 1.5 px a frame
WALK_INTEGER   = 1
JUMP_SPEED     = 6          ; px a frame away from the floor (or the ceiling), from it only
GRAVITY        = $4000      ; 0.25 px a frame, every frame (untech's design: gravity always)
MAX_FALL       = 8          ; px a frame: the routine's limit (roms/designs/untech.toml)

OAM_BYTES      = 544        ; 128 sprites of 4 bytes, then the 32-byte high table
SPRITES_USED   = 8          ; the player's two, three walkers and three spare, hidden
OAM_HIDDEN_Y   = $F0        ; below the 224 visible lines
SPRITE_ATTRIBUTES = $20     ; priority 2: in front of BG1
PLAYER_HEAD_CHAR  = 0
WALKER_CHAR       = 2
PLAYER_BODY_CHAR  = 4

; The sound effects, the values of the driver's commands (which it adds up: the sum of its
; answer counts the jumps).
SOUND_NONE = 0
SOUND_JUMP = 1

.segment "ZEROPAGE"
FrameCount:     .res 2      ; NMIs taken since the boot enabled them
FrameReady:     .res 1      ; non-zero: OamBuffer holds a whole frame for the NMI to copy
InidispShadow:  .res 1      ; what the NMI writes to INIDISP and HDMAEN each frame
HdmaenShadow:   .res 1
ScrollX:        .res 2      ; BG1's horizontal scroll, written by the NMI
Buttons:        .res 2      ; this frame's buttons ($4218's layout): JOY1 or the demo script
ScriptIndex:    .res 2      ; the demo script's next (frames, buttons) pair, a byte offset
ScriptLeft:     .res 2      ; frames left of the current pair
ScriptButtons:  .res 2      ; the current pair's buttons
SpriteX:        .res 2      ; PutSprite's arguments: screen position (signed) and
SpriteY:        .res 2      ; character and attributes (the OAM entry's second word)
SpriteTile:     .res 2
HighBits:       .res 2      ; OAM high-table bits of sprites 0-7, shifted in from the top
SoundCounter:   .res 1      ; the last command's counter, 1-255; 0 is the driver's ready state
SoundEffect:    .res 2      ; the effect asked for since the last command (SOUND_NONE: none)
SoundAnswers:   .res 2      ; frames on which the driver had answered (the first: shown ready)
SoundMissed:    .res 2      ; frames on which it had not: the effect waited for the next frame
SoundAnswer:    .res 3      ; ports 1-3 of its last answer: the sum of the effects sent (a word)
                            ; and the commands answered (a byte)
PressedButtons: .res 2      ; the buttons of Buttons not held the frame before
GravityUp:      .res 2      ; $FFFF: the player falls upwards (Y switches it); 0: downwards
StripTop:       .res 2      ; RoomToStandUp: the pixel row it tests, and the first of the tile
FirstPassable:  .res 2      ; types the player's head may grow into (Passes)

.segment "LOWRAM"
OamBuffer:      .res OAM_BYTES

.segment "RODATA"
ZeroByte:       .byte 0     ; the fixed source of the clearing DMAs

.segment "CODE"

; ---------------------------------------------------------------------------------------------
; Boot

; Reset: from the CPU's reset state (emulation mode, DB = PB = 0) to the main loop.
.proc Reset
    ENTER_NATIVE_MODE
    sep #$20
    .a8
    lda #$80
    sta INIDISP                 ; force blank: VRAM, CGRAM and OAM are free to write
    stz NMITIMEN                ; no NMI, no auto-joypad read until the set-up is done
    stz HDMAEN

    ; Clear the low 8 KiB of work RAM (the stack too: nothing is on it yet) through the WRAM
    ; port by DMA, from one fixed zero byte: 8 master clocks a byte, against 5+ CPU cycles a
    ; byte for a loop.
    stz WMADDL
    stz WMADDL + 1
    stz WMADDH
    ldx #(<WMDATA << 8) | $08   ; DMAP: one register, fixed A-bus address; BBAD: WMDATA
    stx DMAP(DMA_CHANNEL)
    ldx #.loword(ZeroByte)
    stx A1T(DMA_CHANNEL)
    lda #^ZeroByte
    sta A1B(DMA_CHANNEL)
    ldx #$2000
    stx DAS(DMA_CHANNEL)
    lda #1 << DMA_CHANNEL
    sta MDMAEN

    jsr InitPpu
    jsr UploadGraphics
    jsr InitRoom
    jsr InitEntities
    jsr InitOam
    jsr SetUpHdma
    jsr SoundBoot

    lda #$0F
    sta InidispShadow           ; display on, full brightness, from the first NMI
    lda #1 << HDMA_CHANNEL
    sta HdmaenShadow            ; the sky from the first frame the display shows
    lda #$81
    sta NMITIMEN                ; NMI at V-blank, joypads read automatically
    rep #$30
    .a16
    .i16
    jmp MainLoop
.endproc

; The PPU's registers, from whatever the console left in them.
; In: A8, I16, D = 0, DB = 0. Out: the same.
.proc InitPpu
    .a8
    .i16
    lda #(VRAM_SPRITE_CHARS >> 13)
    sta OBSEL                   ; sprites 8x8 and 16x16, characters at VRAM_SPRITE_CHARS
    lda #$10
    sta BGMODE                  ; mode 0, BG1's tiles 16x16
    stz $2106                   ; no mosaic
    lda #(VRAM_BG1_MAP >> 8)
    sta BG1SC                   ; BG1's map at VRAM_BG1_MAP, 32x32 entries
    ldx #$2108
ClearBgRegisters:               ; BG2-4's maps and every character base: 0
    stz a:$0000, x
    inx
    cpx #$210D
    bne ClearBgRegisters
    stz BG12NBA                 ; BG1's characters at VRAM_BG1_CHARS (0)
    stz BG1HOFS                 ; scroll registers take two writes: low, then high
    stz BG1HOFS
    lda #$FF                    ; vertical scroll -1: line 1, the first shown, shows the room's
    sta BG1VOFS                 ; pixel row 0, and a sprite's Y is its room row (a sprite is
    lda #$03                    ; drawn from the line after its Y)
    sta BG1VOFS
    ldx #$2123
ClearWindowsAndMath:            ; windows, sub screen, colour math: all off
    stz a:$0000, x
    inx
    cpx #$2134
    bne ClearWindowsAndMath
    lda #$11
    sta TM                      ; main screen: BG1 and sprites
    lda #$E0
    sta $2132                   ; COLDATA: the fixed colour black in all three channels
    rts
.endproc

; Runs DMA channel DMA_CHANNEL once: X = A-bus address (bank in A), Y = byte count; DMAP and
; BBAD already set. In: A8, I16, DB = 0. Out: the same.
.proc RunDma
    .a8
    .i16
    sta A1B(DMA_CHANNEL)
    stx A1T(DMA_CHANNEL)
    sty DAS(DMA_CHANNEL)
    lda #1 << DMA_CHANNEL
    sta MDMAEN
    rts
.endproc

; The tile set, the sprites and the palette, by DMA, and BG1's map area cleared to EMPTY.
; In: A8, I16, D = 0, DB = 0, force blank. Out: the same.
.proc UploadGraphics
    .a8
    .i16
    lda #$80
    sta VMAIN                   ; VRAM's address steps a word after the high byte
    ldx #(<VMDATAL << 8) | $01  ; DMAP: two registers (VMDATAL, VMDATAH); BBAD: VMDATAL
    stx DMAP(DMA_CHANNEL)

    ldx #VRAM_BG1_CHARS
    stx VMADDL
    lda #^TileCharacters
    ldx #.loword(TileCharacters)
    ldy #TILE_CHARACTERS_BYTES
    jsr RunDma

    ldx #VRAM_SPRITE_CHARS
    stx VMADDL
    lda #^SpriteCharacters
    ldx #.loword(SpriteCharacters)
    ldy #SPRITE_CHARACTERS_BYTES
    jsr RunDma

    ; BG1's map: 32x32 zero entries (tile id EMPTY), from a fixed zero byte.
    ldx #VRAM_BG1_MAP
    stx VMADDL
    ldx #(<VMDATAL << 8) | $09  ; DMAP: two registers, fixed A-bus address
    stx DMAP(DMA_CHANNEL)
    lda #^ZeroByte
    ldx #.loword(ZeroByte)
    ldy #32 * 32 * 2
    jsr RunDma

    stz CGADD
    ldx #(<CGDATA << 8) | $00   ; DMAP: one register; BBAD: CGDATA
    stx DMAP(DMA_CHANNEL)
    lda #^Palette
    ldx #.loword(Palette)
    ldy #PALETTE_BYTES
    jsr RunDma
    rts
.endproc

; Copies Y bytes from A:X to work RAM at the address already in WMADD, by DMA through WMDATA.
; In: A8, I16, DB = 0. Out: the same.
.proc CopyToWram
    .a8
    .i16
    pha
    lda #$00
    sta DMAP(DMA_CHANNEL)       ; one register, A-bus incrementing
    lda #<WMDATA
    sta BBAD(DMA_CHANNEL)
    pla
    jmp RunDma                  ; tail call
.endproc

; The room in work RAM as memory.s lays it out for the collision routine (CollisionMap,
; MapWidth, MapHeight, MapBytesPerRow, MapRowOffsets, MapData), and its tiles on BG1: the tables
; are built by the assembler (room.s) and copied by DMA.
; In: A8, I16, D = 0, DB = 0, force blank. Out: the same.
.proc InitRoom
    .a8
    .i16
    ldx #.loword(CollisionMap)
    stx WMADDL
    stz WMADDH                  ; the low 8 KiB: bank $7E's first page
    lda #^TileCollisionTypes
    ldx #.loword(TileCollisionTypes)
    ldy #256
    jsr CopyToWram

    ldx #.loword(MapRowOffsets)
    stx WMADDL
    lda #^RowOffsetTable
    ldx #.loword(RowOffsetTable)
    ldy #512
    jsr CopyToWram

    ldx #.loword(MapData)
    stx WMADDL
    lda #^MapData & 1           ; WMADD's bit 16: bank $7E or $7F
    sta WMADDH
    lda #^RoomTiles
    ldx #.loword(RoomTiles)
    ldy #ROOM_WIDTH * ROOM_HEIGHT
    jsr CopyToWram

    lda #ROOM_WIDTH
    sta a:MapWidth
    lda #ROOM_HEIGHT
    sta a:MapHeight
    ldx #ROOM_WIDTH
    stx a:MapBytesPerRow

    ; BG1's map: the room's rows are the map's first 14 rows (both 32 entries wide).
    lda #$80
    sta VMAIN
    ldx #VRAM_BG1_MAP
    stx VMADDL
    ldx #(<VMDATAL << 8) | $01  ; two registers
    stx DMAP(DMA_CHANNEL)
    lda #^RoomMapEntries
    ldx #.loword(RoomMapEntries)
    ldy #ROOM_WIDTH * ROOM_HEIGHT * 2
    jmp RunDma                  ; tail call
.endproc

; Every entity at its start (SpawnTable). In: A8, I16, D = 0, DB = 0. Out: the same.
.proc InitEntities
    .a8
    .i16
    rep #$20
    .a16
    ldx #0                      ; the spawn record
    lda #.loword(Entities)
Slot:
    tcd
    jsr SpawnEntity
    txa
    clc
    adc #SPAWN_RECORD_BYTES
    tax
    tdc
    clc
    adc #ENTITY_SLOT_BYTES
    cmp #.loword(Entities) + ENTITY_COUNT * ENTITY_SLOT_BYTES
    bne Slot
    lda #0
    tcd
    sep #$20
    .a8
    rts
.endproc

; Puts the entity at D back at its start: position, hitbox, walking speed, at rest, no state.
; In: A16, I16, D = the entity's slot, DB = 0, X = its spawn record's offset in SpawnTable.
; Out: the same; A destroyed.
.proc SpawnEntity
    .a16
    .i16
    stz z:Entity::xPosition
    lda SpawnTable + 0, x
    sta z:Entity::xPosition + 2
    stz z:Entity::yPosition
    lda SpawnTable + 2, x
    sta z:Entity::yPosition + 2
    stz z:Entity::xVelocity
    stz z:Entity::xVelocity + 2
    stz z:Entity::yVelocity
    stz z:Entity::yVelocity + 2
    stz z:Entity::collisionState
    lda SpawnTable + 4, x
    sta z:Entity::hitboxLeft
    lda SpawnTable + 6, x
    sta z:Entity::hitboxRight
    lda SpawnTable + 8, x
    sta z:Entity::hitboxYOffset
    lda SpawnTable + 10, x
    sta z:Entity::hitboxHeight
    lda SpawnTable + 12, x
    sta z:Actor::walkVelocity
    lda SpawnTable + 14, x
    sta z:Actor::walkVelocity + 2
    rts
.endproc

; OamBuffer: every sprite hidden, small, and copied to OAM once.
; In: A8, I16, D = 0, DB = 0, force blank. Out: the same.
.proc InitOam
    .a8
    .i16
    ldx #0
Low:
    stz OamBuffer, x            ; x 0
    lda #OAM_HIDDEN_Y
    sta OamBuffer + 1, x
    stz OamBuffer + 2, x
    stz OamBuffer + 3, x
    inx
    inx
    inx
    inx
    cpx #512
    bne Low
High:
    stz OamBuffer, x            ; x bit 8 clear, small
    inx
    cpx #OAM_BYTES
    bne High
    jmp CopyOam                 ; tail call
.endproc

; HDMA channel HDMA_CHANNEL: colour 0 from SkyGradient, every frame. Only set up here; the NMI
; enables it (HDMAEN) in V-blank, so that the first frame starts it from the table's top.
; In: A8, I16, DB = 0. Out: the same.
.proc SetUpHdma
    .a8
    .i16
    ldx #(<CGADD << 8) | $03    ; DMAP: direct, pattern 3 (CGADD, CGADD, CGDATA, CGDATA); BBAD: CGADD
    stx DMAP(HDMA_CHANNEL)
    ldx #.loword(SkyGradient)
    stx A1T(HDMA_CHANNEL)
    lda #^SkyGradient
    sta A1B(HDMA_CHANNEL)
    rts
.endproc

; ---------------------------------------------------------------------------------------------
; Sound: the sound driver (common/sound_driver.s, its protocol in sound_driver.inc) runs on the
; SPC700 from the boot on and answers one command a frame. A command carries the sound effect the
; game asked for (SoundEffect, SOUND_NONE on most frames); the driver makes no sound yet, but
; adds the effects up and echoes each command's counter, as a driver that plays them would
; acknowledge them. The main loop never waits for the SPC700: it sends a command and looks for
; the answer a frame later, when the driver has long given it (in some 40 us); a driver that
; has not answered by then costs a frame's effect (kept for the next frame) and a count in
; SoundMissed, never a hang.

; Uploads the driver through the IPL's handshake, once, in force blank before the NMI is enabled
; (ApuUpload waits on the IPL without a bound: the IPL is the APU's ROM and always answers), and
; gives the driver a quarter of a second at most to show ready ($00 on port 0); if it never does,
; SoundFrame counts it missing, frame after frame.
; In: A8, I16, D = 0, DB = 0. Out: the same; A, X, Y destroyed.
.proc SoundBoot
    .a8
    .i16
    ldx #SoundDriverUpload
    jsr ApuUpload
    lda #$00
    jmp ApuWaitPort0            ; tail call
.endproc

; The main loop's per-frame handshake, after the joypad is read: when port 0 echoes the last
; command's counter (at the first frame, the driver's ready $00), keeps its answer and sends the
; next command, SoundEffect on port 1 first and then the next counter on port 0.
; In: A16, I16, D = 0, DB = 0. Out: the same; A, X destroyed.
.proc SoundFrame
    .a16
    .i16
    sep #$20
    .a8
    lda APUIO0
    cmp z:SoundCounter
    beq Answered
    rep #$20
    .a16
    inc z:SoundMissed
    rts
Answered:
    .a8
    ldx APUIO1                  ; X 16-bit: ports 1 and 2, the sum
    stx z:SoundAnswer
    lda APUIO3
    sta z:SoundAnswer + 2
    lda z:SoundEffect
    sta APUIO1                  ; the effect before the counter: the driver reads it on the counter
    inc z:SoundCounter
    bne Send
    inc z:SoundCounter          ; 255 wraps to 1: 0 would read as the ready state
Send:
    lda z:SoundCounter
    sta APUIO0
    rep #$20
    .a16
    stz z:SoundEffect
    inc z:SoundAnswers
    rts
.endproc

; ---------------------------------------------------------------------------------------------
; The frame loop

; In: A16, I16, D = 0, DB = 0; never returns.
.proc MainLoop
    .a16
    .i16
    lda z:FrameCount
WaitForNmi:
    wai                         ; sleep until the NMI; its handler returns here
    cmp z:FrameCount
    beq WaitForNmi              ; woken by something else: sleep on
    jsr ReadInput
    jsr SoundFrame
    jsr UpdatePlayer
    jsr UpdateWalkers
    jsr MoveEntities
    jsr UpdateCamera
    jsr BuildOam
    jsr ShowMapWhenAsked        ; START: the map view (map_view.s), until START again
    sep #$20
    .a8
    lda #1
    sta z:FrameReady            ; the next NMI may copy OamBuffer
    rep #$20
    .a16
    bra MainLoop
.endproc

; Buttons = JOY1, or while JOY1 reads 0 the demo script's; PressedButtons = those of them that
; were not held the frame before. In: A16, I16, D = 0, DB = 0. Out: the same; A, X destroyed.
.proc ReadInput
    .a16
    .i16
    sep #$20
    .a8
WaitAutoRead:
    lda HVBJOY
    lsr a                       ; bit 0: the auto-joypad read is still shifting JOY1 in
    bcs WaitAutoRead
    rep #$20
    .a16
    lda JOY1
    bne Held
    jsr DemoInput
Held:
    tax
    eor z:Buttons               ; the buttons that changed since the last frame ...
    stx z:Buttons
    and z:Buttons               ; ... and are held now
    sta z:PressedButtons
    rts
.endproc

; The demo script's buttons for this frame (DemoScript: (frames, buttons) word pairs; a count of 0
; starts it over and puts the player back at its start, standing, under downward gravity).
; In: A16, I16, D = 0, DB = 0. Out: A = the buttons; X destroyed.
.proc DemoInput
    .a16
    .i16
    lda z:ScriptLeft
    bne Running
    ldx z:ScriptIndex
    lda DemoScript, x
    bne Load
    ; The end: start over, the player at its start.
    lda #.loword(Entities) + PLAYER_SLOT * ENTITY_SLOT_BYTES
    tcd
    ldx #PLAYER_SLOT * SPAWN_RECORD_BYTES
    jsr SpawnEntity             ; the standing hitbox too
    lda #0
    tcd
    stz z:GravityUp
    tax
    lda DemoScript, x
Load:
    sta z:ScriptLeft
    lda DemoScript + 2, x
    sta z:ScriptButtons
    inx
    inx
    inx
    inx
    stx z:ScriptIndex
Running:
    dec z:ScriptLeft
    lda z:ScriptButtons
    rts
.endproc

; The player from Buttons: Y switches its gravity, X crouches or stands up, Left/Right walk, B
; jumps off the floor (or, under upward gravity, off the ceiling), then gravity.
; In: A16, I16, D = 0, DB = 0. Out: the same; A, X, Y destroyed.
.proc UpdatePlayer
    .a16
    .i16
    lda #.loword(Entities) + PLAYER_SLOT * ENTITY_SLOT_BYTES
    tcd
    lda a:PressedButtons        ; absolute: D is the entity now
    bit #BUTTON_Y
    beq Hitbox
    lda a:GravityUp
    eor #$FFFF
    sta a:GravityUp
    lda a:PressedButtons
Hitbox:
    bit #BUTTON_X
    beq Walk
    jsr ChangeHitbox
Walk:
    lda a:Buttons
    bit #BUTTON_RIGHT
    bne Right
    bit #BUTTON_LEFT
    bne Left
    stz z:Entity::xVelocity
    stz z:Entity::xVelocity + 2
    bra Jump
Right:
    lda #WALK_FRACTION
    sta z:Entity::xVelocity
    lda #WALK_INTEGER
    sta z:Entity::xVelocity + 2
    bra Jump
Left:
    lda #.loword(-WALK_FRACTION)     ; -1.5 = $FFFE:8000
    sta z:Entity::xVelocity
    lda #.loword(-WALK_INTEGER - 1)
    sta z:Entity::xVelocity + 2
Jump:
    lda a:Buttons
    bpl Fall                    ; B is bit 15: N
    bit a:GravityUp
    bmi OffCeiling
    lda z:Entity::collisionState
    and #COLLISION_DOWN         ; standing: the last move ended on a floor
    beq Fall
    lda #.loword(-JUMP_SPEED)
    bra Jumped
OffCeiling:
    lda z:Entity::collisionState
    and #COLLISION_UP           ; the last move ended against a ceiling
    beq Fall
    lda #JUMP_SPEED             ; downwards
Jumped:
    stz z:Entity::yVelocity
    sta z:Entity::yVelocity + 2
    lda #SOUND_JUMP
    sta a:SoundEffect           ; absolute: D is the entity; the next frame's SoundFrame sends it
Fall:
    bit a:GravityUp
    bmi Upwards
    jsr ApplyGravity
    bra Done
Upwards:
    jsr ApplyUpwardGravity
Done:
    lda #0
    tcd
    rts
.endproc

; yVelocity += GRAVITY, falling no faster than MAX_FALL.
; In: A16, I16, D = the entity. Out: the same; A destroyed.
.proc ApplyGravity
    .a16
    .i16
    clc
    lda z:Entity::yVelocity
    adc #GRAVITY
    sta z:Entity::yVelocity
    lda z:Entity::yVelocity + 2
    adc #0
    bmi Store                   ; rising: no limit
    cmp #MAX_FALL
    bcc Store
    stz z:Entity::yVelocity     ; exactly MAX_FALL.0
    lda #MAX_FALL
Store:
    sta z:Entity::yVelocity + 2
    rts
.endproc

; yVelocity -= GRAVITY, rising no faster than MAX_FALL: ApplyGravity upside down, for the player.
; In: A16, I16, D = the entity. Out: the same; A destroyed.
.proc ApplyUpwardGravity
    .a16
    .i16
    sec
    lda z:Entity::yVelocity
    sbc #GRAVITY
    sta z:Entity::yVelocity
    lda z:Entity::yVelocity + 2
    sbc #0
    bpl Store                   ; falling (a jump off the ceiling): no limit
    cmp #.loword(-MAX_FALL)
    bcs Store                   ; -MAX_FALL.0 or slower
    stz z:Entity::yVelocity     ; exactly -MAX_FALL.0
    lda #.loword(-MAX_FALL)
Store:
    sta z:Entity::yVelocity + 2
    rts
.endproc

; Crouches: the box PLAYER_HEIGHT - PLAYER_CROUCH_HEIGHT pixels shorter at the head, the feet (the
; bottom, or under upward gravity the top) where they were; or, crouching, stands up again when
; RoomToStandUp finds room for the head.
; In: A16, I16, D = the player, DB = 0. Out: the same; A, X, Y destroyed.
.proc ChangeHitbox
    .a16
    .i16
    lda z:Entity::hitboxHeight
    cmp #PLAYER_CROUCH_HEIGHT
    beq StandUp
    lda #.loword(-PLAYER_CROUCH_TOP)
    ldx #PLAYER_CROUCH_HEIGHT
    ldy #CROUCH_SHIFT           ; Y: how far the origin moves down, towards the feet ...
    bra Change
StandUp:
    jsr RoomToStandUp
    bcs Done
    lda #.loword(-PLAYER_TOP)
    ldx #PLAYER_HEIGHT
    ldy #.loword(-CROUCH_SHIFT) ; ... or back up, towards the head
Change:
    sta z:Entity::hitboxYOffset
    stx z:Entity::hitboxHeight
    tya
    bit a:GravityUp
    bpl Move
    eor #$FFFF                  ; with the INC: -A, as the feet are at the top
    inc a
Move:
    clc
    adc z:Entity::yPosition + 2
    sta z:Entity::yPosition + 2
Done:
    rts
.endproc

; Carry clear when the crouched player has room to stand up: the tiles at the corners of the strip
; of 2 * CROUCH_SHIFT rows its head would grow into (over its box, or under it under upward
; gravity) all let a box into them from that side, as the routine's paths take them: a rising box
; passes into floor slopes, UP_PLATFORM and EMPTY, a falling one into EMPTY, DOWN_PLATFORM and
; ceiling slopes. A slope there blocks even where the head would stay clear of it. The box (12
; pixels) is no wider than a tile and the strip no taller, so its corners reach every tile it
; touches. In: A16, I16, D = the player, DB = 0. Out: the same; A, X, Y destroyed.
.assert 2 * CROUCH_SHIFT <= 16, error, "the strip a standing-up head grows into is taller than a tile"
.proc RoomToStandUp
    .a16
    .i16
    lda z:Entity::yPosition + 2
    bit a:GravityUp
    bmi HeadDown
    sec
    sbc #PLAYER_CROUCH_TOP + 2 * CROUCH_SHIFT   ; the strip's first row, over the box
    ldx #TILE_DOWN_RIGHT_SLOPE                  ; the first type a rising box passes into
    bra Strip
HeadDown:
    clc
    adc #PLAYER_CROUCH_HEIGHT - PLAYER_CROUCH_TOP  ; the strip's first row, under the box
    ldx #TILE_EMPTY                             ; the first type a falling box passes into
Strip:
    sta a:StripTop
    stx a:FirstPassable
    jsr CornersPass
    bcs Done
    lda a:StripTop
    clc
    adc #2 * CROUCH_SHIFT - 1   ; its last row
    sta a:StripTop
    jsr CornersPass
Done:
    rts
.endproc

; Carry clear when both tiles of pixel row StripTop that the player's box spans pass (Passes).
; In: A16, I16, D = the player, DB = 0. Out: the same; A, X, Y destroyed.
.proc CornersPass
    .a16
    .i16
    lda z:Entity::xPosition + 2
    sec
    sbc z:Entity::hitboxLeft    ; the box's first column
    jsr Passes
    bcs Blocked
    lda z:Entity::xPosition + 2
    clc
    adc z:Entity::hitboxRight
    dec a                       ; its last column
    jmp Passes                  ; tail call
Blocked:
    rts
.endproc

; Carry clear when the tile at pixel column A, row StripTop, has a type from FirstPassable to
; FirstPassable + PASSABLE_SPAN - 1: the types a box rising into a tile passes into, from floor
; slopes to EMPTY, and those a falling one does, from EMPTY to ceiling slopes, span the same.
; In: A16, I16, DB = 0. Out: the same; A, X, Y destroyed.
PASSABLE_SPAN = TILE_EMPTY + $10 - TILE_DOWN_RIGHT_SLOPE
.assert TILE_UP_LEFT_SHORT_SLOPE + $10 - TILE_EMPTY = PASSABLE_SPAN, error, "the passable types differ in span"
.proc Passes
    .a16
    .i16
    tax
    lda a:StripTop
    jsr TileTypeAt
    sec
    sbc a:FirstPassable
    cmp #PASSABLE_SPAN          ; unsigned: a type below FirstPassable wraps round to a large one
    rts
.endproc

; A = the collision type of the map tile at pixel column X, row A, read from the map the routine
; collides with (MapRowOffsets, MapData, CollisionMap).
; In: A16, I16, DB = 0. Out: the same; X, Y destroyed.
.proc TileTypeAt
    .a16
    .i16
    lsr a
    lsr a
    lsr a
    and #$01FE                  ; 2 * the row: pixel / 8 holds the origin's $200 above it
    tay
    txa
    lsr a
    lsr a
    lsr a
    lsr a                       ; $100 + the column: the origin's $1000 / 16
    clc
    adc a:MapRowOffsets, y
    tax
    lda #0
    sep #$20
    .a8
    lda f:MapData - $100, x     ; the tile id
    tax                         ; X16: B is 0
    lda a:CollisionMap, x
    rep #$20                    ; A16 = the type: B is still 0
    .a16
    rts
.endproc

; The walkers walk at their walkVelocity and turn round when the last move met a wall (the
; routine's COLLISION_LEFT/RIGHT bits; it also zeroed their xVelocity), under gravity.
; In: A16, I16, D = 0, DB = 0. Out: the same; A destroyed.
.proc UpdateWalkers
    .a16
    .i16
    lda #.loword(Entities) + (PLAYER_SLOT + 1) * ENTITY_SLOT_BYTES
Walker:
    tcd
    lda z:Entity::collisionState
    and #COLLISION_LEFT | COLLISION_RIGHT
    beq Walk
    lda #0                      ; turn: walkVelocity = -walkVelocity (32-bit)
    sec
    sbc z:Actor::walkVelocity
    sta z:Actor::walkVelocity
    lda #0
    sbc z:Actor::walkVelocity + 2
    sta z:Actor::walkVelocity + 2
Walk:
    lda z:Actor::walkVelocity
    sta z:Entity::xVelocity
    lda z:Actor::walkVelocity + 2
    sta z:Entity::xVelocity + 2
    jsr ApplyGravity
    tdc
    clc
    adc #ENTITY_SLOT_BYTES
    cmp #.loword(Entities) + ENTITY_COUNT * ENTITY_SLOT_BYTES
    bne Walker
    lda #0
    tcd
    rts
.endproc

; Every entity moved and collided by the bundled routine: JSR with A/X/Y 16-bit, D = the
; entity, DB = $7E.
; In: A16, I16, D = 0, DB = 0. Out: the same; A, X, Y destroyed.
.proc MoveEntities
    .a16
    .i16
    phb
    pea $7E7E                   ; two $7E bytes: PLB twice sets DB and leaves S as it was
    plb
    plb
    lda #.loword(Entities)
Move:
    tcd
    jsr MoveEntityAndProcessTileCollisions
    tdc                         ; the routine keeps D: the slot just moved
    clc
    adc #ENTITY_SLOT_BYTES
    cmp #.loword(Entities) + ENTITY_COUNT * ENTITY_SLOT_BYTES
    bne Move
    lda #0
    tcd
    plb                         ; DB = 0
    rts
.endproc

; ScrollX follows the player: its x - 128, within the room's 512 pixels.
; In: A16, I16, D = 0, DB = 0. Out: the same; A destroyed.
.proc UpdateCamera
    .a16
    .i16
    lda a:.loword(Entities) + PLAYER_SLOT * ENTITY_SLOT_BYTES + Entity::xPosition + 2
    sec
    sbc #ORIGIN + 128
    bpl NotLeftOfRoom
    lda #0
NotLeftOfRoom:
    cmp #ROOM_WIDTH * 16 - 256
    bcc Store
    lda #ROOM_WIDTH * 16 - 256
Store:
    sta z:ScrollX
    rts
.endproc

; OamBuffer's sprites 0-7 from the entities: the player's head and body, one sprite a walker, the
; rest hidden. In: A16, I16, D = 0, DB = 0. Out: the same; A, X, Y destroyed.
.proc BuildOam
    .a16
    .i16
    stz z:HighBits
    ldx #0                      ; sprite 0's offset in the low table
    ; The player: its box's top 16 lines and its bottom 16 (standing they overlap by 8, crouching
    ; the head covers the body).
    ldy #.loword(Entities) + PLAYER_SLOT * ENTITY_SLOT_BYTES
    lda #(SPRITE_ATTRIBUTES << 8) | PLAYER_HEAD_CHAR
    sta z:SpriteTile
    lda #0
    sec
    sbc a:Entity::hitboxYOffset, y  ; lines from the box's top to the origin
    jsr EntitySprite
    ldy #.loword(Entities) + PLAYER_SLOT * ENTITY_SLOT_BYTES
    lda #(SPRITE_ATTRIBUTES << 8) | PLAYER_BODY_CHAR
    sta z:SpriteTile
    lda #16
    sec
    sbc a:Entity::hitboxYOffset, y
    sec
    sbc a:Entity::hitboxHeight, y   ; 16 lines over the box's bottom
    jsr EntitySprite
    ; The walkers: palette 1.
    ldy #.loword(Entities) + (PLAYER_SLOT + 1) * ENTITY_SLOT_BYTES
Walker:
    lda #((SPRITE_ATTRIBUTES | 1 << 1) << 8) | WALKER_CHAR
    sta z:SpriteTile
    lda #8
    phy
    jsr EntitySprite
    pla
    clc
    adc #ENTITY_SLOT_BYTES
    tay
    cmp #.loword(Entities) + ENTITY_COUNT * ENTITY_SLOT_BYTES
    bne Walker
Spare:
    cpx #SPRITES_USED * 4
    beq Done
    jsr HiddenSprite
    bra Spare
Done:
    lda z:HighBits
    sta OamBuffer + 512         ; sprites 0-3, then 4-7
    rts
.endproc

; Places the next sprite at the entity Y points to, A lines above its origin, 8 pixels left of
; it, as the camera sees it. In: A16, I16, D = 0, DB = 0; X = the sprite's offset in the low table,
; Y = the entity's slot, SpriteTile set. Out: X += 4; A, Y destroyed.
.proc EntitySprite
    .a16
    .i16
    eor #$FFFF
    sec                         ; with the EOR: the entity's y - A
    adc a:Entity::yPosition + 2, y
    sec
    sbc #ORIGIN
    sta z:SpriteY
    lda a:Entity::xPosition + 2, y
    sec
    sbc #ORIGIN + 8
    sec
    sbc z:ScrollX
    sta z:SpriteX
    ; falls through to PutSprite
.endproc

; Writes sprite X / 4 of OamBuffer's low table from SpriteX, SpriteY and SpriteTile, 16x16,
; hidden when wholly off the screen, and shifts its two high-table bits into HighBits.
; In: A16, I16, D = 0, DB = 0. Out: X += 4; A destroyed.
.proc PutSprite
    .a16
    .i16
    lda z:SpriteX
    clc
    adc #16                     ; visible when -16 <= x < 256: x + 16 unsigned under 272
    cmp #256 + 16
    bcs HiddenSprite
    lda z:SpriteY
    clc
    adc #16                     ; and when -16 <= y < 224
    cmp #224 + 16
    bcs HiddenSprite
    sep #$20
    .a8
    lda z:SpriteX
    sta OamBuffer, x
    lda z:SpriteY
    sta OamBuffer + 1, x
    rep #$20
    .a16
    lda z:SpriteTile
    sta OamBuffer + 2, x
    lda z:SpriteX
    and #$0100                  ; x's bit 8 ...
    xba
    lsr a
    ror a
    ror a                       ; ... to bit 14 (through the carry, which LSR cleared)
    ora #$8000                  ; bit 15: the large size, 16x16
    bra Bits
.endproc

; Sprite X / 4 hidden: below the screen, small. Same entry state as PutSprite.
.proc HiddenSprite
    .a16
    .i16
    lda #OAM_HIDDEN_Y << 8      ; x 0, y OAM_HIDDEN_Y
    sta OamBuffer, x
    stz OamBuffer + 2, x
    lda #0
    ; falls through to Bits
.endproc

; A's bits 14-15 to HighBits' top, its earlier sprites' two places down; X to the next sprite.
.proc Bits
    .a16
    .i16
    lsr z:HighBits
    lsr z:HighBits
    ora z:HighBits
    sta z:HighBits
    inx
    inx
    inx
    inx
    rts
.endproc

; ---------------------------------------------------------------------------------------------
; Interrupts

; The NMI, at the start of V-blank (line 225): the frame's copies to the PPU while it is free,
; then the frame count. Interrupts any width; saves and restores everything it uses.
.proc Nmi
    rep #$30
    .a16
    .i16
    pha
    phx
    phy
    phd
    phb
    phk
    plb                         ; DB = 0: the registers
    lda #0
    tcd
    sep #$20
    .a8
    lda RDNMI                   ; acknowledge the NMI

    lda z:InidispShadow
    sta INIDISP
    lda z:HdmaenShadow
    sta HDMAEN

    lda z:FrameReady
    beq Animate                 ; the main loop did not finish a frame: keep last frame's sprites
    stz z:FrameReady
    jsr CopyOam

Animate:
    ; The UP_PLATFORM tile's top two characters: animation frame (FrameCount / 8) & 3.
    lda #$80
    sta VMAIN
    ldx #VRAM_BG1_CHARS + ANIMATED_CHAR * 8
    stx VMADDL
    ldx #(<VMDATAL << 8) | $01  ; two registers
    stx DMAP(DMA_CHANNEL)
    rep #$20
    .a16
    lda z:FrameCount
    and #(ANIMATION_FRAMES - 1) << 3
    asl a
    asl a                       ; (frame / 8 & 3) * 32 bytes
    clc
    adc #.loword(AnimatedPlatformFrames)
    tax
    sep #$20
    .a8
    lda #^AnimatedPlatformFrames
    ldy #32
    jsr RunDma

    lda z:ScrollX
    sta BG1HOFS
    lda z:ScrollX + 1
    sta BG1HOFS

    rep #$20
    .a16
    inc z:FrameCount
    plb
    pld
    ply
    plx
    pla
    rti
.endproc

; OamBuffer to OAM by DMA. In: A8, I16, D = 0, DB = 0, V-blank or force blank. Out: the same.
.proc CopyOam
    .a8
    .i16
    stz OAMADDL
    stz OAMADDH
    ldx #(<OAMDATA << 8) | $00  ; one register; BBAD: OAMDATA
    stx DMAP(DMA_CHANNEL)
    lda #^OamBuffer
    ldx #.loword(OamBuffer)
    ldy #OAM_BYTES
    jmp RunDma                  ; tail call
.endproc

; No IRQ is enabled and nothing executes BRK or COP: stop if one arrives anyway.
.proc Halt
    stp
.endproc

CARTRIDGE_HEADER "TILEPROF DEMO", Reset, Nmi, Halt, Halt, Halt

.export Buttons, OamBuffer, ReadInput, RunDma
.exportzp FrameCount, ScrollX, PressedButtons, InidispShadow, HdmaenShadow
