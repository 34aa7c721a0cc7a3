; The article's design (seed 001, "Explorer: 10 - Sprite Collision", NES, top-down): the hero is a
; 16x32 sprite at 8-bit screen coordinates hero_x, hero_y (its top-left pixel). She collides with
; the room through a small movement box around her feet, HERO_MOVEMENT_BOX_TOP/BOTTOM/LEFT/RIGHT
; pixels from hero_x/hero_y (rows 26..31, columns 5..11), which set_hero_box works out every frame.
; The room is an array of metatile ids in RAM, one byte per 16x16 metatile, one screen across
; (16 a row); it starts two metatile rows down the screen, under the status bar. A metatile's id
; indexes tile_walkability. Before the hero moves one pixel, can_move_right/left/up/down answer in
; the carry, set for "OK": a move that keeps the box's leading edge inside the tile it is in needs
; no test (the tile holds the box, so it is walkable); one that crosses into the next tile tests
; the tile beside the box, or the two tiles when the box's side spans two.
;
; How this ROM maps it:
; - Entity: each slot is its own direct page (entity.inc), holding hero_x, hero_y, the velocities
;   and the routine's variables (hero_box, hero_map_x, hero_map_y). The host's entity origin is the
;   box's top-left pixel and its hitbox the box (0, 7, 0, 6, pinned by designs/seed001.toml);
;   manifest.toml's origin turns that into hero_x = box left - 5 and hero_y = box top + 32 - 26.
; - Map: room (memory.s) is the host's map, 16 tiles a row; the host writes WALKABLE as metatile
;   floor and UNWALKABLE as wall, the first ids whose tile_walkability entries are 1 and 0.
; - Answer: move_hero, the host's entry, does what the article's frame does (set_hero_box,
;   set_hero_map_coords) and calls the can_move_* of the way the entity walks; the host moves it
;   one pixel when the carry comes back set.
;
; The routine runs in native mode with 8-bit registers, the NES's arithmetic: every value is a
; byte, so 16-bit registers would only add work. Where the 65816 does the same in fewer cycles
; (INC A, a test without the peek, tail calls from move_hero), it is written that way; the
; article's algorithm, its subroutine calls and its repeated subtraction are kept.
;
; With ROOM_SHIFTS (the seed001-metatile-walkability-shifts build): set_hero_map_coords divides by
; shifts instead of the article's repeated subtraction, and leaves one index in Y instead of the
; two coordinates, so each test reads its tile at a constant distance from it instead of calling
; get_room_offset. A metatile is 16 pixels: the column is the left edge's high nibble (four LSRs,
; the subtraction loop's quotient), and row * ROOM_WIDTH is the top edge with its low nibble
; cleared (AND #$F0): the row is never divided down to be multiplied back up. ORed, they are the
; index on the screen of the box's top-left tile; the status bar's two rows come off as a constant
; in each read's operand (SCREEN_ROOM, 32 bytes before room), and the tile tested is +1 (right),
; -1 (left) or +-ROOM_WIDTH (the row below or above) from there. For every tile in the room this
; is get_room_offset's 8-bit row * 16 + column, and every tile tested is in the room: the box
; stands on walkable tiles and the room's border is unwalkable (designs/seed001.toml). Only a box
; the host cannot place, in the border or the status bar, would have the two builds read different
; bytes, both outside the room. The tests, their order and the carry they start with, so the cases
; reached, are unchanged; hero_map_y, which only get_room_offset read, is no longer written.

.p816

.include "entity.inc"

.import room

; The hero's variables, by the article's names: offsets in the slot, so direct-page operands.
hero_x = Hero::hero_x
hero_y = Hero::hero_y
hero_box = Hero::hero_box
hero_map_x = Hero::hero_map_x
hero_map_y = Hero::hero_map_y

; collision box for the hero sprite (box around the feet)
HERO_MOVEMENT_BOX_TOP = 26
HERO_MOVEMENT_BOX_BOTTOM = 31
HERO_MOVEMENT_BOX_LEFT = 5
HERO_MOVEMENT_BOX_RIGHT = 11
; The article adds HERO_MOVEMENT_BOX_HEIGHT in its one-or-two-tiles test without defining it; the
; distance from the box's first row to its last is the value that makes the test exact (see
; can_move_right), and the width the same for the vertical moves.
HERO_MOVEMENT_BOX_HEIGHT = HERO_MOVEMENT_BOX_BOTTOM - HERO_MOVEMENT_BOX_TOP
HERO_MOVEMENT_BOX_WIDTH = HERO_MOVEMENT_BOX_RIGHT - HERO_MOVEMENT_BOX_LEFT

; tile ids
.enum
    floor
    wall
    block
    water
    block_breakable
    stairs_up
    stairs_down
    pitfall
.endenum

.enum ; walkability
    unwalkable
    walkable
.endenum

.segment "RODATA"

.proc tile_walkability
    .byte walkable, unwalkable, unwalkable, unwalkable
    .byte unwalkable, walkable, walkable, walkable
.endproc

.export tile_walkability

.ifdef ROOM_SHIFTS
; Where the screen's top row would start in room: room holds the rows under the status bar.
STATUS_BAR_ROWS = 2
SCREEN_ROOM = room - STATUS_BAR_ROWS * ROOM_WIDTH
.endif

; One test of the article's can_move_*: the tile column_step, row_step (-1, 0 or 1) from the box's
; top-left tile, by tile_walkability; branches to the routine's no_move when it is unwalkable.
; In: A8, I8; with ROOM_SHIFTS, Y = the box's top-left tile's index on the screen
; (set_hero_map_coords), which it keeps.
.macro TEST_TILE column_step, row_step
.ifdef ROOM_SHIFTS
    ; .loword: ca65 range-checks a negative offset added to an import. The operand is in the page
    ; before room's, so the read crosses a page: a cycle, where SEC, SBC #$20 would cost four a call
    lda a:.loword(SCREEN_ROOM + (row_step) * ROOM_WIDTH + (column_step)), y
    tax                             ; Y keeps the index for the second tile of a pair
    lda tile_walkability, x
.else
    ldy hero_map_y
  .if row_step > 0
    iny
  .elseif row_step < 0
    dey
  .endif
    ldx hero_map_x
  .if column_step > 0
    inx
  .elseif column_step < 0
    dex
  .endif
    jsr get_room_offset
    lda room, y
    tay
    lda tile_walkability, y
.endif
    beq no_move
.endmacro

.segment "CODE"

; The host's call, once per entity per frame: the article's frame (the box and the room coordinates,
; every frame) and the test of the way the player walks. One axis at a time, as a d-pad walks:
; the x velocity wins if both are set.
; In: A8, I8, D = the hero's slot, DB = $00 (room in low RAM, tile_walkability in ROM).
; Out: carry set = she may move one pixel that way.
.proc move_hero
    .a8
    .i8
    jsr set_hero_box
    jsr set_hero_map_coords         ; leaves the carry clear, which the can_move_* tests rely on,
                                    ; and with ROOM_SHIFTS their index in Y
    lda Hero::x_velocity
    bmi left
    bne right
    lda Hero::y_velocity
    bmi up
    bne down
    ; She stands still: nothing to test.
idle:
    rts

left:
    jmp can_move_left               ; tail calls: their RTS returns to the host
right:
    jmp can_move_right
up:
    jmp can_move_up
down:
    jmp can_move_down
.endproc

; Every frame: the box's four edges on the screen.
; Inefficiency, named by a reader in the article's comments and accepted by the author: each edge
; reloads hero_x or hero_y and adds its offset from the sprite's corner; a relative box (the
; second edge from the first) would fetch each coordinate once. Each move then reads two edges.
; In: A8, I8, D = the hero's slot.
.proc set_hero_box
    .a8
    .i8
    lda hero_x
    clc
    adc #HERO_MOVEMENT_BOX_LEFT
    sta hero_box+2
    lda hero_x
    clc
    adc #HERO_MOVEMENT_BOX_RIGHT
    sta hero_box+3
    lda hero_y
    clc
    adc #HERO_MOVEMENT_BOX_TOP
    sta hero_box
    lda hero_y
    clc
    adc #HERO_MOVEMENT_BOX_BOTTOM
    sta hero_box+1
    rts
.endproc

.ifndef ROOM_SHIFTS
; set_hero_map_coords finds the x and y room coords for the topleft pixel of the player's movement
; hit box.
; Inefficiency: pixel / 16 by repeated subtraction, 9 cycles a tile (up to 14 across, 13 down);
; four LSRs would take 8 cycles in all. Quirk: the row counts from the screen's top, so two rows
; of status bar come off after the division (DEX, DEX).
; In: A8, I8, D = the hero's slot. Out: carry clear (each loop leaves on a borrow).
.proc set_hero_map_coords
    .a8
    .i8
    lda hero_box+2                  ; left
    ldx #$00
    sec
:
    sbc #$10
    bcc :+
    inx
    jmp :-
:
    stx hero_map_x

    lda hero_box                    ; top
    ldx #$00
    sec
:
    sbc #$10
    bcc :+
    inx
    jmp :-
:
    dex
    dex                             ; correct y for the status bar
    stx hero_map_y
    rts
.endproc
.else
; With ROOM_SHIFTS: one index instead of the two coordinates (see the top of the file).
; In: A8, I8, D = the hero's slot. Out: Y = the index on the screen (row * ROOM_WIDTH + column,
; the status bar's rows counted) of the box's top-left tile, carry clear.
.proc set_hero_map_coords
    .a8
    .i8
    lda hero_box+2                  ; left
    lsr
    lsr
    lsr
    lsr
    sta hero_map_x                  ; the column: the loop's quotient
    lda hero_box                    ; top
    and #$F0                        ; screen row * ROOM_WIDTH, the low nibble free for the column
    ora hero_map_x
    tay                             ; TEST_TILE's SCREEN_ROOM takes off the status bar
    clc                             ; for the can_move_* tests' ADC, as the loops' borrow left it
    rts
.endproc
.endif

.ifndef ROOM_SHIFTS
; takes x/y room coords and returns an array index in y (the article calls it without showing
; it; this is the one-screen room's row * 16 + column).
; Inefficiency: a subroutine, called afresh for each tile tested; the second tile of a pair is
; always 16 bytes (a row) or 1 byte (a column) from the first.
; In: A8, I8, X = column, Y = row. Out: Y = the tile's index in room.
.proc get_room_offset
    .a8
    .i8
    tya
    asl
    asl
    asl
    asl                             ; row * ROOM_WIDTH; a row under 16 shifts out zeros: carry clear
    stx Hero::room_column
    adc Hero::room_column
    tay
    rts
.endproc
.endif

; Moving right: the box's right edge peeks at the next pixel over. Not at a tile edge (its low
; nibble not 0): the move stays in the tile the box is in, which is walkable because she stands
; on it, so there is nothing to test. At an edge: the column right of hero_map_x, in the box's
; row, and in the row below when the box's side spans two.
; In: A8, I8, D = the hero's slot, carry clear. Out: carry set = OK.
.proc can_move_right
    .a8
    .i8
    lda hero_box+3                  ; right edge of movement box
    inc a                           ; we want to peek at the next pixel over (the 6502 needs LDX, INX, TXA)
    and #$0F                        ; where are we WITHIN a tile?
    bne right_within_tile

    ; how many tiles to check (1 or 2): $F0 | the top's row in its tile, + the distance to the
    ; bottom row, stays negative while the bottom row is in the same tile.
    ; Quirk: the article never clears the carry for this ADC, so it also adds whatever carry the
    ; caller left: with a carry set, or HERO_MOVEMENT_BOX_HEIGHT taken as 6 (the box's pixels), a
    ; box at rows 10..15 of a tile would test the tile below it too, which it does not reach. Here
    ; the carry is always clear: set_hero_map_coords's loop leaves on a borrow and nothing since
    ; has touched it (with ROOM_SHIFTS, its CLC).
    lda hero_box                    ; top edge of movement box
    ora #$F0
    adc #HERO_MOVEMENT_BOX_HEIGHT   ; negative: one tile; positive: two
    bmi right_one_tile

    ; The lower tile first, then falls into the one-tile test of the upper.
right_two_tiles:
    TEST_TILE 1, 1

right_one_tile:
    TEST_TILE 1, 0

right_within_tile:                  ; also where both tests end when the way is clear
    sec                             ; return 1 in the carry if we can move
    rts
no_move:
    clc                             ; return 0 in the carry if we can't move
    rts
.endproc

; Moving left: the pixel left of the box is in the previous tile exactly when the box's left edge
; is at $x0 (the article's "similar check", without the peek: one AND instead of DEX, TXA, AND,
; CMP #$0F). Then the column left of hero_map_x, as can_move_right.
; In: A8, I8, D = the hero's slot, carry clear. Out: carry set = OK.
.proc can_move_left
    .a8
    .i8
    lda hero_box+2                  ; left edge of movement box
    and #$0F
    bne left_within_tile

    lda hero_box                    ; top edge: one or two tiles, as can_move_right (same quirk)
    ora #$F0
    adc #HERO_MOVEMENT_BOX_HEIGHT
    bmi left_one_tile

left_two_tiles:
    TEST_TILE -1, 1

left_one_tile:
    TEST_TILE -1, 0

left_within_tile:
    sec
    rts
no_move:
    clc
    rts
.endproc

; Moving up: the row above the box is in the previous tile exactly when the box's top is at $x0.
; Then the row above hero_map_y, in the box's column and the next when its bottom side spans two.
; In: A8, I8, D = the hero's slot, carry clear. Out: carry set = OK.
.proc can_move_up
    .a8
    .i8
    lda hero_box                    ; top edge of movement box
    and #$0F
    bne up_within_tile

    lda hero_box+2                  ; left edge: one or two tiles across (same quirk)
    ora #$F0
    adc #HERO_MOVEMENT_BOX_WIDTH
    bmi up_one_tile

up_two_tiles:
    TEST_TILE 1, -1

up_one_tile:
    TEST_TILE 0, -1

up_within_tile:
    sec
    rts
no_move:
    clc
    rts
.endproc

; Moving down: the bottom edge peeks at the next pixel down, as can_move_right does across; then
; the row below hero_map_y (the box is under a tile tall, so its bottom row is at most one below).
; In: A8, I8, D = the hero's slot, carry clear. Out: carry set = OK.
.proc can_move_down
    .a8
    .i8
    lda hero_box+1                  ; bottom edge of movement box
    inc a
    and #$0F
    bne down_within_tile

    lda hero_box+2                  ; left edge: one or two tiles across (same quirk)
    ora #$F0
    adc #HERO_MOVEMENT_BOX_WIDTH
    bmi down_one_tile

down_two_tiles:
    TEST_TILE 1, 1

down_one_tile:
    TEST_TILE 0, 1

down_within_tile:
    sec
    rts
no_move:
    clc
    rts
.endproc

.export move_hero
