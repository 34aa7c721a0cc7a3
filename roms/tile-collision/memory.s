; Work RAM of the tile-collision ROM. The host (the profiler) writes the map and the entities here
; before each call; the manifest names these symbols.

.include "entity.inc"

.segment "LOWRAM"

; One byte per metatile id: its collision type (tile_types.inc). Page-aligned: indexing it never
; crosses a page. tile-collision-metatiles has its own in ROM (metatiles.s) instead.
.ifndef METATILES
CollisionMap:       .res 256
.export CollisionMap
.endif

; Entity slots, one page each.
Entities:           .res ENTITY_SLOT_BYTES * 16

; The room: MapWidth tiles by MapHeight tiles in MapData, row-major, or with FIXED_HEIGHT
; column-major in columns of 64 tiles (the host fills each below the room).
MapWidth:           .res 1
MapHeight:          .res 1
.ifndef FIXED_HEIGHT
MapBytesPerRow:     .res 2      ; = MapWidth, as a word for 16-bit index arithmetic

; Word n = n * MapBytesPerRow: the first tile of row n, without the multiplier.
MapRowOffsets:      .res 512
.export MapBytesPerRow, MapRowOffsets
.endif
.ifdef ROOM_RIGHT_EDGE
MapRight:           .res 2      ; the first pixel column right of the room: $1000 + 16 * MapWidth
.export MapRight
.endif

.segment "HIGHRAM"

MapData:            .res $E000

.export Entities, MapWidth, MapHeight, MapData
