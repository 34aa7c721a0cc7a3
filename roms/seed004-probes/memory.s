; Work RAM of the seed004-probes ROMs, which the host fills before each call.

.include "entity.inc"

MAP_MAX_WIDTH = 16          ; one Spectrum screen of 16x16 tiles: scrw = 16 at most, 256 pixels
MAP_MAX_HEIGHT = 12         ; 192 pixels

.segment "LOWRAM"

Entities:       .res ENTITY_SLOT_BYTES * 16     ; starts on a page: $0100
MapWidth:       .res 1      ; scrw, the host's; TileCollision reads rows through MapRowOffsets
MapHeight:      .res 1
MapBytesPerRow: .res 2
MapRowOffsets:  .res 2 * MAP_MAX_HEIGHT         ; word n = n * scrw
MapData:        .res MAP_MAX_WIDTH * MAP_MAX_HEIGHT ; tiles[], row-major

; TileCollision indexes the map and the row offsets with 8-bit X from one byte before to one past
; the end; an 8-bit indexed read that stays in its page costs no extra cycle.
.assert >(MapRowOffsets - 2) = >(MapData + MAP_MAX_WIDTH * MAP_MAX_HEIGHT), lderror, "the map and its row offsets must share a page"

.export Entities, MapWidth, MapHeight, MapBytesPerRow, MapRowOffsets, MapData
