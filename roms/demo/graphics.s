; The demo game's graphics, all built by the assembler: the room's tile set (one 16x16 picture per
; tile id, drawn from the same slope heights the collision routine tests), the sprites, the
; palette, the animated platform tile's frames and the HDMA table of the sky's colours.
;
; VRAM layout (word addresses):
;   $0000  BG1 characters, 2bpp (mode 0), 8 words each. Tile id t's 16x16 picture is the four
;          characters n, n+1, n+16, n+17 with n = CHAR_OF_TILE(t).
;   $2000  BG1 tile map, 32x32 entries of 16x16 tiles: the whole 32x14 room without scrolling
;          vertically.
;   $4000  sprite characters, 4bpp, 16 words each.

.p816

.include "demo.inc"

.segment "RODATA"

; ---------------------------------------------------------------------------------------------
; The room's tile set.

; Sets `pix` to the colour (0-3) of pixel (px, py) of tile id `id`. Floor tiles are solid from
; their surface row (TopHeightTable's value at px) down, ceiling tiles from the top down to their
; last solid row (BottomHeightTable's); colour 3 is the first two rows past the surface (grass or
; moss), 1 and 2 the earth under it in a dither.
.macro TILE_PIXEL id, px, py
    depth .set -1
    .if id = TILE_ID_SOLID
        depth .set 4
        .if (py & 7) = 7 .or ((px + 8 * ((py >> 3) & 1)) & 15) = 15
            depth .set 8           ; the mortar between bricks
        .endif
    .elseif id = TILE_ID_END_SLOPE
        depth .set py
    .elseif id = TILE_ID_A
        depth .set py - (15 - px)
    .elseif id = TILE_ID_B
        depth .set py - px
    .elseif id = TILE_ID_C
        depth .set py - (15 - px / 2)
    .elseif id = TILE_ID_D
        depth .set py - (7 - px / 2)
    .elseif id = TILE_ID_E
        depth .set py - px / 2
    .elseif id = TILE_ID_F
        depth .set py - (8 + px / 2)
    .elseif id = TILE_ID_UP_PLATFORM
        .if py < 4
            depth .set py
        .endif
    .elseif id = TILE_ID_DOWN_PLATFORM
        .if py > 11
            depth .set 15 - py
        .endif
    .elseif id = TILE_ID_a
        depth .set px - py
    .elseif id = TILE_ID_b
        depth .set (15 - px) - py
    .elseif id = TILE_ID_c
        depth .set px / 2 - py
    .elseif id = TILE_ID_d
        depth .set (8 + px / 2) - py
    .elseif id = TILE_ID_e
        depth .set (15 - px / 2) - py
    .elseif id = TILE_ID_f
        depth .set (7 - px / 2) - py
    .endif
    .if depth < 0
        pix .set 0
    .elseif depth < 2
        pix .set 3
    .elseif depth = 8
        pix .set 2
    .elseif ((px + py) & 3) = 0
        pix .set 2
    .else
        pix .set 1
    .endif
.endmacro

; One 2bpp character: quadrant (cx, cy) of tile id `id`, rows of (plane 0, plane 1).
.macro TILE_CHARACTER id, cx, cy
    .repeat 8, row
        plane0 .set 0
        plane1 .set 0
        .repeat 8, column
            TILE_PIXEL id, cx * 8 + column, cy * 8 + row
            plane0 .set plane0 | ((pix & 1) << (7 - column))
            plane1 .set plane1 | ((pix >> 1) << (7 - column))
        .endrepeat
        .byte plane0, plane1
    .endrepeat
.endmacro

; (Plain labels, not .proc: the generators compare with constants, which a scope would keep
; unresolved until its end.)
; Characters 0-95 in VRAM order: character c is quadrant (c & 1, (c >> 4) & 1) of tile id
; (c >> 5) * 8 + ((c & 15) >> 1); ids past the last are blank.
TileCharacters:
    .repeat BG_CHARACTERS, c
        .if ((c >> 5) * 8 + ((c & 15) >> 1)) < TILE_IDS
            TILE_CHARACTER (c >> 5) * 8 + ((c & 15) >> 1), c & 1, (c >> 4) & 1
        .else
            .res 16, 0
        .endif
    .endrepeat
TileCharactersEnd:
TILE_CHARACTERS_BYTES = TileCharactersEnd - TileCharacters

; The animated tile: four frames of UP_PLATFORM's top row of characters (n, n+1), its plank
; drawn with a light stripe that moves four pixels right an animation frame.
.macro PLANK_ROW frame, row
    plane0 .set 0
    plane1 .set 0
    .repeat 8, column
        .if row < 4
            .if ((column + 4 * frame) & 7) = row
                pix .set 3
            .else
                pix .set 1
            .endif
        .else
            pix .set 0
        .endif
        plane0 .set plane0 | ((pix & 1) << (7 - column))
        plane1 .set plane1 | ((pix >> 1) << (7 - column))
    .endrepeat
    .byte plane0, plane1
.endmacro

AnimatedPlatformFrames:
    .repeat ANIMATION_FRAMES, frame
        .repeat 2                  ; the two top characters, both alike
            .repeat 8, row
                PLANK_ROW frame, row
            .endrepeat
        .endrepeat
    .endrepeat
AnimatedPlatformFramesEnd:

; ---------------------------------------------------------------------------------------------
; Sprites: three 16x16 4bpp pictures, drawn with colours 1-3 of their palettes: the player's head
; (characters 0, 1, 16, 17), a walker (2, 3, 18, 19) and the player's body (4, 5, 20, 21), which
; the head's sprite overlaps by 8 lines: the player's 12x24 box is two 16x16 sprites.

; Sets `pix` for pixel (px, py) of sprite picture `picture`.
.macro SPRITE_PIXEL picture, px, py
    pix .set 0
    .if px >= 2 .and px <= 13
        .if px = 2 .or px = 13 .or (py = 0 .and picture < 2) .or py = 15
            pix .set 2                ; outline
        .else
            pix .set 1
        .endif
        .if picture = 0 .and py = 4 .and (px = 5 .or px = 10)
            pix .set 3                ; the player's eyes
        .endif
        .if picture = 1 .and py = 5 .and (px = 4 .or px = 11)
            pix .set 3                ; the walker's eyes
        .endif
    .endif
.endmacro

; One 4bpp character: rows of (plane 0, plane 1), then rows of (plane 2, plane 3).
.macro SPRITE_CHARACTER picture, cx, cy
    .repeat 2, pair
        .repeat 8, row
            planeLow .set 0
            planeHigh .set 0
            .repeat 8, column
                SPRITE_PIXEL picture, cx * 8 + column, cy * 8 + row
                planeLow .set planeLow | (((pix >> (2 * pair)) & 1) << (7 - column))
                planeHigh .set planeHigh | (((pix >> (2 * pair + 1)) & 1) << (7 - column))
            .endrepeat
            .byte planeLow, planeHigh
        .endrepeat
    .endrepeat
.endmacro

; Sprite characters 0-31 (two rows of 16), in VRAM order.
SpriteCharacters:
    .repeat 32, c
        .if (c & 15) < 6
            SPRITE_CHARACTER (c & 15) >> 1, c & 1, c >> 4
        .else
            .res 32, 0
        .endif
    .endrepeat
SpriteCharactersEnd:
SPRITE_CHARACTERS_BYTES = SpriteCharactersEnd - SpriteCharacters

; ---------------------------------------------------------------------------------------------
; The palette: all 256 colours (BGR555 words). BG1 in mode 0 uses colours 0-3; sprite palette 0
; (the player) is colours 128-143, palette 1 (the walkers) 144-159. Colour 0, the backdrop, is
; rewritten on every line by HDMA (below).
.define RGB(r, g, b) ((b) << 10 | (g) << 5 | (r))
Palette:
    .word RGB(6, 10, 20), RGB(12, 8, 4), RGB(16, 11, 6), RGB(8, 22, 6)   ; sky, earth, earth, grass
    .res (128 - 4) * 2, 0
    .word 0, RGB(28, 6, 4), RGB(8, 0, 0), RGB(31, 31, 31)                ; player: red, dark, white
    .res 12 * 2, 0
    .word 0, RGB(6, 12, 28), RGB(0, 0, 8), RGB(31, 31, 0)                ; walkers: blue, dark, yellow
    .res (256 - 128 - 20) * 2, 0
PaletteEnd:
PALETTE_BYTES = PaletteEnd - Palette

; ---------------------------------------------------------------------------------------------
; HDMA channel 7's table (transfer pattern 3 to CGADD: $2121, $2121, $2122, $2122): every 8 lines
; colour 0 is set to the next step of a sky that goes from deep blue at the top to pale at the
; bottom. Each entry: a line count (no repeat bit: one transfer, then wait), CGADD twice, the colour.
SkyGradient:
    .repeat 28, band
        .byte 8
        .byte 0, 0
        .word RGB(4 + band / 2, 6 + band * 2 / 3, 14 + band / 2)
    .endrepeat
    .byte 0                         ; the end: no more transfers this frame
SkyGradientEnd:

.export TileCharacters, TILE_CHARACTERS_BYTES, AnimatedPlatformFrames, SpriteCharacters
.export SPRITE_CHARACTERS_BYTES, Palette, PALETTE_BYTES, SkyGradient
