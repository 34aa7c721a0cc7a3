; APU bit instructions: an SPC700 program runs the eight instructions that take one bit of memory
; (m.b) for every bit number and every carry in and bit value, and reports what each left in the
; carry and in the bit; the S-CPU checks them and keeps the raw bytes in work RAM (BitResults) for
; the frame-by-frame comparison with another emulator. Checked on the machine from reset
; (machine_test.inc).
;
; A run: bit n (7 down to 0) of Cell holds b and its other bits !b, so that an instruction that
; reads or writes the wrong bit shows; C holds the carry in; the instruction runs on Cell.n. Each
; instruction gives 8 bytes, for the combinations k = 2 x C + b, k = 0-3 ((C, b) = (0, 0), (0, 1),
; (1, 0), (1, 1)): bytes 0-3 the carry after, bytes 4-7 bit n of Cell after, bit n of each byte
; from the run on bit n. The SPC700's results depend on C and b alone, so each byte is $00 or $FF:
;   instruction     carry after (k = 0-3)           Cell.n after (k = 0-3)
;   OR1 C,m.b       C | b:  $00 $FF $FF $FF         b, unchanged: $00 $FF $00 $FF
;   OR1 C,/m.b      C | !b: $FF $00 $FF $FF         b
;   AND1 C,m.b      C & b:  $00 $00 $00 $FF         b
;   AND1 C,/m.b     C & !b: $00 $00 $FF $00         b
;   EOR1 C,m.b      C ^ b:  $00 $FF $FF $00         b
;   MOV1 C,m.b      b:      $00 $FF $00 $FF         b
;   NOT1 m.b        C, unchanged: $00 $00 $FF $FF   !b: $FF $00 $FF $00
;   MOV1 m.b,C      C:      $00 $00 $FF $FF         C:  $00 $00 $FF $FF
; Byte 64: the bits of Cell other than n that any run changed: $00. Every one of the consensus
; single-instruction vectors of these opcodes follows these rules (../shared/testdata/spc700-oracle,
; $0A $2A $4A $6A $8A $AA $CA $EA: 1,000 tests each, bits 0-7).
;
; Checks: 1 the program never reported (port 3 = APU_RESULTS_READY); 2 a read-back request went
; unanswered; 3-67 result byte 0-64 wrong (check 3 + its number).

.p816

.include "machine_test.inc"
.include "apu_upload.inc"
.include "spc700.inc"

NMITIMEN = $4200
RDNMI    = $4210

INSTRUCTIONS = 8
RESULTS      = INSTRUCTIONS * 8 + 1

.segment "LOWRAM"
BitResults: .res RESULTS    ; result bytes 0-64, as read back

; --- The SPC700 program -------------------------------------------------------------------------

; Its variables, in page 0.
Last        = $00           ; the last read-back request answered
Cell        = $01           ; the byte the instruction under test reads or writes
Mask        = $02           ; 1 << n: the bit under test
Pattern     = $03           ; Cell before the run
Combo       = $04           ; k: bit 1 the carry in, bit 0 the value of bit n
PackedCarry = $05           ; the runs' carries so far, bit n's rotated in last (ROL)
PackedCell  = $06           ; the same for Cell.n
Next        = $07           ; the next instruction's offset in Instructions
Results     = $10           ; result bytes 0-64
Stray       = Results + INSTRUCTIONS * 8

.segment "RODATA"
BitProgramImage:
.org $0200
BitProgram:
    spc_clrp
    spc_mov_x_imm $EF
    spc_mov_sp_x
    spc_mov_dp_imm SPC_CONTROL, $30 ; clear the input latches, unmap the IPL ROM
    spc_mov_a_imm 0
    spc_mov_dp_a SPC_PORT3          ; not ready
    spc_mov_dp_a Last
    spc_mov_dp_a Stray
    spc_mov_dp_a Next
    spc_mov_x_a                     ; X: where the next instruction's 8 bytes go
next_instruction:
    spc_mov_y_dp Next
    spc_mov_a_absy Instructions     ; its opcode into the slot
    spc_mov_abs_a Slot
    spc_call Probe
    spc_mov_a_dp Next
    spc_clrc
    spc_adc_a_imm 3
    spc_mov_dp_a Next
    spc_cmp_a_imm InstructionsEnd - Instructions
    spc_bne next_instruction
    APU_ANSWER_READ_BACK Results, Last

; Runs the instruction in Slot for k = 0-3 and n = 7-0 and puts its 8 bytes at Results + X; X
; returns 8 further on.
Probe:
    spc_mov_dp_imm Combo, 0
combination:
    spc_mov_y_imm 7                 ; n: downwards, so that bit n's result is rotated in to bit n
run:
    spc_mov_a_absy BitMasks
    spc_mov_dp_a Mask
    spc_bbs_dp Combo, 0, keep_mask
    spc_eor_a_imm $FF               ; b = 0: bit n clear, the others set
keep_mask:
    spc_mov_dp_a Pattern
    spc_mov_dp_a Cell
    spc_mov_a_y
    spc_xcn_a                       ; n << 4 (n < 16)
    spc_asl_a
    spc_mov_abs_a Slot + 2          ; the operand's high byte: n in bits 5-7 (Cell is in page 0)
    spc_clrc                        ; C = the carry in, Combo's bit 1 (BBC changes no flag)
    spc_bbc_dp Combo, 1, Slot
    spc_setc
Slot:
    spc_or1_c_mb Cell, 0            ; its opcode and bit number rewritten before each run
    spc_rol_dp PackedCarry
    spc_mov_a_dp Cell
    spc_and_a_dp Mask
    spc_cmp_a_imm 1                 ; C = Cell.n: A is Mask (at least 1) or 0
    spc_rol_dp PackedCell
    spc_mov_a_dp Cell
    spc_eor_a_dp Pattern            ; the bits the run changed,
    spc_or_a_dp Mask
    spc_eor_a_dp Mask               ; but n
    spc_or_a_dp Stray
    spc_mov_dp_a Stray
    spc_dec_y
    spc_bpl run
    spc_mov_a_dp PackedCarry        ; eight ROLs have replaced every bit of both
    spc_mov_dpx_a Results
    spc_mov_a_dp PackedCell
    spc_mov_dpx_a Results + 4
    spc_inc_x
    spc_inc_dp Combo
    spc_mov_a_imm 4
    spc_cbne_dp Combo, combination
    spc_mov_a_x
    spc_clrc
    spc_adc_a_imm 4
    spc_mov_x_a
    spc_ret

; The instructions under test, in the order of their results (only their opcodes are used).
Instructions:
    spc_or1_c_mb Cell, 0
    spc_or1_c_not_mb Cell, 0
    spc_and1_c_mb Cell, 0
    spc_and1_c_not_mb Cell, 0
    spc_eor1_c_mb Cell, 0
    spc_mov1_c_mb Cell, 0
    spc_not1_mb Cell, 0
    spc_mov1_mb_c Cell, 0
InstructionsEnd:
.assert InstructionsEnd - Instructions = INSTRUCTIONS * 3, error, "3 bytes an instruction"

BitMasks:   .byte $01, $02, $04, $08, $10, $20, $40, $80
BitProgramEnd:
.reloc

BitProgramUpload:
    APU_PROGRAM BitProgramImage, BitProgram, BitProgramEnd, BitProgram

; The results expected (the table in the header), 8 bytes an instruction and the stray bits.
Expected:
    .byte $00, $FF, $FF, $FF,  $00, $FF, $00, $FF  ; OR1 C,m.b
    .byte $FF, $00, $FF, $FF,  $00, $FF, $00, $FF  ; OR1 C,/m.b
    .byte $00, $00, $00, $FF,  $00, $FF, $00, $FF  ; AND1 C,m.b
    .byte $00, $00, $FF, $00,  $00, $FF, $00, $FF  ; AND1 C,/m.b
    .byte $00, $FF, $FF, $00,  $00, $FF, $00, $FF  ; EOR1 C,m.b
    .byte $00, $FF, $00, $FF,  $00, $FF, $00, $FF  ; MOV1 C,m.b
    .byte $00, $00, $FF, $FF,  $FF, $00, $FF, $00  ; NOT1 m.b
    .byte $00, $00, $FF, $FF,  $00, $00, $FF, $FF  ; MOV1 m.b,C
    .byte $00                                      ; stray bits
.assert * - Expected = RESULTS, error, "one expected byte a result"

.segment "CODE"
.a8                         ; every routine here: A 8-bit, X/Y 16-bit (machine_test.inc's Main)
.i16

.proc Nmi
    rti
.endproc

.proc Main
    ldx #BitProgramUpload
    jsr ApuUpload

    lda RDNMI               ; no NMI left pending from before
    lda #$80
    sta NMITIMEN
    ldy #30                 ; frames (the program needs ~2)
    jsr ApuAwaitResults
    stz NMITIMEN            ; the wait's alone: an emulator that fails a check then differs from
    bcc :+                  ; one that passes in TestStatus, not also in the flags NMIs would push
    FAIL 1
:
    ldx #BitResults
    ldy #RESULTS
    jsr ApuReadBack
    bcc check
    FAIL 2

check:
    ldx #0
next:
    lda BitResults,x
    cmp Expected,x
    bne wrong
    inx
    cpx #RESULTS
    bne next
    rts
wrong:
    rep #$20
    .a16
    txa
    clc
    adc #3
    tax
    jmp TestFailed
.endproc

MACHINE_TEST "TILEPROF APU BITS", Main, Nmi, TestDone
