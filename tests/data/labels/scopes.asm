; Source of the 64tass label lists the label file tests read (see README.md).
        .cpu "65816"
        * = $0000
        .logical $808000
Reset   sei
        clc
        xce
        jsr Collide
        stp
Collide .proc
        rep #$30
        .al
        .xl
loop    lda #$1234
        bra done
done    rts
        .pend
Tables  .block
heights .byte 1, 2, 3
        .endblock
        .endlogical
entities = $7e0100
title   = "SCOPES"
