; The sound driver's SPC700 program (its protocol: sound_driver.inc). It makes no sound yet: it
; answers the S-CPU's commands on the ports. Assembled at $0200 with spc700.inc.

.p816
.include "spc700.inc"
.include "apu_upload.inc"
.include "sound_driver.inc"

DRIVER_LOAD = $0200         ; above page 1, where the stack is

; Its variables, in page 0 (the IPL left $00-$EF zero; the driver sets them anyway).
Last    = $00               ; the counter of the last command answered
Sum     = $02               ; the running sum, a word
Count   = $04               ; the commands answered

.segment "RODATA"

SoundDriverImage:
.org DRIVER_LOAD
DriverStart:
    spc_clrp                        ; direct page 0
    spc_mov_x_imm $EF
    spc_mov_sp_x                    ; the stack from $01EF, as the IPL had it
    spc_mov_dp_imm SPC_CONTROL, $30 ; clear what the S-CPU left in the ports, unmap the IPL ROM,
                                    ; timers off

    ; Prove the upload: the sum of the program's own bytes goes to port 1.
    spc_mov_a_imm 0
    spc_mov_x_imm 0
checksum:
    spc_clrc
    spc_adc_a_absx DriverStart
    spc_inc_x
    spc_cmp_x_imm <(DriverEnd - DriverStart)
    spc_bne checksum
    spc_mov_dp_a SPC_PORT1

    spc_mov_a_imm 0
    spc_mov_dp_a Last
    spc_mov_dp_a Sum
    spc_mov_dp_a Sum + 1
    spc_mov_dp_a Count
    spc_mov_dp_a SPC_PORT2
    spc_mov_dp_a SPC_PORT3
    spc_mov_dp_a SPC_PORT0          ; ready: port 0 reads $00

wait_command:
    spc_mov_a_dp SPC_PORT0
    spc_cbne_dp Last, command       ; a counter other than the last one: a command
    spc_bra wait_command
command:
    spc_mov_dp_a Last
    spc_mov_a_dp SPC_PORT1          ; the value (written before the counter)
    spc_mov_y_imm 0
    spc_addw_ya_dp Sum              ; YA = value + Sum
    spc_movw_dp_ya Sum
    spc_movw_dp_ya SPC_PORT1        ; ports 1 and 2: the sum
    spc_inc_dp Count
    spc_mov_dp_dp SPC_PORT3, Count
    spc_mov_dp_dp SPC_PORT0, Last   ; the echo last: the answer is complete
    spc_bra wait_command
DriverEnd:
.reloc

.assert DriverEnd - DriverStart < 256, error, "the checksum loop indexes the driver with X"

SoundDriverUpload:
    APU_PROGRAM SoundDriverImage, DriverStart, DriverEnd, DriverStart

