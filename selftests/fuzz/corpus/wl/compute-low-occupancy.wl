# compute-low-occupancy: one block of two warps per SM running a single
# chain of dependent FMAs.  Almost every cycle waits on the ALU latency:
# idle but still computation (rule D), so time scales as 1/f_core.
kernel compute_low_occ
grid 15
block 64
blocks_per_sm 1
code
loop 800
alu r1 r1 r2
alu r2 r2 r1
endloop
endkernel
run compute_low_occ
