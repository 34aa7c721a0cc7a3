; The tile-collision ROM: the routine the profiler calls (tile_collision.s), its tables and RAM,
; and a cartridge header.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF COLLISION"
