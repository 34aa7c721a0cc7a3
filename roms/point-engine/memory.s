; Work RAM of the point engine. D = 0 and DB = $7E for every routine: the direct page holds the pad
; words the NMI writes and the scratch of the collision code (the body it moves, the box, the
; probed point); the player's globals and the actors are in the low 8 KiB after it; the level map
; opens bank $7E's high RAM, at $7E:2000.

.include "actor.inc"
.include "tiles.inc"

.segment "ZEROPAGE"

keys:       .res 2      ; pad 1 as the last NMI read it
keynew:     .res 2      ; the buttons pressed in that frame: keys & ~(the frame before's keys)
FrameCount: .res 2      ; NMIs taken: the main loop waits for it to change

; The body CollideBox moves: a copy of the player's globals or of an actor's record.
BodyX:      .res 2      ; 12.4
BodyY:      .res 2
BodyVX:     .res 2
BodyVY:     .res 2
BodyGround: .res 2      ; CollideBox's answer, ON_AIR..ON_SLOPE: the actor's copy is a byte
OldFeetY:   .res 2      ; the feet's pixel row before the move: FloorAt's platforms read it

; The body's box, in pixels, which the movers set from immediates.
HalfWidth:  .res 2      ; W / 2: the side points' distance from x
HeadRise:   .res 2      ; H - 1: the head point's distance over the feet
SideRise:   .res 2      ; H / 2: the side points' distance over the feet

; The last probe.
PointX:     .res 2      ; the pixel SolidAt or FloorAt probed
PointY:     .res 2
TileBits:   .res 2      ; FloorAt's tile's TileFlags
MapColumn:  .res 2      ; TileAt's scratch
SlopeOffset: .res 2     ; FloorAt's scratch: the slope's 16 words in SlopeDepths
LowerHalf:  .res 2      ; FloorAt's scratch: 256 for a slope's lower tile, else 0
Surface:    .res 2      ; FloorAt's scratch: a slope's surface row
Raises:     .res 2      ; CollideBox's count of the feet's raises left
Speed:      .res 2      ; ActorWalk's speed

.segment "LOWRAM"

PlayerX:        .res 2  ; 12.4, the feet's centre column
PlayerY:        .res 2  ; 12.4, the feet's row
PlayerVX:       .res 2  ; signed, 1/16 px a frame
PlayerVY:       .res 2  ; signed, down positive
PlayerOnGround: .res 1  ; ON_AIR, ON_FLAT or ON_SLOPE

Actors:     .res .sizeof(Actor) * ACTOR_COUNT

.segment "HIGHRAM"

LevelMap:   .res MAP_BYTES  ; first in HIGHRAM: $7E:2000

.exportzp keys, keynew, FrameCount, BodyX, BodyY, BodyVX, BodyVY, BodyGround, OldFeetY
.exportzp HalfWidth, HeadRise, SideRise, PointX, PointY, TileBits, MapColumn, SlopeOffset, LowerHalf
.exportzp Surface, Raises, Speed
.export PlayerX, PlayerY, PlayerVX, PlayerVY, PlayerOnGround, Actors, LevelMap
