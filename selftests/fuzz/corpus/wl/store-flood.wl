# store-flood: uncoalesced stores (every thread writes its own line, 32
# transactions per warp store) after a short computation.  The store
# queue fills and the pipeline stalls with no load outstanding: store
# stalls (CRISP section 3.3), which shrink as the clock drops.
kernel store_flood
grid 240
block 256
array out stream txn 32 footprint 64m
code
loop 4
alu r1 r1 r2
alu r2 r2 r1
alu r3 r1 r2
st out r3
endloop
endkernel
run store_flood
