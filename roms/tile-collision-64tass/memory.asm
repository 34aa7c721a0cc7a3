; Work RAM of the tile-collision ROM. The host (the profiler) writes the map and the entities here
; before each call; the manifest names these symbols.

    .section lowram

; One byte per metatile id: its collision type (tile_types.inc). Page-aligned: indexing it never
; crosses a page.
CollisionMap        .fill 256

; Entity slots, one page each.
Entities            .fill ENTITY_SLOT_BYTES * 16

; The room: MapWidth tiles by MapHeight tiles, row-major in MapData.
MapWidth            .byte ?
MapHeight           .byte ?
MapBytesPerRow      .word ?     ; = MapWidth, as a word for 16-bit index arithmetic

; Word n = n * MapBytesPerRow: the first tile of row n, without the multiplier.
MapRowOffsets       .fill 512

    .send lowram

    .section highram

MapData             .fill $E000

    .send highram
