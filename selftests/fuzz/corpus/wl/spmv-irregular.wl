# spmv-irregular: sparse matrix-vector product, one row per warp.  Rows
# have 2..30 nonzeros; values and column indices stream in, the x vector
# (16 MiB) is gathered at random.  Irregular trip counts and scattered
# loads: memory-bound and unbalanced.
kernel spmv
grid 240
block 256
array vals stream footprint 64m
array cols stream footprint 64m
array xvec random txn 4 footprint 16m
array yvec stream footprint 4m
code
loop 2 30
ld r1 cols
ld r2 vals
ld r3 xvec r1
alu r4 r2 r3 r4
endloop
st yvec r4
endkernel
run spmv
