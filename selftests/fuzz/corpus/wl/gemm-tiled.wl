# gemm-tiled: shared-memory tiled matrix multiply.  Each step loads an A
# and a B tile (coalesced), stores them to shared memory, synchronises,
# then runs an FMA-heavy inner loop on shared-memory operands.  ML-style,
# compute-bound with barrier phases.
kernel gemm
grid 120
block 256
array A stream footprint 8m
array B stream footprint 8m
array C stream footprint 8m
code
loop 6
ld r1 A
ld r2 B
sts r1
sts r2
bar
loop 8
lds r3
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
st C r5
endkernel
run gemm
