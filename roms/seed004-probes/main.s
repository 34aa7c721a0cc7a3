; The seed004-probes ROMs: TileCollision (tile_probes.s), its RAM and a cartridge header.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF TILE PROBES"
