# token-decode: the decode phase of a language model, one token a frame.
# Each token multiplies the activation vector by every weight matrix of
# the model (GEMV): the weights, far larger than the L2, stream from DRAM
# once per token, each loaded line used for a few multiply-adds against
# the vector, which the L1 and L2 keep.  Bandwidth-bound at every core
# clock, and steady: tokens differ only a little (each warp's rows vary,
# 7-8 per warp in the projection and 3-4 in the attention).
# The class of work a counter model hunts on: its segments vary a little,
# and at a bandwidth-bound clock a prediction from the last one is as
# likely to fall just under as just over the limit (issue 26).
# A `frame` line closes each token, so that `gpugov-sim sweep --frames`
# paces whole tokens.
kernel gemv_proj
grid 240
block 256
array weights stream txn 4 footprint 64m
array act tile footprint 16k tile 4k
array out stream footprint 1m
code
loop 7 8
ld r1 weights
ld r2 act
alu r3 r1 r2 r3
alu r4 r1 r4
endloop
st out r3
endkernel

kernel attn_kv
grid 120
block 256
array kv stream txn 2 footprint 32m
array act tile footprint 16k tile 4k
array score stream footprint 1m
code
loop 3 4
ld r1 kv
ld r2 act
alu r3 r1 r2 r3
endloop
sfu r4 r3
st score r4
endkernel
# --- 60 tokens ------------------------------------------------------------
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
run attn_kv
run gemv_proj
frame
