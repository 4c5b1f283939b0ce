# batchnorm: ML-style batch normalisation in two kernels.  bn_stats reads
# the activations once and reduces mean and variance per block through
# shared memory with barriers; bn_apply reads them again, normalises
# (FMA, rsqrt on the SFU) and writes the result.  Streaming with
# reduction phases.
kernel bn_stats
grid 240
block 256
array act stream txn 4 footprint 32m
array stats stream footprint 1m
code
loop 6
ld r1 act
alu r2 r1 r2
alu r3 r1 r3
endloop
sts r2
sts r3
bar
loop 4
lds r4
alu r2 r4 r2
sts r2
bar
endloop
st stats r2
endkernel
kernel bn_apply
grid 240
block 256
array act stream txn 4 footprint 32m
array stats broadcast footprint 4k
array outp stream txn 4 footprint 32m
code
ld r1 stats
sfu r2 r1
loop 6
ld r3 act
alu r4 r3 r1
alu r5 r4 r2
st outp r5
endloop
endkernel
run bn_stats
run bn_apply
