; Work RAM of the seed002-pixel-masks ROM. The host (the profiler) writes the map and the entities
; here before each call; the manifest names these symbols.

.include "entity.inc"

.segment "LOWRAM"

; One byte per map tile id: 2 * its TileCollisionType (the design's `value`).
CollisionMap:       .res 256

; Entity slots, one page each.
Entities:           .res ENTITY_SLOT_BYTES * 8

MapWidth:           .res 1
MapHeight:          .res 1
MapBytesPerRow:     .res 2      ; = MapWidth; the routine reads rows through MapRowOffsets alone

; Word n = n * MapWidth: the first tile of row n, without the multiplier.
MapRowOffsets:      .res 2 * 64

.segment "HIGHRAM"

MapData:            .res 64 * 64

.export CollisionMap, Entities, MapWidth, MapHeight, MapBytesPerRow, MapRowOffsets, MapData
