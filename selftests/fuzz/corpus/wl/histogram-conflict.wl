# histogram-conflict: shared-memory histogram.  Stream the input, then
# read-modify-write a shared bin with an 8-way bank conflict per access.
# The shared-memory unit replays every access 8 times: conflict cycles,
# all at core speed (rule A), compute-bound.
kernel histogram
grid 240
block 256
array samples stream footprint 32m
array bins stream footprint 1m
code
loop 6
ld r1 samples
alu r2 r1
lds r3 r2 conflict=8
alu r3 r3
sts r3 conflict=8
endloop
bar
st bins r3
endkernel
run histogram
