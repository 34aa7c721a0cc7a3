; The block engine ROM: its actor and player routines (actors.s, player.s), its block table and
; its RAM, with a cartridge header. The host calls the routines itself.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF BLOCKS"
