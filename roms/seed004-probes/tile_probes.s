; TileCollision: andydansby's "Running into a Tile, Tile based Collision" (2-7-2018, seed 004), a
; z88dk C routine for a ZX Spectrum game, on the 65816.
;
; The article's design. The player is a 16x16 sprite on a one-screen map of 16x16-pixel tiles,
; tiles[] (row-major, scrw tiles a row), and its unsigned char position (playerX, playerY) is the
; sprite's centre. tileCollision(playerX, playerY) moves each coordinate 8 pixels towards a side,
; converts it to a tile coordinate with >> 4 and reads four tiles: north, south, east and west
; (named yy1, yy2, xx1, xx2 in its memory-saving rewrite). "Something higher than 0" in one of
; them is a collision: the tile number itself is tested, there is no attribute table. The
; article then adds four corner probes (xx3, xx4, yy3, yy4) for what the four miss at corners.
; The routine only looks: "this performs no action when you touch a tile"; the article's demo
; turns the border yellow.
;
; Two ROMs from this source: seed004-probes, the four-probe routine, and seed004-probes-eight
; (EIGHT_PROBES defined), the eight-probe one. Each also builds with PROBE_PAIRS (below).
;
; How the ROM maps it.
; - Entity (entity.inc): u8 position, s8 velocity, in a 256-byte slot that is the direct page.
;   The article's globals (playerXattr, tmpx1, tmpx2) live in the slot: the same values, and
;   direct-page reads are the 65816's cheapest.
; - Map: tiles[] is MapData, scrw is the host's map width; row * scrw comes from MapRowOffsets
;   (the host writes word n = n * scrw), the product the article leaves to the compiler. The
;   design is walkability (roms/designs/walkability.toml): tile number 0 walkable, 1 blocked, so
;   the article's `tile > 0` is exactly "blocked" and the host's collision table goes unread.
; - Answer: A (8 bits) = a bit per probe that found a tile number > 0, 0 = nothing; the host
;   moves the entity by its velocity only when A is 0 (manifest's [outcome]) and otherwise marks
;   it stopped in the directions it was moving.
;
;   bit  article's names           where the probe really looks (y grows downwards)
;   $01  east / xx1 "right side"   (x - 8, y)      left edge
;   $02  west / xx2 "left side"    (x + 8, y)      right edge
;   $04  xx3 "top left"            (x + 8, y + 5)  right, low      (eight-probe only)
;   $08  xx4 "top right"           (x - 8, y + 5)  left, low       (eight-probe only)
;   $10  north / yy1 "bottom side" (x, y - 8)      top edge
;   $20  south / yy2 "top side"    (x, y + 8)      bottom edge
;   $40  yy3 "bottom right"        (x - 8, y - 6)  left, high      (eight-probe only)
;   $80  yy4 "bottom left"         (x + 8, y - 6)  right, high     (eight-probe only)
;
; Where it probes: at the position the velocity would give, (x + vx, y + vy) as unsigned chars.
; The article calls tileCollision with the player's position and leaves what to do about a
; collision to its caller; the host's caller can only move the entity or not, so the routine is
; called, as a game written against it would call it before moving, with the position the move
; would reach, and nothing found there means the move is free. Probing the current position
; instead could not stop the sprite: the north and east probes look at the sprite's own top row
; and left column (quirk 2), so they would only ever report a wall it had already entered, and
; "refuse moves towards a blocked side" would need a side for each probe, which the article's
; names (mirrored, quirk 1) do not give.
;
; The article's quirks, kept:
; 1. The +-1 after the +-8. north is tiles[(((playerY + 8) >> 4) - 1) * scrw + ...]: +8 then one
;    row back. The article gives the +-8 its reason ("the sprite control is based on the center
;    position of the sprite itself": -8 finds "when the sprite touches the right of the tile",
;    +8 "when it touches the left of the tile") and the +-1 none. ((p + 8) >> 4) - 1 is
;    (p - 8) >> 4 for every p >= 8, so every middle probe reads the tile 8 pixels to the side
;    opposite its +-8: north's "+ 8" row minus one is the row 8 above, east's "+ 8" column minus
;    one is the column 8 to the LEFT. In the prototype north and south are where they say and
;    east and west are swapped; in the eight-probe version every comment names the opposite side
;    ("right side" at x - 8, "bottom side" at y - 8, "top left" at x + 8, y + 5). The ROM
;    follows the index arithmetic, never the labels; the -1 and +1 cost nothing here, they are
;    the address the indexed read starts from (MapData - 1, MapRowOffsets - 2, ...).
; 2. Asymmetric reach. A 16-pixel sprite centred on x covers x - 8 .. x + 7: the -8 probes are
;    its own first column and row, the +8 ones the first pixels past its last. The probes span
;    17 pixels, so the sprite stops touching a wall on its left or above but one pixel short of
;    one on its right or below, and never fits through a one-tile (16-pixel) gap.
; 3. Four probes see only the middle of each side: a tile at a corner goes unnoticed until the
;    centre row or column reaches it ("Collision not detected on edge conditions"). The corner
;    probes fix that only in part: they read tmpx1 and tmpx2 with no +-1 (the true x - 8 and
;    x + 8 columns) at rows (playerY + 5) >> 4 and (playerY - 6) >> 4, not +-8. The article does
;    not say why 5 and 6; both are two rows inside the sprite's y - 8 .. y + 7, so a tile off a
;    corner can still take the sprite's two outermost rows.
; 4. Every probe is read and tested on every call, as the article's separate ifs do: the answer
;    is which probes hit, not only whether one did. Each read is tested as soon as it is made
;    (the article reads all, then tests all; a read changes nothing, so the result is the same),
;    and both ROMs test in the eight-probe version's order, xx1, xx2, (xx3, xx4,) yy1, yy2(, yy3,
;    yy4), where the prototype tests north first: only the case a call that hits several probes
;    is counted under can differ.
;
; Arithmetic. The article's operands are unsigned chars promoted to int. Here they are bytes:
; playerX + 8 keeps its ninth bit through ROR, so (playerX + 8) >> 4 is the int result for every
; playerX; playerX - 8 below 0 (an int -1 >> 4 in C, 255 in the unsigned char) and rows past the
; map would read outside tiles[] in the article as here. A map with a blocked border keeps every
; probe inside it at any speed the design allows (16 pixels a frame): a position the border lets
; the entity hold has x - 8 >= 16, so playerX - 8 >= 0, and x + 8 in the map, so playerX + 8
; reaches no further than the border tile.
;
; With PROBE_PAIRS: the article computes every probe's index on its own, a row times scrw plus a
; column, and reads one byte per probe, and so does the faithful build; but its probes share rows
; and columns. For playerX >= 8, tmpx2 - 1 is tmpx1 and tmpx1 + 1 is tmpx2 (quirk 1), so xx1 and
; xx2, xx3 and xx4, yy3 and yy4 are each two neighbours in one row: tiles[row * scrw + tmpx1] and
; the byte after it. The variant works out one index for each pair and reads the two bytes from
; it, in the article's order. (A 16-bit load of the pair, tested once, costs the same when neither
; tile is above 0, its REP and SEP eating what the second read costs, and more on a hit.)
; yy1 and yy2 are vertical neighbours and stay byte reads, but for playerY >= 8 their rows,
; ((playerY + 8) >> 4) - 1 and ((playerY - 8) >> 4) + 1, are the row above (playerY + 8) >> 4 and
; that row itself: one row index, taken from the playerY >> 3 that the xx row already shifts out,
; reads both row offsets, and playerXattr is added to each. tmpx2 is not needed, so not stored.
; Row offsets still come from MapRowOffsets: the row length is the host's scrw, any width.
; The answers are the same: for playerX >= 8 and playerY >= 8 every probe reads the very byte the
; faithful build reads, and the bits are set, and the case labels reached, in the same order.
; Below 8 the sprite's left or top edge is off the map and the faithful build's -8 wraps: for
; playerX < 8 it reads xx1 at row * scrw - 1 and xx2 at row * scrw + 16 (and the corner probes at
; columns 0 and 15), no longer neighbours; for playerY < 8 it reads yy2's row offset from word 16
; of MapRowOffsets, past the table, where the variant reads row 0. The variant answers otherwise
; there. No position the entity can hold gets there on a map with a blocked border, as every
; scenario's map has (see Arithmetic).
;
; In: A8, I8, D = the entity, DB = $7E. Out: A8 = the probes that hit (0: the move is free).

.p816

.include "entity.inc"

.import MapRowOffsets, MapData

; The answer's bits, named after the probe variables of the eight-probe version.
XX1 = $01
XX2 = $02
XX3 = $04
XX4 = $08
YY1 = $10
YY2 = $20
YY3 = $40
YY4 = $80

.segment "CODE"

; One probe: the tile at row offset A + column, and its bit when it is above 0.
; In: A8 = row * scrw, the carry clear. base = MapData, or MapData -+ 1 where the article adds
; -+1 to the column. hit = the case label of a call whose first hit this is.
; Out: the carry still clear: an index into a map of at most 192 tiles never carries.
.macro PROBE base, column, hit, bit
    adc z:Entity::column
    tax
    TEST_TILE base, x, hit, bit
.endmacro

; The tile at base + index, and its bit when it is above 0. In: A8, index = X or Y.
.macro TEST_TILE base, index, hit, bit
    lda a:.loword(base), index
    beq :+                          ; `if (tile > 0)`: unsigned, so anything but 0
hit:
    lda #bit
    tsb z:Entity::hits
:
.endmacro

; Two probes of one row in one read (PROBE_PAIRS): the tile at row offset A + tmpx1 and the one
; after it. first and second are the probes in the article's order: rightFirst = 1 when the first
; is the right tile (xx3 before xx4), 0 when it is the left one.
; In: A8 = row * scrw, the carry clear. Out: A8, the carry still clear, as PROBE's.
.macro PROBE_PAIR firstHit, firstBit, secondHit, secondBit, rightFirst
    .local Tested
    adc z:Entity::tmpx1
    tax                             ; one index for both tiles: the left at MapData, the right after it
.if rightFirst
    lda a:.loword(MapData) + 1, x
.else
    lda a:.loword(MapData), x
.endif
    beq :+
firstHit:
    lda #firstBit
    tsb z:Entity::hits
:
.if rightFirst
    lda a:.loword(MapData), x
.else
    lda a:.loword(MapData) + 1, x
.endif
    beq Tested
secondHit:
    lda #secondBit
    tsb z:Entity::hits
Tested:
.endmacro

; X = 2 * ((playerY + k) >> 4), a MapRowOffsets index, in C's int arithmetic; the carry clear.
.macro ROW_WORD_BELOW k
    lda z:Entity::playerY
    clc
    adc #k
    ror                             ; C adds in int: bit 8 of playerY + k comes back in
    lsr
    lsr
    lsr
    asl                             ; the carry clear: (playerY + k) >> 4 is under 32
    tax
.endmacro

; X = 2 * ((playerY - k) >> 4); the carry clear.
.macro ROW_WORD_ABOVE k
    lda z:Entity::playerY
    sec
    sbc #k
    lsr
    lsr
    lsr
    lsr
    asl                             ; the carry clear: (playerY - k) >> 4 is under 16
    tax
.endmacro

.proc TileCollision
    .a8
    .i8
    stz z:Entity::hits
    lda z:Entity::xPosition
    clc
    adc z:Entity::xVelocity         ; playerX, an unsigned char argument: wraps at 256
    tay
    lsr
    lsr
    lsr
    lsr
    sta z:Entity::playerXattr       ; playerX >> 4
    tya
    sec
    sbc #8
    lsr
    lsr
    lsr
    lsr
    sta z:Entity::tmpx1             ; (playerX - 8) >> 4
.ifndef PROBE_PAIRS
    tya
    clc
    adc #8
    ror                             ; C adds in int: bit 8 of playerX + 8 comes back in
    lsr
    lsr
    lsr
    sta z:Entity::tmpx2             ; (playerX + 8) >> 4
.endif
    lda z:Entity::yPosition
    clc
    adc z:Entity::yVelocity
    sta z:Entity::playerY

    ; Quirk 4: xx1, xx2, (xx3, xx4,) yy1, yy2(, yy3, yy4).

    ; playerYattr * scrw, for xx1 and xx2
    lsr
    lsr
    lsr
.ifdef PROBE_PAIRS
    tay                             ; playerY >> 3, kept for yy1 and yy2's row index
.endif
    lsr
    asl                             ; 2 * playerYattr, a word index; the carry is its bit 7, clear
    tax
    lda a:.loword(MapRowOffsets), x
    ; xx1 (east, "right side") = tiles[playerYattr * scrw + (tmpx2 - 1)]: the column 8 left
    ; xx2 (west, "left side") = tiles[playerYattr * scrw + (tmpx1 + 1)]: the column 8 right
.ifdef PROBE_PAIRS
    PROBE_PAIR Xx1Hit, XX1, Xx2Hit, XX2, 0
.else
    tay
    PROBE MapData - 1, tmpx2, Xx1Hit, XX1
    tya
    PROBE MapData + 1, tmpx1, Xx2Hit, XX2
.endif

.ifdef EIGHT_PROBES
    ; ((playerY + 5) >> 4) * scrw, for xx3 and xx4
    ROW_WORD_BELOW 5
    lda a:.loword(MapRowOffsets), x
    ; xx3 ("top left") = tiles[((playerY + 5) >> 4) * scrw + tmpx2]: right, 5 below the centre
    ; xx4 ("top right") = tiles[((playerY + 5) >> 4) * scrw + tmpx1]: left, 5 below
.ifdef PROBE_PAIRS
    PROBE_PAIR Xx3Hit, XX3, Xx4Hit, XX4, 1
.else
    tay
    PROBE MapData, tmpx2, Xx3Hit, XX3
    tya
    PROBE MapData, tmpx1, Xx4Hit, XX4
.endif
.endif

    ; yy1 (north, "bottom side") = tiles[(((playerY + 8) >> 4) - 1) * scrw + playerXattr]: the
    ; row 8 above
    ; yy2 (south, "top side") = tiles[(((playerY - 8) >> 4) + 1) * scrw + playerXattr]: the row
    ; 8 below
.ifdef PROBE_PAIRS
    tya                             ; 2 * playerYattr + bit 3 of playerY: + 8 reaches the next
    inc a                           ; row exactly when bit 3 is set, so rounding up to even
    and #$FE                        ; gives 2 * ((playerY + 8) >> 4); the carry is still clear
    tax
    lda a:.loword(MapRowOffsets - 2), x     ; yy1's row, the one above it
    adc z:Entity::playerXattr
    tay
    lda a:.loword(MapRowOffsets), x         ; yy2's row, ((playerY - 8) >> 4) + 1 for playerY >= 8
    adc z:Entity::playerXattr
    tax
    TEST_TILE MapData, y, Yy1Hit, YY1
    TEST_TILE MapData, x, Yy2Hit, YY2
.else
    ROW_WORD_BELOW 8
    lda a:.loword(MapRowOffsets - 2), x     ; the - 1 on the row: one word back
    PROBE MapData, playerXattr, Yy1Hit, YY1
    ROW_WORD_ABOVE 8
    lda a:.loword(MapRowOffsets + 2), x     ; the + 1 on the row: one word on
    PROBE MapData, playerXattr, Yy2Hit, YY2
.endif

.ifdef EIGHT_PROBES
    ; ((playerY - 6) >> 4) * scrw, for yy3 and yy4
    ROW_WORD_ABOVE 6
    lda a:.loword(MapRowOffsets), x
    ; yy3 ("bottom right") = tiles[((playerY - 6) >> 4) * scrw + tmpx1]: left, 6 above
    ; yy4 ("bottom left") = tiles[((playerY - 6) >> 4) * scrw + tmpx2]: right, 6 above
.ifdef PROBE_PAIRS
    PROBE_PAIR Yy3Hit, YY3, Yy4Hit, YY4, 0
.else
    tay
    PROBE MapData, tmpx1, Yy3Hit, YY3
    tya
    PROBE MapData, tmpx2, Yy4Hit, YY4
.endif
.endif

Answer:
    lda z:Entity::hits
    rts
.endproc

.export TileCollision
