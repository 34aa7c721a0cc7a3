; HDMA, checked on the machine from reset (machine_test.inc):
;   1. Tables line by line: four channels write through WMDATA into LineBytes in channel order,
;      channel 0 a marker each line ($E0 + the line), so the bytes between two markers are what the
;      others wrote on that line. Direct and indirect entries, single transfers and repeat mode,
;      tables ending at a $00 line count, and the channels' registers after.
;   2. What the frame's setup (line 0) and a line's transfers (line 100) cost, timed with the H/V
;      latch (hv_timing.inc) against the same code without HDMA.
;   3. An HDMA ending a DMA on its channel.
; The bytes written, the registers and every timing (latches and units) stay in work RAM for the
; frame-by-frame comparison with another emulator.
;
; The documented costs (docs/machine.md, emu/scpu/snes_dma.cpp: bsnes v094 after Anomie), in clocks:
;   setup  8, then per enabled channel 8 to read its first line count and, indirect, 16 for the
;          address
;   line   8, then per active channel 8 a byte of its unit when the line transfers, 8 to read the
;          next table byte, and 16 more when that byte starts an indirect entry
; The engine first waits for the next multiple of 8 clocks since power-on (1-8, a full 8 when on
; one already), and hands the bus back once a whole CPU cycle has passed since it took it. The
; code it interrupts here runs 8-clock cycles only, so the CPU loses the work (a multiple of 8)
; plus 8, or plus 16 when the engine started on the grid: base / 4 + 2 or + 4 units of 4 clocks.

.p816

.include "machine_test.inc"
.include "hv_timing.inc"

WH0      = $2126
WMDATA   = $2180
WMADDL   = $2181
WMADDH   = $2183
MDMAEN   = $420B
HDMAEN   = $420C
HVBJOY   = $4212
DMAP0    = $4300
DAS0     = $4305
A2A0     = $4308
NTRL0    = $430A
A1T7     = $4372
DAS7     = $4375

; Every timing starts from the IRQ at SYNC_DOT (78 clocks into the line) and times STRETCH x 16
; clocks: its first latch comes before the line's DRAM refresh, which falls in StartTiming, the
; stretch spans clock 1104 (or the next line 0's start), and the second latch falls early in the
; next line, before its refresh. So every timing crosses the same refresh and line end.
SYNC_DOT        = 16
STRETCH         = 48
TIMED_LINE      = 100
TAKEOVER_LINE   = 127
LINE_BYTES      = 26
RAMP_BYTES      = 256
CASE_BYTES      = 2 * TIMING_BYTES

; One channel's registers $43x0-$43x7 as SetChannel writes them: DMAP, BBAD, the table's address,
; DAS (0: HDMA loads it, indirect) and the indirect data's bank, the table's own.
.macro CHANNEL control, bRegister, table
    .byte control, bRegister
    .faraddr table
    .word 0
    .byte ^table
.endmacro

.segment "ZEROPAGE"
Count:      .res 1
Record:     .res 2

.segment "LOWRAM"
LineBytes:      .res LINE_BYTES + 1     ; 1. what channels 0-3 wrote, and the byte after
ChannelState:   .res 14                 ; 1. A2A of channels 0-3, NTRL of 0-1, DAS of 2-3
Timings:        .res 5 * CASE_BYTES     ; 2. each case's setup, then line timing
TakeoverBytes:  .res RAMP_BYTES + 3     ; 3. what the DMA and then the HDMA wrote
TakeoverState:  .res 4                  ; 3. bytes the DMA moved (A1T's advance), DAS after

.segment "RODATA"
; 1. Channel 0: a marker each line, 16 lines in one repeat entry.
MarkerTable:
    .byte $80 | 16
    .repeat 16, line
    .byte $E0 + line
    .endrepeat
MarkerEnd:
    .byte $00
; Channel 1, direct: one transfer and two quiet lines, two lines in repeat mode, one line.
DirectTable:
    .byte 3, $11
    .byte $80 | 2, $21, $22
    .byte 1, $31
DirectEnd:
    .byte $00
; Channel 2, indirect: one transfer and a quiet line, then three lines in repeat mode. Its $00
; comes while channel 3 is still active, so both bytes after it are read as an address.
IndirectTable2:
    .byte 2
    .addr DataA
    .byte $80 | 3
    .addr DataB
IndirectEnd2:
    .byte $00, $34, $12
; Channel 3, indirect: a line in repeat mode, then a transfer and four quiet lines. It is the last
; active channel when its $00 comes: one byte after it is read, as the address's high byte.
IndirectTable3:
    .byte $80 | 1
    .addr DataC
    .byte 5
    .addr DataD
IndirectEnd3:
    .byte $00, $56, $78
DataA:  .byte $A0
DataB:  .byte $B0, $B1, $B2
DataC:  .byte $C0
DataD:  .byte $D0

ExpectedLineBytes:
    .byte $E0, $11, $A0, $C0        ; line 0: every channel's first entry transfers
    .byte $E1, $D0                  ; line 1: channel 3's second entry
    .byte $E2, $B0                  ; line 2: channel 2's repeat entry
    .byte $E3, $21, $B1             ; line 3: channel 1's repeat entry too
    .byte $E4, $22, $B2
    .byte $E5, $31                  ; line 5: channel 1's last entry; 2 and 3 have ended
    .byte $E6, $E7, $E8, $E9, $EA, $EB, $EC, $ED, $EE, $EF
    .byte $00                       ; nothing after line 15
ExpectedChannelState:
    .word MarkerEnd + 1, DirectEnd + 1  ; A2A: past the $00
    .word IndirectEnd2 + 3              ; past the two address bytes read after it
    .word IndirectEnd3 + 2              ; past the one
    .byte $00, $00                      ; NTRL: the $00 read last
    .word $1234                         ; DAS: channel 2's two bytes
    .word $5600                         ; channel 3's one, as the high byte

MarkerChannel:      CHANNEL $00, <WMDATA, MarkerTable
DirectChannel:      CHANNEL $00, <WMDATA, DirectTable
Indirect2Channel:   CHANNEL $40, <WMDATA, IndirectTable2
Indirect3Channel:   CHANNEL $40, <WMDATA, IndirectTable3

; 2. The timed cases write the window registers (WH0-WH3), which change nothing in force blank.
; Case 1: one byte a line, 127 lines in repeat mode.
RepeatOneTable:
    .byte $80 | 127
    .res 127, $00
    .byte $00
; Case 2: one entry of 127 lines without repeat: it transfers at line 0 only.
SingleTable:
    .byte 127, $00
    .byte $00
; Case 3: four bytes a line (pattern 4: WH0-WH3), 127 lines in repeat mode, on two channels.
RepeatFourTable:
    .byte $80 | 127
    .res 127 * 4, $00
    .byte $00
; Case 4: indirect, its first entry's last line the timed one, which then reads the next entry's
; line count and address.
IndirectTimedTable:
    .byte $80 | (TIMED_LINE + 1)
    .addr TimedData
    .byte $80 | 1
    .addr TimedData
    .byte $00
TimedData:
    .res TIMED_LINE + 2, $00

RepeatOneChannel:       CHANNEL $00, <WH0, RepeatOneTable
SingleChannel:          CHANNEL $00, <WH0, SingleTable
RepeatFourChannel:      CHANNEL $04, <WH0, RepeatFourTable
IndirectTimedChannel:   CHANNEL $40, <WH0, IndirectTimedTable

; 3. Channel 7's table: one transfer at line 0, the next at TAKEOVER_LINE.
TakeoverTable:
    .byte TAKEOVER_LINE, $01
    .byte 127, $02
    .byte $00
TakeoverChannel:        CHANNEL $00, <WMDATA, TakeoverTable
Ramp:
    .repeat RAMP_BYTES, value
    .byte value
    .endrepeat

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

; X: the channel's register offset ($00, $10, ... $70); Y: its CHANNEL record.
.proc SetChannel
    lda #8
    sta Count
copy:
    lda a:0,y
    sta DMAP0,x
    inx
    iny
    dec Count
    bne copy
    rts
.endproc

; Returns at the start of V-blank (within a poll), when HDMA neither sets up nor transfers until
; the next line 0.
.proc WaitForVblank
in_vblank:
    bit HVBJOY
    bmi in_vblank
before:
    bit HVBJOY
    bpl before
    rts
.endproc

; X: the line. Times STRETCH x 16 clocks from SYNC_DOT of that line, keeping the timing at Record,
; which it advances.
.proc TimeStretch
    ldy #SYNC_DOT
    jsr WaitForPosition
    jsr StartTiming
    .repeat ::STRETCH
    lda #0                  ; 8-clock cycles only, so that the HDMA hands the bus back on the grid
    .endrepeat
    jsr StopTiming
    ldy Record
    jsr KeepTiming
    sty Record
    rts
.endproc

; A: HDMAEN for the case, its channels set up; Y: where to keep its two timings. Enables HDMA in
; V-blank, times across the end of line 261 (the next frame's setup) and across clock 1104 of
; TIMED_LINE, and disables HDMA again.
.proc TimeHdma
    sty Record
    pha
    jsr WaitForVblank
    pla
    sta HDMAEN
    ldx #FRAME_LINES - 1
    jsr TimeStretch
    ldx #TIMED_LINE
    jsr TimeStretch
    stz HDMAEN
    rts
.endproc

; Fail check n unless timing `which` (0 the setup, 1 the line) of case n exceeds case 0's by
; `low` or `low` + 2 units: the base cost / 4 + 2, or + 4 when the engine started on the grid.
.macro EXPECT_STALL case, which, low, check
    .local ok
    rep #$20
    .a16
    lda Timings + case * CASE_BYTES + which * TIMING_BYTES + TIMING_UNITS
    sec
    sbc Timings + which * TIMING_BYTES + TIMING_UNITS
    tax
    sep #$20
    .a8
    cpx #low
    beq ok
    cpx #low + 2
    beq ok
    FAIL check
ok:
.endmacro

.proc Main
    ; 1. Tables line by line: set up in V-blank, run for a frame, read back in the next V-blank.
    jsr WaitForVblank
    ldx #LineBytes
    stx WMADDL
    stz WMADDH
    ldx #$00
    ldy #MarkerChannel
    jsr SetChannel
    ldx #$10
    ldy #DirectChannel
    jsr SetChannel
    ldx #$20
    ldy #Indirect2Channel
    jsr SetChannel
    ldx #$30
    ldy #Indirect3Channel
    jsr SetChannel
    lda #$0F
    sta HDMAEN
    jsr WaitForVblank
    stz HDMAEN              ; before line 0 sets the tables up again
    rep #$20
    .a16
    lda A2A0
    sta ChannelState
    lda A2A0 + $10
    sta ChannelState + 2
    lda A2A0 + $20
    sta ChannelState + 4
    lda A2A0 + $30
    sta ChannelState + 6
    lda DAS0 + $20
    sta ChannelState + 10
    lda DAS0 + $30
    sta ChannelState + 12
    sep #$20
    .a8
    lda NTRL0
    sta ChannelState + 8
    lda NTRL0 + $10
    sta ChannelState + 9
    EXPECT_BYTES LineBytes, ExpectedLineBytes, LINE_BYTES + 1, 1
    EXPECT_BYTES ChannelState, ExpectedChannelState, 14, 2

    ; 2. The costs. Case 0: no HDMA, the reference.
    lda #$00
    ldy #Timings
    jsr TimeHdma
    ; Case 1: channel 0, direct, one byte a line. Setup 8 + 8; line 8 + 8 + 8.
    ldx #$00
    ldy #RepeatOneChannel
    jsr SetChannel
    lda #$01
    ldy #Timings + 1 * CASE_BYTES
    jsr TimeHdma
    ; Case 2: channel 0 active on a line it does not transfer on. Setup 8 + 8; line 8 + 8.
    ldx #$00
    ldy #SingleChannel
    jsr SetChannel
    lda #$01
    ldy #Timings + 2 * CASE_BYTES
    jsr TimeHdma
    ; Case 3: channels 0 and 1, four bytes a line each. Setup 8 + 2 x 8; line 8 + 2 x (32 + 8).
    ldx #$00
    ldy #RepeatFourChannel
    jsr SetChannel
    ldx #$10
    ldy #RepeatFourChannel
    jsr SetChannel
    lda #$03
    ldy #Timings + 3 * CASE_BYTES
    jsr TimeHdma
    ; Case 4: channel 0, indirect, a new entry read on the timed line. Setup 8 + 8 + 16; line
    ; 8 + 8 + 8 + 16.
    ldx #$00
    ldy #IndirectTimedChannel
    jsr SetChannel
    lda #$01
    ldy #Timings + 4 * CASE_BYTES
    jsr TimeHdma
    EXPECT_STALL 1, 0, 16 / 4 + 2, 3
    EXPECT_STALL 1, 1, 24 / 4 + 2, 4
    EXPECT_STALL 2, 0, 16 / 4 + 2, 5
    EXPECT_STALL 2, 1, 16 / 4 + 2, 6
    EXPECT_STALL 3, 0, 24 / 4 + 2, 7
    EXPECT_STALL 3, 1, 88 / 4 + 2, 8
    EXPECT_STALL 4, 0, 32 / 4 + 2, 9
    EXPECT_STALL 4, 1, 40 / 4 + 2, 10

    ; 3. A DMA on channel 7 from TAKEOVER_LINE's SYNC_DOT, with the HDMA that channel runs
    ;    (DMAP and BBAD shared) due at clock 1104: it ends the DMA and writes its own byte.
    jsr WaitForVblank
    ldx #TakeoverBytes
    stx WMADDL
    stz WMADDH
    ldx #$70
    ldy #TakeoverChannel
    jsr SetChannel
    lda #$80
    sta HDMAEN
    ldx #TAKEOVER_LINE
    ldy #SYNC_DOT
    jsr WaitForPosition
    ldx #Ramp
    stx A1T7
    ldx #RAMP_BYTES
    stx DAS7
    lda #$80
    sta MDMAEN
    stz HDMAEN
    rep #$20
    .a16
    lda A1T7
    sec
    sbc #Ramp
    sta TakeoverState
    lda DAS7
    sta TakeoverState + 2
    sep #$20
    .a8
    ; Line 0's byte, then the DMA's bytes (0, 1, ...), then the HDMA's, then nothing.
    lda TakeoverBytes
    EXPECT_A8 $01, 11
    ldx TakeoverState
    EXPECT_X_IN 1, RAMP_BYTES - 1, 12
    ldx #0
dma_byte:
    lda TakeoverBytes + 1,x
    cmp Ramp,x
    beq :+
    FAIL 13
:   inx
    cpx TakeoverState
    bne dma_byte
    lda TakeoverBytes + 1,x
    EXPECT_A8 $02, 14
    lda TakeoverBytes + 2,x
    EXPECT_A8 $00, 15
    ldx TakeoverState + 2   ; the count left: the DMA did not run out
    EXPECT_X_IN 1, RAMP_BYTES, 16
    rts
.endproc

MACHINE_TEST "TILEPROF HDMA TEST", Main, TestDone, TestDone
