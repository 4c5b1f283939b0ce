# cache-l2-resident: random lines from a 512 KiB table that fits the L2
# (768 KiB) but not the L1s.  After warm-up, misses are served by the L2
# banks in the memory clock domain: shorter latency, more bandwidth than
# DRAM, and partly frequency-sensitive.
kernel cache_l2_resident
grid 240
block 256
array lut random txn 2 footprint 512k
code
loop 12
ld r1 lut
alu r2 r1 r2
alu r3 r2 r3
endloop
endkernel
run cache_l2_resident
