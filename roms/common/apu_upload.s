; ApuUpload: an SPC700 program into audio RAM through the IPL boot ROM's protocol, and then run.
; (emu/apu/ipl_rom.hpp holds the ROM; fullsnes, "SNES APU SPC700 Boot ROM", documents it.)
;
; The protocol, as the IPL (the SPC700's side) runs it:
;  1. After reset the IPL clears its page 0 and shows $AA on port 0 and $BB on port 1.
;  2. The S-CPU puts the block's audio-RAM address on ports 2/3, a non-zero byte on port 1 (a
;     block follows, not a jump) and $CC on port 0. The IPL echoes $CC on port 0.
;  3. Byte i of the block: the S-CPU writes the byte to port 1, then i (low 8 bits, from 0) to
;     port 0; the IPL stores the byte and echoes i on port 0, and the S-CPU waits for that echo.
;  4. The end: the entry address on ports 2/3, 0 on port 1 (jump, no block), and on port 0 a
;     value 1 to 127 ahead of the next index (here next + 1, or + 2 where that wraps to 0). The
;     IPL echoes it on port 0 and jumps to the entry address.
; A second block instead of step 4 would use the same step-2 write with a non-zero port 1 and
; that port-0 value; one block is what the ROMs here need.

.p816
.include "apu_upload.inc"

.segment "CODE"

; In:  A 8-bit, X/Y 16-bit; X = the address of an APU_PROGRAM descriptor in the data bank.
;      D anything, DB the descriptor's bank. Interrupts may stay enabled (no timing matters).
; Out: A 8-bit, X/Y 16-bit, DB as it was; A, X, Y changed. The program runs: port 0 still shows
;      the end value (step 4) until the program writes to it.
.a8
.i16
.proc ApuUpload
    phb                     ; DB, restored at the end
    ; Step 1: wait for the IPL's $BBAA.
    rep #$20
    .a16
wait_ready:
    lda APUIO0              ; ports 0 and 1 in one read
    cmp #$BBAA
    bne wait_ready

    lda a:7,x               ; the entry address, kept on the stack for step 4
    pha
    ldy a:3,x               ; Y = the byte count
    lda a:5,x               ; step 2: the load address on ports 2/3
    sta APUIO2
    sep #$20
    .a8
    lda #$01                ; a block follows
    sta APUIO1
    lda #$CC
    sta APUIO0
wait_cc:
    cmp APUIO0
    bne wait_cc

    lda a:2,x               ; the bytes' bank becomes the data bank
    pha
    rep #$20
    .a16
    lda a:0,x               ; X = their address
    tax
    sep #$20
    .a8
    plb

    ; Step 3: the high byte of A (XBA) keeps the index, the low byte carries the data.
    lda #0
    xba                     ; index 0
next_byte:
    lda a:0,x
    sta APUIO1              ; the byte first,
    xba
    sta APUIO0              ; then its index
wait_echo:
    cmp APUIO0
    bne wait_echo
    inc a                   ; the next index
    xba
    inx
    dey
    bne next_byte

    ; Step 4: jump to the entry address.
    xba                     ; A = the next index
    inc a
    bne :+
    inc a                   ; never 0: next + 2
:   tay                     ; Y (low byte) = the end value
    rep #$20
    .a16
    pla                     ; the entry address
    sta APUIO2
    sep #$20
    .a8
    stz APUIO1              ; jump, no block
    tya
    sta APUIO0
wait_start:
    cmp APUIO0
    bne wait_start
    plb
    rts
.endproc

; Waits until port 0 reads A, for 65,535 polls at most (about a quarter of a second), so that an
; SPC700 program that never answers cannot hang the S-CPU.
; In:  A 8-bit, X/Y 16-bit; A = the value awaited; DB a bank where $2140 is the APU's port.
; Out: A 8-bit, X/Y 16-bit; carry clear when port 0 read A, set when it never did; X changed.
.a8
.i16
.proc ApuWaitPort0
    ldx #$FFFF
wait:
    cmp APUIO0
    beq seen
    dex
    bne wait
    sec
    rts
seen:
    clc
    rts
.endproc

; Waits for an SPC700 program's results to be ready for the read-back (apu_upload.inc), looking at
; port 3 once a frame, after each interrupt that ends a WAI, for Y frames at most.
; In:  A 8-bit, X/Y 16-bit; Y = how many frames (1-65535); the NMI enabled; DB a bank where $2143
;      is the APU's port.
; Out: A 8-bit, X/Y 16-bit; carry clear when port 3 showed APU_RESULTS_READY, set when it never
;      did; A, Y changed.
.a8
.i16
.proc ApuAwaitResults
wait:
    wai
    lda APUIO3
    cmp #APU_RESULTS_READY
    beq ready
    dey
    bne wait
    sec
    rts
ready:
    clc
    rts
.endproc

; Reads Y result bytes into X...X+Y-1 from an SPC700 program that answers read-back requests
; (apu_upload.inc): call it once port 3 shows APU_RESULTS_READY (ApuAwaitResults). Each answer
; is awaited as ApuWaitPort0 awaits one, so a program that stops answering cannot hang the S-CPU.
; In:  A 8-bit, X/Y 16-bit; X = where the bytes go, Y = how many (1-255); DB the bank of both
;      X and the APU's ports.
; Out: A 8-bit, X/Y 16-bit; carry clear when every byte came, set when a request went
;      unanswered; A, X, Y changed.
.a8
.i16
.proc ApuReadBack
    dex
    phx                     ; (1,s),y with Y = i: where byte i - 1 goes
next:
    tya                     ; request i = Y, from the last byte's down to 1
    sta APUIO0
    jsr ApuWaitPort0        ; its echo
    bcs done
    lda APUIO1
    sta (1,s),y
    dey
    bne next
    clc
done:
    plx
    rts
.endproc
