# pooling: ML-style max pooling.  Overlapping windows make neighbouring
# warps of a block re-read each other's lines (a 4 KiB tile per block,
# L1 hits after the first touch), with a max per element and one store
# per output.  Load-heavy, L1-friendly, light arithmetic.
kernel pooling
grid 360
block 256
array fmap tile footprint 64m tile 4k
array pooled stream footprint 16m
code
loop 4
ld r1 fmap
ld r2 fmap
ld r3 fmap
ld r4 fmap
alu r5 r1 r2
alu r6 r3 r4
alu r7 r5 r6
st pooled r7
endloop
endkernel
run pooling
