; The C-style engine's crt0 (roms/c-engine, tcc.inc): the reset, which sets the console up and
; calls main, and the NMI handler, as PVSnesLib's crt0 has them. Both run where the vectors point,
; in bank $00 through the mirror of bank $C0, where they are linked and labelled; InitVram, called
; by JSR from the reset, runs there too. The C code runs in bank $C0, entered by JSL.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "tcc.inc"

.import main

INIDISP  = $2100
VMAIN    = $2115
VMADDL   = $2116
VMDATAL  = $2118
OAMADDL  = $2102
OAMDATA  = $2104
NMITIMEN = $4200
MDMAEN   = $420B
RDNMI    = $4210
HVBJOY   = $4212
JOY1L    = $4218
DMAP0    = $4300
BBAD0    = $4301
A1T0L    = $4302
A1B0     = $4304
DAS0L    = $4305
DMAP1    = $4310
BBAD1    = $4311
A1T1L    = $4312
A1B1     = $4314
DAS1L    = $4315

NMI_AND_JOYPAD  = $81
FORCE_BLANK     = $80
VRAM_INCREMENT  = $80       ; VMADD steps after each write to $2119
DMA_TWO_REGS    = $01       ; $2118, then $2119
VRAM_DMA_PASSES = 2         ; each 65,536 bytes, 524,288 master clocks: 1.47 frames of the CPU stalled
OAM_BYTES       = 544       ; 4,352 master clocks by DMA: longer than the auto-joypad read

.segment "ZEROPAGE"
tcc__r0:    .res 2
tcc__r1:    .res 2
tcc__r9:    .res 2
.exportzp tcc__r0, tcc__r1, tcc__r9

.segment "LOWRAM"
pad_keys:           .res 2  ; pad 1 as the last NMI found it
snes_vblank_count:  .res 2  ; NMIs taken
oam_buffer:         .res OAM_BYTES ; the sprites, copied to OAM every NMI
.export pad_keys, snes_vblank_count

.segment "CRT0"

; The reset: from emulation mode to native mode, VRAM cleared, the NMI and the auto-joypad read on,
; then main, which never returns. A and X/Y 16-bit from ENTER_NATIVE_MODE on.
Reset:
    ENTER_NATIVE_MODE
    jsr InitVram            ; a JSR: it runs in bank $00, as the reset does
    sep #$20
    .a8
    lda #NMI_AND_JOYPAD
    sta NMITIMEN
    rep #$20
    .a16
    jsl main
    stp

; VRAM cleared as a boot uploads its graphics: 64 KiB by DMA from the ROM, twice, in force blank.
; Each pass stalls the CPU for 1.47 frames: the boot's DMAs span frame starts.
; A and X/Y 16-bit at entry and at exit.
InitVram:
    sep #$20
    .a8
    lda #FORCE_BLANK
    sta INIDISP
    lda #VRAM_INCREMENT
    sta VMAIN
    ldx #0
    stx VMADDL
    lda #DMA_TWO_REGS
    sta DMAP0
    lda #<VMDATAL
    sta BBAD0
    ldx #0
    stx A1T0L
    lda #$C0
    sta A1B0                ; the ROM from $C0:0000
    ldy #VRAM_DMA_PASSES
_iv_pass:
    ldx #0
    stx DAS0L               ; 0: 65,536 bytes
    lda #$01
    sta MDMAEN              ; the CPU stops until the channel is done
    dey
    bne _iv_pass
    rep #$20
    .a16
    rts

; The NMI handler, as PVSnesLib's: acknowledges the NMI, copies the sprite buffer to OAM, takes pad
; 1 once the auto-joypad read is done (the copy outlasts it), counts the frame. Any register
; widths at entry; the NMI pushed P, which RTI restores.
VBlank:
    rep #$30
    .a16
    .i16
    pha
    phx
    sep #$20
    .a8
    lda RDNMI               ; acknowledges the NMI
    ldx #0
    stx OAMADDL
    stz DMAP1               ; one register, written once a byte
    lda #<OAMDATA
    sta BBAD1
    ldx #oam_buffer
    stx A1T1L
    stz A1B1
    ldx #OAM_BYTES
    stx DAS1L
    lda #$02
    sta MDMAEN
_vb_joypad:
    lda HVBJOY
    and #$01
    bne _vb_joypad          ; the auto-joypad read is still under way
    rep #$20
    .a16
    lda JOY1L
    sta pad_keys
    inc snes_vblank_count
    plx
    pla
    rti

; IRQ, BRK and COP: none is used.
EmptyHandler:
    rti

CARTRIDGE_HEADER "TILEPROF C ENGINE", Reset, VBlank, EmptyHandler, EmptyHandler, EmptyHandler
