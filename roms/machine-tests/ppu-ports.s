; The PPU's memories through their ports, and the mode-7 multiplier, checked on the machine from
; reset (machine_test.inc) in force blank, where the ports reach the memories at any line:
;   VRAM   VMAIN's step (1, 32, 128) after the low or the high byte, its address remappings, and
;          the read latch VMADD fills (RDVRAM returns the latch, and on the stepping byte refills
;          it from the address before stepping, so the first word after VMADD reads twice)
;   CGRAM  two writes a colour (the first held; bit 15 dropped), CGADD restarting the pair, and
;          RDCGRAM's high byte taking bit 7 from PPU2's open bus, the last PPU2 byte read
;   OAM    the low table written in pairs through the held even byte (held by any even write, a
;          high-table one too), the high table byte by byte and mirrored every 32 bytes, and the
;          address reloading from OAMADD at the start of V-blank when the display is on (in force
;          blank only on an INIDISP write in that line, as bsnes v094)
;   M7A x M7B's high byte, signed, in MPYL/MPYM/MPYH; M7A/M7B sharing the mode-7 latch with
;          BG1HOFS; and a write-only register reading PPU1's open bus
; Every byte read back is kept in work RAM (CGRAM and OAM are not in the frame-by-frame comparison
; with another emulator, work RAM is; VRAM is both). Nothing here reads a byte it did not write:
; the other emulator's memories may start random.

.p816

.include "machine_test.inc"

INIDISP  = $2100
OAMADDL  = $2102
OAMDATA  = $2104
MOSAIC   = $2106
BG1HOFS  = $210D
VMAIN    = $2115
VMADDL   = $2116
VMDATAL  = $2118
VMDATAH  = $2119
M7A      = $211B
M7B      = $211C
CGADD    = $2121
CGDATA   = $2122
MPYL     = $2134
RDOAM    = $2138
RDVRAML  = $2139
RDVRAMH  = $213A
RDCGRAM  = $213B
HVBJOY   = $4212

.segment "ZEROPAGE"
KeepAt:     .res 2
Count:      .res 1
OamAddress: .res 2

.segment "LOWRAM"
VramSteps:      .res 8 + 5      ; VRAM 1, 2
VramWords:      .res 14         ; VRAM 3
VramRemapped:   .res 14         ; VRAM 4
CgramReads:     .res 8 + 2 + 3  ; CGRAM 1-3
OamReads:       .res 6 + 5 + 5  ; OAM 1-3
OamReloads:     .res 12         ; OAM 4
Products:       .res 19         ; multiplier

.segment "RODATA"
ExpectedVramSteps:
    .byte $11, $11, $11, $11, $22, $22, $33, $33   ; 1. the first word twice
    .byte $AA, $55, $55, $BB, $66                  ; 2. the high byte does not step
ExpectedVramWords:
    .word $0A01, $0A02, $0A03                       ; 3. $1200 + 32n
    .word $0B01, $0B02, $0C01, $0C02                ;    $1300 + 128n, $1400 + 128n
ExpectedVramRemapped:
    .word $0D01, $0D02, $0E01, $0E02, $0F01, $0F02  ; 4. at $6001, $6008, $4001, $4008, $5001, $5008
    .word $0D01                                     ;    $6020 read through the 8-bit rotation
ExpectedCgramReads:
    .byte $34, $12, $FF, $FF, $AB, $80, $4D, $00    ; 1. high byte's bit 7: the low byte's
    .byte $22, $33                                  ; 2. the first $11 lost
    .byte $34, $FF, $FF                             ; 3. CGADD restarts at the low byte
ExpectedOamReads:
    .byte $11, $22, $33, $44, $00, $00              ; 1. $55 held, never written
    .byte $00, $77, $88, $77, $99                   ; 2. the odd byte writes the held $77
    .byte $C3, $B2, $00, $D4, $E5                   ; 3. $220 is $200; $D4 held from the high table
ExpectedOamReloads:
    .byte $C1, $C2, $00, $00                        ; 4. display on: back at OAMADD
    .byte $B1, $B2, $C1, $C2                        ;    force blank: carries on
    .byte $C1, $C2, $00, $00                        ;    force blank, INIDISP written: back
ExpectedProducts:
    .byte $78, $1D, $06, $06    ; $1234 x $56 = $061D78, then MOSAIC reads PPU1's $06
    .byte $98, $DB, $FF         ; $1234 x -2 = -$2468
    .byte $00, $00, $40         ; -$8000 x -$80 = $400000
    .byte $01, $80, $FF         ; $7FFF x -1
    .byte $FE, $FF, $FF         ; -1 x 2
    .byte $99, $12, $00         ; BG1HOFS's $99 as M7A's low byte, $1299 x 1

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

; Writes the words given (up to three) from VMADD = address on, with VMAIN as it is.
.macro VRAM_WRITE address, first, second, third
    ldx #address
    stx VMADDL
    rep #$20
    .a16
    lda #first
    sta VMDATAL             ; VMDATAL, then VMDATAH
    .ifnblank second
    lda #second
    sta VMDATAL
    .endif
    .ifnblank third
    lda #third
    sta VMDATAL
    .endif
    sep #$20
    .a8
.endmacro

; Writes the bytes given (up to five) to OAMDATA from OAMADD = address (a word address) on.
.macro OAM_WRITE address, b1, b2, b3, b4, b5
    ldx #address
    stx OAMADDL             ; OAMADDL and OAMADDH: the address reloads
    OAM_BYTES b1, b2, b3, b4, b5
.endmacro

.macro OAM_BYTES first, b2, b3, b4, b5
    .ifnblank first
    lda #first
    sta OAMDATA
    OAM_BYTES b2, b3, b4, b5
    .endif
.endmacro

; Writes M7A (low byte, then high) and M7B, and keeps the product.
.macro PRODUCT factorA, factorB
    lda #<factorA
    sta M7A
    lda #>factorA
    sta M7A
    lda #factorB
    sta M7B
    jsr KeepProduct
.endmacro

; A: a byte read back, kept at KeepAt, which it advances.
.proc Keep
    ldy KeepAt
    sta a:0,y
    iny
    sty KeepAt
    rts
.endproc

; X: a word address. Keeps the word there, low byte first, read from the latch VMADD fills.
.proc KeepVramWord
    lda #$80
    sta VMAIN
    stx VMADDL
    lda RDVRAML
    jsr Keep
    lda RDVRAMH
    jmp Keep
.endproc

; X: OAMADD; A: a count. Keeps that many bytes read from there on.
.proc KeepOam
    sta Count
    stx OAMADDL
keep:
    lda RDOAM
    jsr Keep
    dec Count
    bne keep
    rts
.endproc

; A: a count. Keeps that many bytes read from RDCGRAM.
.proc KeepCgram
    sta Count
keep:
    lda RDCGRAM
    jsr Keep
    dec Count
    bne keep
    rts
.endproc

; Keeps the product: MPYL, MPYM, MPYH.
.proc KeepProduct
    lda MPYL
    jsr Keep
    lda MPYL + 1
    jsr Keep
    lda MPYL + 2
    jmp Keep
.endproc

; X: OAMADD; A: INIDISP from line 0 to V-blank. Writes $B1, $B2 from OAMADD (after zeros) and
; returns as V-blank starts with that INIDISP.
.proc OamToVblank
    stx OamAddress
    stx OAMADDL
    .repeat 4
    stz OAMDATA
    .endrepeat
    stx OAMADDL
    pha
    lda #$B1
    sta OAMDATA
    lda #$B2
    sta OAMDATA
    pla
to_vblank:
    bit HVBJOY
    bpl to_vblank
to_line_0:
    bit HVBJOY
    bmi to_line_0
    sta INIDISP             ; accessing nothing until V-blank
to_next_vblank:
    bit HVBJOY
    bpl to_next_vblank
    rts
.endproc

; Writes $C1, $C2 where OAM's address stands, and keeps the four bytes from OamToVblank's OAMADD.
.proc OamAfterVblank
    lda #$C1
    sta OAMDATA
    lda #$C2
    sta OAMDATA
    ldx OamAddress
    lda #4
    jmp KeepOam
.endproc

.proc Main
    lda #$80
    sta INIDISP             ; force blank, as at power-on

    ; VRAM 1. Step 1 after the high byte: three words, read back from VMADD's prefetch on.
    ldx #VramSteps
    stx KeepAt
    lda #$80
    sta VMAIN
    VRAM_WRITE $1000, $1111, $2222, $3333
    ldx #$1000
    stx VMADDL              ; the latch: $1111
    ldx #4
read_words:
    lda RDVRAML
    jsr Keep
    lda RDVRAMH             ; refills the latch from the address, then steps it
    jsr Keep
    dex
    bne read_words

    ; VRAM 2. Step after the low byte: a high byte written first stays at its word.
    stz VMAIN
    ldx #$1100
    stx VMADDL
    lda #$AA
    sta VMDATAH
    lda #$55
    sta VMDATAL             ; $1100 = $AA55, steps
    lda #$BB
    sta VMDATAH
    lda #$66
    sta VMDATAL             ; $1101 = $BB66
    ldx #$1100
    stx VMADDL
    lda RDVRAMH
    jsr Keep
    lda RDVRAML             ; refills from $1100, steps
    jsr Keep
    lda RDVRAML             ; refills from $1101, steps
    jsr Keep
    lda RDVRAMH
    jsr Keep
    lda RDVRAML
    jsr Keep
    EXPECT_BYTES VramSteps, ExpectedVramSteps, 13, 1

    ; VRAM 3. Steps of 32 and 128 (VMAIN 2 and 3 both step 128).
    lda #$81
    sta VMAIN
    VRAM_WRITE $1200, $0A01, $0A02, $0A03
    lda #$82
    sta VMAIN
    VRAM_WRITE $1300, $0B01, $0B02
    lda #$83
    sta VMAIN
    VRAM_WRITE $1400, $0C01, $0C02
    ldx #VramWords
    stx KeepAt
    ldx #$1200
    jsr KeepVramWord
    ldx #$1220
    jsr KeepVramWord
    ldx #$1240
    jsr KeepVramWord
    ldx #$1300
    jsr KeepVramWord
    ldx #$1380
    jsr KeepVramWord
    ldx #$1400
    jsr KeepVramWord
    ldx #$1480
    jsr KeepVramWord
    EXPECT_BYTES VramWords, ExpectedVramWords, 14, 2

    ; VRAM 4. The remappings rotate the address's low 8, 9 or 10 bits left by 3: $6020 goes to
    ; $6001 and $6001 to $6008 (8 bits), $4040 to $4001 (9), $5080 to $5001 (10).
    lda #$84
    sta VMAIN
    VRAM_WRITE $6020, $0D01
    VRAM_WRITE $6001, $0D02
    lda #$88
    sta VMAIN
    VRAM_WRITE $4040, $0E01
    VRAM_WRITE $4001, $0E02
    lda #$8C
    sta VMAIN
    VRAM_WRITE $5080, $0F01
    VRAM_WRITE $5001, $0F02
    ldx #VramRemapped
    stx KeepAt
    ldx #$6001
    jsr KeepVramWord
    ldx #$6008
    jsr KeepVramWord
    ldx #$4001
    jsr KeepVramWord
    ldx #$4008
    jsr KeepVramWord
    ldx #$5001
    jsr KeepVramWord
    ldx #$5008
    jsr KeepVramWord
    lda #$84
    sta VMAIN
    ldx #$6020
    stx VMADDL              ; the prefetch goes through the rotation too
    lda RDVRAML
    jsr Keep
    lda RDVRAMH
    jsr Keep
    EXPECT_BYTES VramRemapped, ExpectedVramRemapped, 14, 3

    ; CGRAM 1. Four colours, the last with bit 15 set; read back, each high byte's bit 7 is the
    ; low byte's, the last PPU2 read.
    ldx #CgramReads
    stx KeepAt
    lda #$10
    sta CGADD
    ldx #0
write_colours:
    lda Colours,x
    sta CGDATA
    inx
    cpx #8
    bne write_colours
    lda #$10
    sta CGADD
    lda #8
    jsr KeepCgram
    ; CGRAM 2. CGADD drops a held first byte.
    lda #$20
    sta CGADD
    lda #$11
    sta CGDATA
    lda #$20
    sta CGADD
    lda #$22
    sta CGDATA
    lda #$33
    sta CGDATA
    lda #$20
    sta CGADD
    lda #2
    jsr KeepCgram
    ; CGRAM 3. CGADD restarts reading at a low byte.
    lda #$10
    sta CGADD
    lda #1
    jsr KeepCgram
    lda #$11
    sta CGADD
    lda #2
    jsr KeepCgram
    EXPECT_BYTES CgramReads, ExpectedCgramReads, 13, 4

    ; OAM 1. Low table: pairs written on the odd byte; a lone even byte is only held.
    ldx #OamReads
    stx KeepAt
    OAM_WRITE $0000, $00, $00, $00, $00
    OAM_WRITE $0002, $00, $00
    OAM_WRITE $0000, $11, $22, $33, $44, $55
    ldx #$0000
    lda #6
    jsr KeepOam
    ; OAM 2. A read moves the address to an odd byte: the next write writes the held byte there.
    OAM_WRITE $0004, $00, $00, $00, $00
    OAM_WRITE $0004, $77, $88
    lda RDOAM               ; byte 10
    jsr Keep
    lda #$99
    sta OAMDATA             ; byte 11: writes 10 and 11
    ldx #$0004
    lda #4
    jsr KeepOam
    ; OAM 3. High table: byte by byte, $220 the same byte as $200; an even high-table byte is
    ; held for the low table too.
    OAM_WRITE $0100, $A1, $B2
    OAM_WRITE $0110, $C3
    ldx #$0100
    lda #2
    jsr KeepOam
    OAM_WRITE $0006, $00, $00
    OAM_WRITE $0101, $D4
    ldx #$0006
    stx OAMADDL
    lda RDOAM               ; byte 12
    jsr Keep
    lda #$E5
    sta OAMDATA             ; byte 13: writes 12 and 13
    ldx #$0006
    lda #2
    jsr KeepOam
    EXPECT_BYTES OamReads, ExpectedOamReads, 16, 5

    ; OAM 4. With the display on when V-blank starts, the address goes back to OAMADD; in force
    ; blank it carries on, unless INIDISP is written in V-blank's first line (bsnes v094).
    ldx #OamReloads
    stx KeepAt
    ldx #$0020
    lda #$0F
    jsr OamToVblank
    lda #$80
    sta INIDISP             ; the display was on: no reload of its own
    jsr OamAfterVblank
    ldx #$0022
    lda #$80
    jsr OamToVblank
    jsr OamAfterVblank
    ldx #$0024
    lda #$80
    jsr OamToVblank
    sta INIDISP
    jsr OamAfterVblank
    EXPECT_BYTES OamReloads, ExpectedOamReloads, 12, 6

    ; Multiplier: M7A written low then high, M7B once (its high byte is the multiplier).
    ldx #Products
    stx KeepAt
    PRODUCT $1234, $56
    lda MOSAIC              ; write-only: PPU1's open bus, MPYH's byte
    jsr Keep
    PRODUCT $1234, $FE
    PRODUCT $8000, $80
    PRODUCT $7FFF, $FF
    PRODUCT $FFFF, $02
    lda #$99
    sta BG1HOFS             ; the mode-7 latch holds $99
    lda #$12
    sta M7A                 ; M7A = $12 << 8 | $99
    lda #$01
    sta M7B
    jsr KeepProduct
    EXPECT_BYTES Products, ExpectedProducts, 19, 7
    rts
.endproc

.segment "RODATA"
Colours:
    .byte $34, $12, $FF, $7F, $AB, $00, $4D, $80

MACHINE_TEST "TILEPROF PPU PORTS", Main, TestDone, TestDone
