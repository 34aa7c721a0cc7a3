; APU upload and handshake: the sound driver (common/sound_driver.s) goes to audio RAM through the
; IPL boot ROM (common/apu_upload.s), proves it runs by the sum of its own bytes on port 1, and
; then answers one command a frame for 300 frames, each answer checked against the sum the S-CPU
; keeps itself. Checked on the machine from reset (machine_test.inc); the answers are kept in
; work RAM for the frame-by-frame comparison with another emulator.
;
; Checks: 1 the driver never showed ready (port 0 = $00); 2 its byte sum on port 1 is not the
; ROM's; 3 ports 2/3 not $00 at ready; 4 a command was not echoed; 5/6 the sum's low/high byte
; wrong; 7 the command count wrong.

.p816

.include "machine_test.inc"
.include "apu_upload.inc"
.include "sound_driver.inc"

NMITIMEN = $4200
RDNMI    = $4210

FRAMES   = 300              ; commands, one a frame: the counter wraps past 255 once

.segment "ZEROPAGE"
Frame:      .res 2          ; commands sent
Counter:    .res 1          ; the last command's counter: 1-255, never 0
Value:      .res 1          ; the last command's value
Expected:   .res 2          ; the sum the driver should answer
ByteSum:    .res 1          ; the sum of the driver's bytes in the ROM

.segment "LOWRAM"
ReadyPorts: .res 4          ; ports 0-3 when the driver showed ready
Answers:    .res FRAMES * 4 ; ports 0-3 after each command

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

.proc Nmi
    rti
.endproc

.proc Main
    ldx #SoundDriverUpload
    jsr ApuUpload
    lda #$00                ; ready: the driver writes $00 to port 0
    jsr ApuWaitPort0
    bcc :+
    FAIL 1
:
    ; The sum of the driver's bytes as the ROM holds them (the descriptor's image, in bank $00).
    ldx SoundDriverUpload       ; the image's address
    ldy SoundDriverUpload + 3   ; its length
    lda #0
sum:
    clc
    adc a:0,x
    inx
    dey
    bne sum
    sta ByteSum
    ldx #3
copy_ready:
    lda APUIO0,x
    sta ReadyPorts,x
    dex
    bpl copy_ready
    lda ReadyPorts + 1
    cmp ByteSum
    beq :+
    FAIL 2
:   lda ReadyPorts + 2
    ora ReadyPorts + 3
    beq :+
    FAIL 3
:
    ; One command a frame, sent just after the NMI wakes the WAI.
    lda RDNMI               ; no NMI left pending from before
    lda #$80
    sta NMITIMEN
frame:
    wai
    ; The value: the frame's low byte times 8 plus 5 ($05, $0D, ...), the counter: next, skipping 0.
    lda Frame
    asl a
    asl a
    asl a
    clc
    adc #5
    sta Value
    inc Counter
    bne :+
    inc Counter
:   lda Value
    sta APUIO1              ; the value first,
    lda Counter
    sta APUIO0              ; then the counter
    jsr ApuWaitPort0
    bcc :+
    FAIL 4
:   rep #$20
    .a16
    lda Value
    and #$00FF
    clc
    adc Expected
    sta Expected
    lda Frame
    asl a
    asl a
    tax                     ; X = Frame * 4
    sep #$20
    .a8
    lda APUIO0
    sta Answers,x
    lda APUIO1
    sta Answers + 1,x
    lda APUIO2
    sta Answers + 2,x
    lda APUIO3
    sta Answers + 3,x
    lda Answers + 1,x
    cmp Expected
    beq :+
    FAIL 5
:   lda Answers + 2,x
    cmp Expected + 1
    beq :+
    FAIL 6
:   rep #$20
    .a16
    inc Frame
    lda Frame
    sep #$20
    .a8
    cmp Answers + 3,x       ; the count: Frame's low byte
    beq :+
    FAIL 7
:   rep #$20
    .a16
    lda Frame
    cmp #FRAMES
    sep #$20
    .a8
    bcs done
    jmp frame
done:
    rts
.endproc

MACHINE_TEST "TILEPROF APU UPLOAD", Main, Nmi, TestDone
