# latency-chase: linked-list traversal.  Each load's address comes from
# the previous load, across a 256 MiB footprint, with few warps per SM: a
# chain of dependent DRAM misses that never fills the memory system.
# Latency-bound: little frequency sensitivity, and almost all of it from
# the core-clocked part of the miss path.
kernel latency_chase
grid 60
block 128
blocks_per_sm 4
array list random footprint 256m
code
loop 40
ld r1 list r1
alu r2 r1
endloop
endkernel
run latency_chase
