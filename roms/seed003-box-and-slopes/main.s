; The seed003-box-and-slopes ROM: MoveActor (actor_move.s), its RAM and a cartridge header.

.p816

.include "host_called.inc"

HOST_CALLED_ROM "TILEPROF SEED003"
