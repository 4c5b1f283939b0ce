# compute-fma: long chains of dependent FMAs in four independent chains
# per warp and no memory access: time scales as 1/f_core.
kernel compute_fma
grid 240
block 256
code
loop 64
alu r1 r1 r2
alu r2 r2 r3
alu r3 r3 r4
alu r4 r4 r1
endloop
endkernel
run compute_fma
