# stream-triad: a[i] = b[i] + s * c[i] with 8-byte elements (two lines per
# warp access).  Two loads, one FMA and one store per element: memory-bound
# with a little arithmetic.
kernel stream_triad
grid 480
block 256
array b stream txn 2 footprint 32m
array c stream txn 2 footprint 32m
array a stream txn 2 footprint 32m
code
loop 8
ld r1 b
ld r2 c
alu r3 r1 r2
st a r3
endloop
endkernel
run stream_triad
