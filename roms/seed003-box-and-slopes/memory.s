; Work RAM of the seed003-box-and-slopes ROM, which the host fills before each call. All of it in
; the low 8 KiB, which bank $00 reaches with absolute addressing, as it does the ROM's gSlope table.

.include "entity.inc"

.segment "LOWRAM"

; gBlock(): one byte per block index, iFlags and iShape packed (../designs/seed003.toml).
BlockFlags:     .res 256
Actors:         .res ACTOR_SLOT_BYTES * 16

; gMapData(): gMapWidth x gMapHeight block indexes, row-major, at most cMaxCells = 512 of them.
MapWidth:       .res 1
MapHeight:      .res 1
MapBytesPerRow: .res 2          ; gMapWidth as a word, the step from a cell to the one below
MapRowOffsets:  .res 2 * 64     ; word n = n * gMapWidth: the article's iRow * gMapWidth, looked up
MapData:        .res 512

.export BlockFlags, Actors, MapWidth, MapHeight, MapBytesPerRow, MapRowOffsets, MapData
