; The seed001-metatile-walkability ROM: move_hero and the article's collision routines
; (metatile_walkability.s), its RAM and a cartridge header.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF SEED001 WALK"
