# cache-l1-tile: each block re-reads its own 1 KiB tile; the tiles of the
# resident blocks fit the 16 KiB L1.  After the first pass nearly every
# load hits in L1 (core clock), so the kernel is compute-like although
# it is load-heavy.  Cache-sensitive: a smaller L1 would make it
# memory-bound.
kernel cache_l1_tile
grid 240
block 256
array tile tile footprint 32m tile 1k
code
loop 24
ld r1 tile
alu r2 r1 r2
alu r3 r2 r3
endloop
endkernel
run cache_l1_tile
