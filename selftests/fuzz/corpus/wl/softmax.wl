# softmax: ML-style row softmax.  Read a row (coalesced), find its max
# through a shared-memory reduction, exponentiate on the SFU, reduce the
# sum, normalise and write back.  Mixed SFU, barrier and memory phases.
kernel softmax
grid 240
block 256
array logits stream txn 2 footprint 32m
array probs stream txn 2 footprint 32m
code
loop 4
ld r1 logits
alu r2 r1 r2
endloop
sts r2
bar
lds r3
alu r4 r3 r2
loop 4
sfu r5 r4
alu r6 r5 r6
endloop
sts r6
bar
lds r7
sfu r8 r7
loop 4
alu r9 r5 r8
st probs r9
endloop
endkernel
run softmax
