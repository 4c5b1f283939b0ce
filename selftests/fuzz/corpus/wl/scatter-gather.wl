# scatter-gather: indexed loads of random 8-line groups from a 128 MiB
# table, a little arithmetic per element.  Irregular, poorly coalesced
# memory access: many transactions per instruction, DRAM-bound.
kernel scatter_gather
grid 240
block 256
array table random txn 8 footprint 128m
code
loop 6
ld r1 table
alu r2 r1 r2
alu r3 r2
endloop
endkernel
run scatter_gather
