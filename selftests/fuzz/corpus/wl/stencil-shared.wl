# stencil-shared: 5-point stencil sweeps.  Each step loads a tile with its
# halo into shared memory, synchronises, reads five neighbours from shared
# memory with 2-way bank conflicts, computes and stores.  Balanced
# memory and compute with barriers.
kernel stencil
grid 240
block 256
array grid_in stream txn 2 footprint 32m
array grid_out stream txn 2 footprint 32m
code
loop 4
ld r1 grid_in
sts r1
bar
lds r2 conflict=2 *5
alu r3 r2 r3 *4
st grid_out r3
bar
endloop
endkernel
run stencil
