; Work RAM of the block engine. D = 0 for every routine: the direct page holds the routines'
; scratch, the controller word and the player; the actors follow from $0200; the level fills
; bank $7F.

.include "actor.inc"
.include "level.inc"

.segment "ZEROPAGE"

BlockPtr:   .res 3      ; long pointer to a level column, which ReadBlock sets
Flags:      .res 2      ; the flags of the block ReadBlock read: BIT puts SOLID in N, TOP_ONLY in V
BlockCell:  .res 2      ; that block's cell: 2 * its id
FeetX:      .res 2      ; the actor's feet, in pixels
FeetY:      .res 2
OldFeetY:   .res 2      ; the feet's row before the fall
FloorRow:   .res 2      ; the top row of the solid block FloorAtFeet found
HalfWidth:  .res 2      ; the actor's width / 2, 12.4
EdgeX:      .res 2      ; the pixel column a walk tests
Speed:      .res 2      ; ActorWalk's speed
Temp:       .res 2
Joypad:     .res 2      ; the controller word the NMI stores (actor.inc has its bits)
PlayerBody: .res .sizeof(Actor) ; the player: an actor's record, kept out of the actor array

.segment "LOWRAM"

Actors:     .res .sizeof(Actor) * ACTOR_COUNT

.segment "LEVEL"

LevelBlocks: .res COLUMN_BYTES * LEVEL_COLUMNS

.exportzp BlockPtr, Flags, BlockCell, FeetX, FeetY, OldFeetY, FloorRow, HalfWidth, EdgeX, Speed, Temp, Joypad, PlayerBody
.export Actors, LevelBlocks
