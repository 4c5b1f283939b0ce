# overlap-two-slope: each warp issues its loads, then does a long run of
# independent FMAs before it needs the data.  At high clocks the
# computation hides under the memory latency (flat), at low clocks it
# outgrows it (slope 1/f): the two-slope curve of CRISP Fig. 2 (lm, hw)
# that linear models miss.
kernel overlap_two_slope
grid 360
block 256
array in random txn 2 footprint 64m
code
loop 10
ld r1 in
ld r2 in
alu r3 r3 *3
alu r4 r4 *3
alu r5 r5 *3
alu r6 r6 *3
alu r7 r1 r2
endloop
endkernel
run overlap_two_slope
