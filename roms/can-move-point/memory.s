; Work RAM of the can-move-point ROM, which the host fills before each call.

.include "entity.inc"

.segment "LOWRAM"

Walkability:    .res 256        ; tile id -> collision value: 0 walkable
Entities:       .res ENTITY_SLOT_BYTES * 4
MapWidth:       .res 1
MapHeight:      .res 1
MapBytesPerRow: .res 2          ; the host's; CanMove reads rows through MapRowOffsets alone
MapRowOffsets:  .res 2 * 64     ; word n = n * MapWidth

.segment "HIGHRAM"

MapData:        .res 64 * 64

.export Walkability, Entities, MapWidth, MapHeight, MapBytesPerRow, MapRowOffsets, MapData
