# reduction-tree: sum reduction.  One coalesced pass accumulates into
# registers, then a shared-memory tree of 8 levels, each a shared load,
# an add, a shared store and a barrier, with bank conflicts that grow
# with the stride.  Barrier- and shared-memory-bound after the load phase.
kernel reduce
grid 240
block 256
array vec stream txn 4 footprint 48m
array partial stream footprint 1m
code
loop 4
ld r1 vec
alu r2 r1 r2
endloop
sts r2
bar
loop 8
lds r3 conflict=4
alu r2 r3 r2
sts r2 conflict=4
bar
endloop
st partial r2
endkernel
run reduce
