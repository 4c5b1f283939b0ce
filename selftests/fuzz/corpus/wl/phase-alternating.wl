# phase-alternating: short compute-bound and memory-bound kernels in
# strict alternation, the fine-grain phase changes PCSTALL section 3.3
# shows (sensitivity changing by tens of percent from one 1 us epoch to
# the next).  A reactive policy is always one phase behind.
kernel burst_compute
grid 120
block 256
code
loop 24
alu r1 r1 r2
alu r2 r2 r1
alu r3 r3 r4
alu r4 r4 r3
endloop
endkernel
kernel burst_stream
grid 120
block 256
array buf stream txn 4 footprint 16m
code
loop 4
ld r1 buf
alu r2 r1 r2
endloop
endkernel
run burst_compute
run burst_stream
run burst_compute
run burst_stream
run burst_compute
run burst_stream
run burst_compute
run burst_stream
