# stream-read: every warp streams 16-byte-per-thread (four 128-byte
# lines per warp access) coalesced loads from a 96 MiB array and does a
# dependent add per access.  Far more misses in flight than DRAM can
# serve: bandwidth-bound at every core clock, the flat curves of CRISP
# Fig. 2 (cfd, km).
kernel stream_read
grid 720
block 256
array a stream txn 4 footprint 96m
code
loop 12
ld r1 a
ld r2 a
alu r3 r1 r3
alu r4 r2 r4
endloop
endkernel
run stream_read
