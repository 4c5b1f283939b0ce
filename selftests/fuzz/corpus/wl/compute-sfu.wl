# compute-sfu: transcendental-heavy math (sin/exp/rsqrt on the special
# function units) interleaved with FMAs.  The SFU takes a warp for 8
# cycles, so warps queue on a busy unit: structural hazards, compute-bound.
kernel compute_sfu
grid 180
block 256
code
loop 24
sfu r1 r1
alu r2 r1 r2
sfu r3 r3
alu r4 r3 r4
alu r5 r5 r2
alu r6 r6 r4
endloop
endkernel
run compute_sfu
