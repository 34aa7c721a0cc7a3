; CanMove: the smallest "may I move?" routine. It does not move the entity: it tests the tile
; under the pixel the entity's origin would reach with its velocity and answers in the carry, as
; routines that return a verdict instead of a new position do (the host moves the entity when it
; may; manifest.toml's [outcome]). A point-sized entity on a walkability map: collision value 0 is
; walkable, anything else blocks.
;
; In: A16, I16, D = the entity, DB = $7E. Out: carry clear = it may move, set = blocked.

.p816

.include "entity.inc"

.import MapData, MapRowOffsets, Walkability

.segment "CODE"

.proc CanMove
    .a16
    .i16
    lda z:Entity::xPosition
    clc
    adc z:Entity::xVelocity
    lsr
    lsr
    lsr
    lsr
    tay                             ; Y = the column it would reach
    lda z:Entity::yPosition
    clc
    adc z:Entity::yVelocity
    lsr
    lsr
    lsr
    and #$FFFE                      ; pixel / 8 with bit 0 cleared: 2 * the row, a word index
    tax
    tya
    clc
    adc a:.loword(MapRowOffsets), x
    tax                             ; X = the tile's index in the map
    lda a:.loword(MapData), x       ; 16-bit read: the next tile comes along in the high byte
    and #$00FF
    tax
    lda a:.loword(Walkability), x
    and #$00FF
    cmp #$0001                      ; carry set for any value but 0, which is walkable
    rts
.endproc

.export CanMove
