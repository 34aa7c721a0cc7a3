; Work RAM of the seed001-metatile-walkability ROM, which the host writes before each call.

.include "entity.inc"

.segment "LOWRAM"

; First in LOWRAM ($0100): every slot starts a page.
Entities:           .res ENTITY_SLOT_BYTES * 16

; The room's metatile ids, row-major, ROOM_WIDTH a row. Page-aligned (it follows 16 pages):
; LDA room,Y never crosses a page, which would cost a cycle.
room:               .res ROOM_WIDTH * ROOM_HEIGHT

; The host's map facts. The routine reads none of them: the room is always ROOM_WIDTH wide.
MapWidth:           .res 1
MapHeight:          .res 1
MapBytesPerRow:     .res 2

.export Entities, room, MapWidth, MapHeight, MapBytesPerRow
