; Bad DMA: transfers the console refuses, and writes into ROM, leave the machine running as bsnes
; v094 and fullsnes describe them, and the writes into ROM are reported to the host as bus faults.
; Checked on the machine from reset (machine_test.inc).
;
; The A-bus cannot reach the B-bus or the S-CPU's own registers in banks $00-$3F/$80-$BF
; ($2100-$21FF, $4000-$41FF, $4200-$421F, $4300-$437F): a DMA reads 0 there and its writes there
; are dropped (dma.s checks $2100-$21FF). Nor can WRAM go to WMDATA, the WRAM chip having one
; address bus. ROM ignores every write, and tileprof records each as a fault (in this order):
; RomTarget's first 8 bytes written by DMA with $D0-$D7, then by the CPU $E0 at RomTarget + 8
; (bank $00) and $E1 at RomTarget + 9 through bank $80's mirror.
;
; Checks: 1 a DMA from the multiplier's result ($00:4216) brought something else than 0; 2 one
; from channel 1's registers ($00:4310); 3 a B-to-A DMA into channel 2's registers changed them;
; 4 a DMA from WRAM to WMDATA wrote; 5 the DMA into ROM changed it; 6 the CPU's writes did.

.p816

.include "machine_test.inc"
.include "wram_port_dma.inc"

WRMPYA  = $4202
WRMPYB  = $4203
RDMPYL  = $4216
DMAP1   = $4310
DMAP2   = $4320

DMA_A_TO_B = $00            ; DMAP: one register, A-bus incrementing
DMA_B_TO_A = $80
UNTOUCHED  = $FF            ; what Copy holds before each DMA
ROM_BYTES  = 8              ; written by DMA; the CPU's two writes follow them

.segment "LOWRAM"
Copy:       .res 4          ; where the DMAs through WMDATA land
Pattern:    .res ROM_BYTES  ; $D0-$D7: what the B-to-A DMAs read through WMDATA

.segment "RODATA"
RomTarget:
    .repeat ROM_BYTES + 2, i
        .byte $A0 + i
    .endrepeat
Channel2:   .byte $12, $34, $56, $78    ; channel 2's DMAP, BBAD, A1TL, A1TH

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

; Copy's four bytes set to UNTOUCHED, and the port at Copy.
.proc ResetCopy
    ldx #3
    lda #UNTOUCHED
fill:
    sta Copy,x
    dex
    bpl fill
    ldx #Copy
    jmp SetPort             ; tail call
.endproc

; Fails check X unless Copy's four bytes are all A.
.proc ExpectCopy
    txy                     ; the check's number, kept for FAIL
    ldx #3
compare:
    cmp Copy,x
    bne wrong
    dex
    bpl compare
    rts
wrong:
    tyx
    jmp TestFailed
.endproc

.proc Main
    ; 1. $4200-$421F: the multiplier's $FF * $FF = $FE01 in RDMPYL/H, and a DMA reads 0 there.
    lda #$FF
    sta WRMPYA
    sta WRMPYB              ; the product is ready 8 CPU cycles later, long before the DMA
    jsr ResetCopy
    lda #DMA_A_TO_B
    ldx #RDMPYL
    ldy #2
    jsr RunChannel0
    lda RDMPYL
    EXPECT_A8 $01, 1        ; the product is there for the CPU,
    lda Copy
    ora Copy + 1
    EXPECT_A8 0, 1          ; but the DMA brought zeros

    ; 2. $4300-$437F: channel 1's registers, set to $A5, read 0 by channel 0.
    lda #$A5
    ldx #3
set_channel1:
    sta DMAP1,x
    dex
    bpl set_channel1
    jsr ResetCopy
    lda #DMA_A_TO_B
    ldx #DMAP1
    ldy #4
    jsr RunChannel0
    lda #0
    ldx #2
    jsr ExpectCopy

    ; 3. B to A into channel 2's registers: WMDATA is read (the port steps), the writes dropped.
    ldx #3
set_channel2:
    lda Channel2,x
    sta DMAP2,x
    dex
    bpl set_channel2
    jsr ResetCopy
    lda #DMA_B_TO_A
    ldx #DMAP2
    ldy #4
    jsr RunChannel0
    ldx #3
compare_channel2:
    lda DMAP2,x
    cmp Channel2,x
    beq :+
    FAIL 3
:   dex
    bpl compare_channel2

    ; 4. WRAM to WMDATA: nothing is written (from Pattern, all zero yet, which would clear Copy).
    jsr ResetCopy
    lda #DMA_A_TO_B
    ldx #Pattern
    ldy #4
    jsr RunChannel0
    lda #UNTOUCHED
    ldx #4
    jsr ExpectCopy

    ; 5. B to A into ROM: Pattern's $D0-$D7 through WMDATA to RomTarget, which keeps its bytes.
    ldx #ROM_BYTES - 1
set_pattern:
    txa
    ora #$D0
    sta Pattern,x
    dex
    bpl set_pattern
    ldx #Pattern
    jsr SetPort
    lda #DMA_B_TO_A
    ldx #RomTarget
    ldy #ROM_BYTES
    jsr RunChannel0
    ldx #ROM_BYTES - 1
compare_rom:
    txa
    ora #$A0
    cmp RomTarget,x
    beq :+
    FAIL 5
:   dex
    bpl compare_rom

    ; 6. The CPU's writes into ROM, in bank $00 and through bank $80's mirror.
    lda #$E0
    sta RomTarget + ROM_BYTES
    lda #$E1
    sta f:$800000 | (RomTarget + ROM_BYTES + 1)
    lda RomTarget + ROM_BYTES
    EXPECT_A8 $A0 + ROM_BYTES, 6
    lda RomTarget + ROM_BYTES + 1
    EXPECT_A8 $A0 + ROM_BYTES + 1, 6
    rts
.endproc

MACHINE_TEST "TILEPROF BAD DMA", Main, TestDone, TestDone
