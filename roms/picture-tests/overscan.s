; Overscan: SETINI bit 2 shows lines 225 to 239 as well (V-blank then begins at line 240), turned
; on and off from one frame to the next, so that a frame begins with one setting and reaches
; V-blank with the other.
;
; VRAM, CGRAM and OAM hold pseudo-random words (FillVideoMemories); mode 1 shows BG1, BG2 and the
; sprites. Each frame shows the next configuration, written in V-blank.

.p816

.include "cartridge_header.inc"
.include "native_mode.inc"
.include "picture_test.inc"

; One configuration: SETINI, then BG1VOFS as a word.
.macro CONFIGURATION setini, vofs
    .byte setini
    .word vofs
.endmacro
CONFIGURATION_BYTES = 3

.segment "CODE"
CONFIGURATION_LIST

.proc Reset
    RESET_WITH_RANDOM_MEMORIES
    jsr PlaceBackgrounds
    lda #$01
    sta BGMODE
    lda #$13
    sta TM
    jmp ShowConfigurations
.endproc

; A 8-bit, X/Y 16-bit: writes the configuration at offset Showing.
.proc ShowConfiguration
    .a8
    .i16
    ldx Showing
    lda Configurations,x
    sta SETINI
    lda Configurations + 1,x ; the scroll's low byte, then its high byte
    sta BG1VOFS
    lda Configurations + 2,x
    sta BG1VOFS
    rts
.endproc

.segment "RODATA"
; SETINI: bit 2 overscan, bit 3 pseudo-hires.
Configurations:
    CONFIGURATION $04,   0 ; on
    CONFIGURATION $04,  17 ; on, scrolled
    CONFIGURATION $00,  17 ; off: the frame began with it on
    CONFIGURATION $00,  40 ; off
    CONFIGURATION $04,  40 ; on: the frame began with it off
    CONFIGURATION $0C,  99 ; on, pseudo-hires
    CONFIGURATION $00, 300 ; off
ConfigurationsEnd:

CARTRIDGE_HEADER "TILEPROF OVERSCAN", Reset, ConfigurationNmi, IgnoreInterrupt, IgnoreInterrupt, IgnoreInterrupt
