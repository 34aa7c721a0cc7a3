; Benchmark workload for the SPC700 (`tileprof bench`, docs/machine.md, "The benchmark
; workloads"): the S-CPU uploads a program through the IPL and then waits with WAI from NMI to NMI,
; so that the machine's time goes to the SPC700. The program is a sound driver's busy part, looped:
; eight channels each step an envelope (a table read, a 16-bit add, a clamp), scale it (MUL), write
; two DSP registers through $F2/$F3, and the loop reads timer 0 and port 0 as a driver's tick does.

.p816
.include "cartridge_header.inc"
.include "apu_upload.inc"
.include "spc700.inc"

NMITIMEN = $4200
RDNMI    = $4210

; The program's variables, in page 0.
Channel  = $00              ; the channel being stepped, 0-7
Level    = $10              ; eight 16-bit envelope levels
Ticks    = $20              ; timer 0's outputs, summed
Mixed    = $21              ; the last value the S-CPU wrote to port 0, mixed in

CHANNELS = 8
CEILING  = $7F              ; an envelope's high byte is clamped to it

.segment "RODATA"
WorkloadImage:
.org $0200
Workload:
    spc_clrp                        ; direct page 0
    spc_mov_x_imm $EF
    spc_mov_sp_x
    spc_mov_dp_imm SPC_T0TARGET, 16
    spc_mov_dp_imm SPC_CONTROL, $01 ; timer 0 on, the IPL ROM unmapped

tick:
    spc_mov_a_dp SPC_T0OUT          ; what a driver's tick reads first
    spc_clrc
    spc_adc_a_dp Ticks
    spc_mov_dp_a Ticks
    spc_mov_a_dp SPC_PORT0
    spc_eor_a_dp Mixed
    spc_mov_dp_a Mixed
    spc_mov_x_imm 0

channel:
    spc_mov_dp_x Channel
    spc_mov_a_absx Rates            ; this channel's rate
    spc_mov_y_imm 0
    spc_push_x
    spc_push_a
    spc_mov_a_x
    spc_asl_a
    spc_mov_x_a                     ; X: the channel's level, a word at Level + 2 x channel
    spc_pop_a
    spc_clrc
    spc_adc_a_dpx Level
    spc_mov_dpx_a Level
    spc_mov_a_dpx Level + 1
    spc_adc_a_imm 0
    spc_cmp_a_imm CEILING + 1
    spc_bcc in_range
    spc_mov_a_imm 0                 ; past the ceiling: the envelope starts again
in_range:
    spc_mov_dpx_a Level + 1
    spc_mov_y_a
    spc_mov_a_dp Mixed
    spc_mul_ya                      ; the level scaled by the last port value
    spc_pop_x
    spc_mov_a_x
    spc_xcn_a                       ; the channel's volume register: $x0
    spc_mov_dp_a SPC_DSPADDR
    spc_mov_dp_y SPC_DSPDATA        ; the scaled level's high byte
    spc_or_a_imm $01
    spc_mov_dp_a SPC_DSPADDR
    spc_mov_dp_y SPC_DSPDATA        ; and the right volume the same
    spc_inc_x
    spc_cmp_x_imm CHANNELS
    spc_bne channel
    spc_bra tick

Rates:
    .byte 1, 3, 5, 7, 11, 13, 17, 19
WorkloadEnd:
.reloc

WorkloadUpload:
    APU_PROGRAM WorkloadImage, Workload, WorkloadEnd, Workload

.segment "CODE"

; Entered from reset in emulation mode: upload the program, then wait for NMIs for ever.
.proc Reset
        sei
        clc
        xce                     ; native mode
        rep #$10
        .i16
        sep #$20
        .a8
        ldx #$1FFF
        txs
        phk
        plb
        ldx #WorkloadUpload
        jsr ApuUpload
        lda #$80
        sta NMITIMEN            ; NMI on: each frame the CPU wakes once
Wait:
        wai
        bra Wait
.endproc

; A 8-bit: RDNMI read to acknowledge the frame.
.proc Nmi
        lda RDNMI
        rti
.endproc

CARTRIDGE_HEADER "TILEPROF BENCH SPC700", Reset, Nmi, Nmi, Nmi, Nmi
