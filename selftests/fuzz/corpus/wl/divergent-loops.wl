# divergent-loops: data-dependent trip counts (4..60 per warp), each trip
# a load and some arithmetic.  Warps and blocks finish at very different
# times; blocks hold their slots until their slowest warp is done, so
# occupancy and sensitivity change as the kernel drains.
kernel divergent_loops
grid 360
block 256
array data random footprint 32m
code
loop 4 60
ld r1 data
alu r2 r1 r2
alu r3 r2 r3
alu r4 r3
endloop
endkernel
run divergent_loops
