; tile-collision-metatiles: the engine's own metatile table, in ROM, instead of the host's table in
; work RAM. A map holds metatile ids, the tile set's graphics: several look different but collide
; alike, and a type's metatiles are not where its collision value would put them. The host writes
; each tile as the first metatile of its type (the manifest's collision_map names this table).

.include "tile_types.inc"

.segment "RODATA"

.proc CollisionMap
    .byte TILE_EMPTY, TILE_EMPTY, TILE_EMPTY                    ; 0-2: sky, cloud, window
    .byte TILE_SOLID, TILE_SOLID, TILE_SOLID, TILE_SOLID        ; 3-6: grass, earth, rock, brick
    .byte TILE_UP_PLATFORM, TILE_UP_PLATFORM                    ; 7-8: wooden and stone ledges
    .byte TILE_DOWN_RIGHT_SLOPE, TILE_DOWN_LEFT_SLOPE           ; 9-10: grass hills
    .byte TILE_DOWN_RIGHT_SHORT_SLOPE, TILE_DOWN_RIGHT_TALL_SLOPE
    .byte TILE_DOWN_LEFT_TALL_SLOPE, TILE_DOWN_LEFT_SHORT_SLOPE
    .byte TILE_END_SLOPE, TILE_END_SLOPE                        ; 15-16: under a hill, grass and rock
    .byte TILE_DOWN_PLATFORM
    .byte TILE_UP_RIGHT_SLOPE, TILE_UP_LEFT_SLOPE               ; 18-23: cave ceilings
    .byte TILE_UP_RIGHT_SHORT_SLOPE, TILE_UP_RIGHT_TALL_SLOPE
    .byte TILE_UP_LEFT_TALL_SLOPE, TILE_UP_LEFT_SHORT_SLOPE
    .byte TILE_DOWN_RIGHT_SLOPE, TILE_DOWN_LEFT_SLOPE           ; 24-25: rock hills
.endproc

.export CollisionMap
