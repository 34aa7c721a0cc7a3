; The C-style engine's library routine in PVSnesLib's manner (roms/c-engine, tcc.inc): its private
; labels start with an underscore.

.p816

.export WaitForVBlank

HVBJOY = $4212              ; bit 7: in V-blank

.segment "LIBC_MEM"
.a16                       ; as every function: A and X/Y 16-bit
.i16

; WaitForVBlank(): returns at the start of the next V-blank, found by polling HVBJOY: a busy wait,
; no WAI. A and X/Y 16-bit at entry and at exit.
WaitForVBlank:
    sep #$20
    .a8
_wfv_leave:
    lda HVBJOY
    bmi _wfv_leave          ; still in the last V-blank
_wfv_wait:
    lda HVBJOY
    bpl _wfv_wait           ; not yet in the next
    rep #$20
    .a16
    rtl
