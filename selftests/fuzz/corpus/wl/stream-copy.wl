# stream-copy: coalesced read of one array, write of another (16 bytes per
# thread).  Every store miss in the write-back L2 evicts a dirty line, so
# reads and write-backs share the DRAM channels; at saturation the store
# queues back up.  Memory-bound at every clock.
kernel stream_copy
grid 480
block 256
array src stream txn 4 footprint 48m
array dst stream txn 4 footprint 48m
code
loop 8
ld r1 src
alu r2 r1
st dst r2
endloop
endkernel
run stream_copy
