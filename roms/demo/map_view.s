; The demo's map view: START shows the room in mode 7, tilted away as a floor seen in perspective
; (HDMA sets M7A and M7D, the matrix's scales, line by line, and turns BG1 on below a band of sky),
; centred on the player, until START is pressed again; the game stands still meanwhile.
;
; Mode 7 reads VRAM's first 16 K words: a 128x128 map of character numbers in the low bytes and
; 256 characters of 8x8 one-byte pixels in the high bytes. The view uses only the words the
; game's mode 0 leaves free, $1000-$1FFF: map rows 32-63 (the room in rows 40-53, columns 0-31,
; a character for each 16x16 tile) and characters 64-127 (64 + a tile id: one colour each, 0 the
; backdrop, so that empty cells show the sky's gradient). The perspective keeps the view within
; those rows. Its code and tables sit after the game's in the ROM (segment LATECODE), so that the
; game's own addresses are those it has without the view.

.p816

.include "demo.inc"
.include "../tile-collision/entity.inc"

.import ReadInput, RunDma
.importzp PressedButtons, InidispShadow, HdmaenShadow, FrameCount, ScrollX
.import Entities, RoomTiles

M7SEL    = $211A
M7A      = $211B
M7D      = $211E
M7X      = $211F
M7Y      = $2120
VMDATAH  = $2119

BUTTON_START = $1000

MAP_WORDS     = $1000       ; the VRAM words the view writes: $1000-$1FFF
MAP_ROW       = 40          ; the room's first row in the mode-7 map
MAP_CHAR      = 64          ; tile id n's character: MAP_CHAR + n
VIEW_X_SCALE  = 100         ; the perspective: a line y's scale is VIEW_X_SCALE / (y + HORIZON)
HORIZON       = 64          ;   (in 256ths), so that lines further up show more of the map
SKY_LINES     = 48          ; BG1 is off above this line: the sky's gradient alone
VIEW_Y        = (MAP_ROW + ROOM_HEIGHT) * 8 ; M7Y: the room's bottom edge
VIEW_VOFS     = VIEW_Y - 231 ; M7VOFS: the bottom line shows the room's last row, the top its
                             ; first with the seven empty rows above it (rows 33-53)
HDMA_TM       = 4           ; HDMA channels: TM, M7A, M7D (HDMA_CHANNEL, 7, is the sky)
HDMA_M7A      = 5
HDMA_M7D      = 6

.segment "LATECODE"

; If START was pressed this frame: the map view until it is pressed again. Called by the main loop
; as a frame's work is done. In: A16, I16, D = 0, DB = 0. Out: the same; A, X, Y destroyed.
.proc ShowMapWhenAsked
    .a16
    .i16
    lda z:PressedButtons
    and #BUTTON_START
    bne Show
    rts
Show:
    sep #$20
    .a8
    lda #$80
    sta z:InidispShadow         ; the next NMI blanks the screen
    jsr WaitForFrame
    stz NMITIMEN                ; the NMI's own VRAM DMA would move VRAM's address
    jsr UploadMap
    jsr EnterMode7
    lda #$81
    sta NMITIMEN
    lda #$0F
    sta z:InidispShadow
Viewing:
    jsr WaitForFrame
    rep #$20
    .a16
    jsr ReadInput
    lda z:PressedButtons
    and #BUTTON_START
    sep #$20
    .a8
    beq Viewing
    lda #1 << HDMA_CHANNEL
    sta z:HdmaenShadow          ; the next frame without the view's HDMA (TM's would turn the
    jsr WaitForFrame            ; sprites off again), and from this V-blank the game's mode 0
    lda #$10
    sta BGMODE
    lda #$11
    sta TM
    lda #$FF                    ; vertical scroll -1, as InitPpu leaves it
    sta BG1VOFS
    lda #$03
    sta BG1VOFS
    rep #$20
    .a16
    rts
.endproc

; Returns after the next NMI, in V-blank. In: A8, I16, D = 0, DB = 0. Out: the same.
.proc WaitForFrame
    .a8
    .i16
    ldx z:FrameCount
Sleep:
    wai
    cpx z:FrameCount
    beq Sleep
    rts
.endproc

; VRAM words MAP_WORDS on: the map's rows 32-63 empty, characters 64-127 one colour each, the room.
; In: A8, I16, D = 0, DB = 0, force blank. Out: the same.
.proc UploadMap
    .a8
    .i16
    stz VMAIN                   ; the map: low bytes, the address stepping after each
    ldx #MAP_WORDS
    stx VMADDL
    ldx #(<VMDATAL << 8) | $08  ; one register, fixed A-bus address
    stx DMAP(DMA_CHANNEL)
    lda #^EmptyCell
    ldx #.loword(EmptyCell)
    ldy #$1000
    jsr RunDma
    lda #$80                    ; the characters: high bytes
    sta VMAIN
    ldx #MAP_WORDS
    stx VMADDL
    ldx #(<VMDATAH << 8) | $08
    stx DMAP(DMA_CHANNEL)
    lda #^TileColours
    ldx #.loword(TileColours)   ; first every pixel of characters 64-127 the backdrop ...
    ldy #$1000
    jsr RunDma
    ldx #0                      ; ... then those of the tile ids their colour
Character:
    rep #$20
    .a16
    txa
    clc
    adc #MAP_CHAR
    asl a                       ; character n's 64 pixels: words n * 64 on
    asl a
    asl a
    asl a
    asl a
    asl a
    sta VMADDL
    txa
    clc
    adc #.loword(TileColours)
    phx
    tax
    sep #$20
    .a8
    lda #^TileColours
    ldy #64
    jsr RunDma
    plx
    inx
    cpx #TILE_IDS
    bne Character
    stz VMAIN                   ; the room: low bytes again, a row of 32 cells at a time
    ldx #0                      ; RoomTiles' index
    ldy #MAP_WORDS + (MAP_ROW - 32) * 128
Row:
    sty VMADDL
Cell:
    lda RoomTiles, x
    clc
    adc #MAP_CHAR
    sta VMDATAL
    inx
    txa
    and #ROOM_WIDTH - 1
    bne Cell
    rep #$20
    .a16
    tya
    clc
    adc #128                    ; the next map row
    tay
    sep #$20
    .a8
    cpx #ROOM_WIDTH * ROOM_HEIGHT
    bne Row
    rts
.endproc

; Mode 7 centred on the player, the matrix's scales and BG1's band by HDMA from the next frame.
; In: A8, I16, D = 0, DB = 0. Out: the same.
.proc EnterMode7
    .a8
    .i16
    lda #$07
    sta BGMODE
    stz M7SEL                   ; no flips, the map repeated
    ldx #0
Zero:                           ; M7B, M7C: no rotation (each two writes, low then high)
    stz M7A + 1, x
    stz M7A + 1, x
    inx
    cpx #2
    bne Zero
    rep #$20
    .a16
    ; The player's map X: its room x / 2 (16-pixel tiles drawn 8 pixels wide).
    lda a:.loword(Entities) + PLAYER_SLOT * ENTITY_SLOT_BYTES + Entity::xPosition + 2
    sec
    sbc #ORIGIN
    lsr a
    pha
    sec
    sbc #128                    ; the screen's middle column shows it: HOFS = X - 128, which the
    sta z:ScrollX               ; NMI writes to BG1HOFS (M7HOFS) each frame
    pla
    sep #$20
    .a8
    sta M7X
    xba
    sta M7X
    lda #<VIEW_Y
    sta M7Y
    lda #>VIEW_Y
    sta M7Y
    lda #<VIEW_VOFS
    sta BG1VOFS                 ; M7VOFS
    lda #>VIEW_VOFS
    sta BG1VOFS
    ldx #(<TM << 8) | $00       ; HDMA: one register, a byte a line
    stx DMAP(HDMA_TM)
    ldx #.loword(Layers)
    stx A1T(HDMA_TM)
    ldx #(<M7A << 8) | $02      ; one register written twice, a word a line
    stx DMAP(HDMA_M7A)
    ldx #(<M7D << 8) | $02
    stx DMAP(HDMA_M7D)
    ldx #.loword(Scales)
    stx A1T(HDMA_M7A)
    stx A1T(HDMA_M7D)
    lda #^Scales
    sta A1B(HDMA_TM)
    sta A1B(HDMA_M7A)
    sta A1B(HDMA_M7D)
    lda #1 << HDMA_CHANNEL | 1 << HDMA_TM | 1 << HDMA_M7A | 1 << HDMA_M7D
    sta z:HdmaenShadow          ; the NMI turns them on
    rts
.endproc

EmptyCell:
    .byte MAP_CHAR + TILE_ID_EMPTY

; Each tile id's colour, a CGRAM index (graphics.s's palette: 0 the sky, 1 and 2 earth, 3 grass).
TileColours:
    .byte 0                     ; EMPTY: the backdrop
    .byte 1                     ; SOLID
    .byte 3                     ; END_SLOPE: a slope's grassy top
    .res 6, 2                   ; the down slopes A-F
    .byte 3, 3                  ; the one-way platforms
    .res 6, 2                   ; the up slopes a-f
.assert * - TileColours = TILE_IDS, error, "a colour for each tile id"

; TM line by line: nothing above SKY_LINES, then BG1.
Layers:
    .byte SKY_LINES, $00
    .byte 1, $01
    .byte 0

; M7A and M7D line by line: VIEW_X_SCALE * 256 / (y + HORIZON) from line SKY_LINES to 223.
Scales:
    .byte SKY_LINES             ; above: BG1 is off
    .word $0100
    .repeat 2, half
        .byte $80 | 88          ; 88 lines, a word each
        .repeat 88, line
            .word VIEW_X_SCALE * 256 / (SKY_LINES + half * 88 + line + HORIZON)
        .endrepeat
    .endrepeat
    .byte 0

.export ShowMapWhenAsked
