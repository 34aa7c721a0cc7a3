; The animation frame records of tile-collision-frames (HITBOX_FRAMES). An entity's currentFrame
; holds its record's offset from FrameRecords.
;
; In work RAM (the default) there is a record per entity slot, which the host writes with the
; entity. With FRAMES_IN_ROM they are the ROM's: the eight hitboxes of
; scenarios/eight-hitboxes.toml, then a frame without a tile hitbox; the host points each entity to
; the one holding its hitbox and refuses a scenario with any other.

.include "frame_record.inc"

.ifdef FRAMES_IN_ROM

.segment "RODATA"

; One record: FRAME left, right, top, height (top as a scenario gives it: pixels above the origin).
.macro FRAME left, right, top, height
    .addr 0
    .byte left, right, <-(top), height
    .word 0
.endmacro

.proc FrameRecords
    FRAME  1,  1,  4,  8
    FRAME 16, 16,  9, 18
    FRAME  6,  6, 12, 24
    FRAME  8,  8, 16, 32
    FRAME  4,  4,  4,  8
    FRAME  1, 15,  1, 16
    FRAME 15,  1, 15, 16
    FRAME  1,  3, 16, 32
    FRAME  0,  0,  0, $FF           ; no tile hitbox
.endproc

.else

.segment "LOWRAM"

FrameRecords:       .res .sizeof(FrameRecord) * 16

.endif

.export FrameRecords
