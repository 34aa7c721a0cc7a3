; Colour math: the main screen's pixels added to or subtracted from the sub screen's or the fixed
; colour, halved or not, on chosen layers (sprites only of palettes 4-7), with the main screen
; forced black and colour math turned off by CGWSEL's two settings (no window is on, so every
; pixel is outside the colour window), and where the sub screen shows only its backdrop.
;
; VRAM, CGRAM and OAM hold pseudo-random words (FillVideoMemories). Each frame shows the next
; configuration (mode, main and sub screen layers, CGWSEL, CGADSUB, the fixed colour), written in
; V-blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration: BGMODE, TM, TS, CGWSEL, CGADSUB, then COLDATA's red, green and blue (each a
; level 0-31).
.macro CONFIGURATION mode, main, sub, cgwsel, cgadsub, red, green, blue
    .byte mode, main, sub, cgwsel, cgadsub, $20 | red, $40 | green, $80 | blue
.endmacro
CONFIGURATION_BYTES = 8

.segment "CODE"
CONFIGURATION_LIST

RESET_PLACING_BACKGROUNDS

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    lda Configurations,x
    sta BGMODE
    lda Configurations + 1,x
    sta TM
    lda Configurations + 2,x
    sta TS
    lda Configurations + 3,x
    sta CGWSEL
    lda Configurations + 4,x
    sta CGADSUB
    lda Configurations + 5,x
    sta COLDATA
    lda Configurations + 6,x
    sta COLDATA
    lda Configurations + 7,x
    sta COLDATA
    rts
.endproc

.segment "RODATA"
; CGWSEL: bits 6-7 force the main screen black (0 never, 1 outside the colour window, 2 inside,
; 3 always), bits 4-5 turn colour math off (the same four), bit 1 the sub screen as the second
; colour (else the fixed colour). CGADSUB: bits 0-5 the layers (BG1-4, sprites, backdrop), bit 6
; halve, bit 7 subtract.
Configurations:
    CONFIGURATION $01, $13, $00, $00, $3F,  8, 4, 20   ; add the fixed colour to every layer
    CONFIGURATION $01, $13, $00, $00, $BF, 10, 3, 17   ; subtract it
    CONFIGURATION $01, $13, $00, $00, $7F, 31, 0, 16   ; add it, halved
    CONFIGURATION $01, $13, $00, $00, $FF,  5, 25, 9   ; subtract it, halved
    CONFIGURATION $01, $11, $06, $02, $21,  6, 6, 6    ; BG1 and the backdrop plus the sub screen (BG2, BG3)
    CONFIGURATION $01, $11, $06, $02, $E1,  6, 6, 6    ; minus it, halved
    CONFIGURATION $01, $03, $14, $02, $63, 12, 0, 30   ; BG1/BG2 plus sprites on the sub screen, halved: its backdrop takes the fixed colour
    CONFIGURATION $01, $17, $00, $00, $10, 20, 20, 20  ; sprites only (palettes 4-7)
    CONFIGURATION $00, $1F, $0F, $02, $4F,  0, 0, 0    ; mode 0, all four on both screens, halved
    CONFIGURATION $01, $13, $00, $40, $3F,  8, 4, 20   ; black outside the colour window: everywhere
    CONFIGURATION $01, $13, $00, $80, $3F,  8, 4, 20   ; black inside it: nowhere
    CONFIGURATION $01, $13, $00, $C0, $7F,  8, 4, 20   ; black always, then halved
    CONFIGURATION $01, $13, $00, $10, $3F,  8, 4, 20   ; math inside the colour window only: nowhere
    CONFIGURATION $01, $13, $00, $20, $3F,  8, 4, 20   ; math outside it: everywhere
    CONFIGURATION $01, $13, $00, $30, $3F,  8, 4, 20   ; math never
    CONFIGURATION $01, $13, $06, $52, $BF,  3, 3, 3    ; black everywhere, minus the sub screen
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF COLOUR MATH", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
