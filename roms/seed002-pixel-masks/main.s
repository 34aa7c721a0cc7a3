; The seed002-pixel-masks ROM: MoveEntityAndCollide (hotspots.s), its mask tables
; (collision_tables.s), its RAM and a cartridge header.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF PIXEL MASKS"
