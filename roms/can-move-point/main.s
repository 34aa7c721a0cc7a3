; The can-move-point ROM: CanMove (can_move.s), its RAM and a cartridge header.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF CAN MOVE"
