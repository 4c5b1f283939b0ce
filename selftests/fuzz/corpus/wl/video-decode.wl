# video-decode: ten frames of a block-based video decoder in two groups of
# pictures.  Each frame has four phases: entropy decoding (few warps,
# serial bit parsing with data-dependent symbol counts: divergent loops of
# light arithmetic and dependent table lookups), the inverse transform
# (8x8 butterflies through shared memory: barriers, 2-way conflicts on
# the transposed pass), prediction (intra: a chain of dependent
# arithmetic on neighbouring pixels; inter: motion compensation, gathers
# of reference-frame blocks that the L1/L2 reuse, then an interpolation
# filter) and the deblocking filter (streaming over the picture with the
# neighbouring edge pixels, a data-dependent filter strength).
# Variation: frame type.  An I-frame (frames 1 and 6, the second one a
# scene change) codes every block: long symbol runs, a transform over
# the whole picture and intra prediction.  P-frames code a third of the
# blocks (short runs, a third of the transform grid) and predict from one
# reference; B-frames (frames 4 and 9) code like P-frames but gather from
# two references.  Symbol counts and filter strengths vary per warp
# (loop N M).
# A `frame` line closes each decoded picture (after its deblocking), so
# that `gpugov-sim sweep --frames` paces whole pictures.

# --- entropy decoding ----------------------------------------------------------
# one slice per block of two warps: parse bits, look the code up in a
# 16 KiB table (dependent load), write coefficients out now and then
kernel entropy_i
grid 60
block 64
array bitstream stream footprint 2m
array vlc_table random footprint 16k
array coeffs stream txn 2 footprint 8m
code
loop 4 14
loop 2 6
ld r1 bitstream
alu r2 r1 r2
ld r3 vlc_table r2
alu r4 r3 r2
alu r5 r4 r5
endloop
st coeffs r5
endloop
endkernel

kernel entropy_p
grid 60
block 64
array bitstream stream footprint 2m
array vlc_table random footprint 16k
array coeffs stream txn 2 footprint 8m
array mvs stream footprint 1m
code
ld r6 bitstream
alu r7 r6
ld r8 vlc_table r7
alu r9 r8 r7
st mvs r9
loop 1 6
loop 1 5
ld r1 bitstream
alu r2 r1 r2
ld r3 vlc_table r2
alu r4 r3 r2
alu r5 r4 r5
endloop
st coeffs r5
endloop
endkernel

# --- inverse transform ------------------------------------------------------------
# rows then columns of 8x8 blocks, transposed through shared memory
kernel idct_i
grid 240
block 128
array coeffs stream txn 2 footprint 8m
array residual stream txn 2 footprint 8m
code
ld r1 coeffs
alu r2 r1
sts r2
bar
lds r3 *4
alu r4 r3 r4 *4
alu r5 r3 r5 *4
sts r4 conflict=2
sts r5 conflict=2
bar
lds r6 conflict=2 *4
alu r7 r6 r7 *4
alu r8 r6 r8 *4
alu r9 r7 r8
st residual r9
endkernel

kernel idct_p
grid 80
block 128
array coeffs stream txn 2 footprint 8m
array residual stream txn 2 footprint 8m
code
ld r1 coeffs
alu r2 r1
sts r2
bar
lds r3 *4
alu r4 r3 r4 *4
alu r5 r3 r5 *4
sts r4 conflict=2
sts r5 conflict=2
bar
lds r6 conflict=2 *4
alu r7 r6 r7 *4
alu r8 r6 r8 *4
alu r9 r7 r8
st residual r9
endkernel

# --- prediction -----------------------------------------------------------------
# intra: each sub-block is predicted from the edge of the one before it,
# so the arithmetic is one dependent chain; the edges stay in the L1
kernel intra_pred
grid 240
block 128
array recon_edges tile footprint 4m tile 512
array residual stream txn 2 footprint 8m
array frame stream txn 2 footprint 3m
code
ld r1 recon_edges
ld r2 residual
loop 6
alu r3 r1 r3
alu r4 r3 r4
alu r5 r4 r3
alu r1 r5 r1
endloop
alu r6 r1 r2
st frame r6
endkernel

# inter: fetch the reference block and its interpolation margin from the
# decoded picture buffer that the previous frame's deblocking wrote (each
# block reads a 2 KiB neighbourhood twice over: L1 reuse across its warps,
# L2 hits on lines written a frame ago), 6-tap filter, add the residual
kernel mc_p
grid 240
block 128
array mvs stream footprint 1m
array dpb tile txn 2 footprint 3m tile 2k
array residual stream txn 2 footprint 8m
array frame stream txn 2 footprint 3m
code
ld r10 mvs
loop 2
ld r1 dpb r10
ld r2 dpb r10
alu r3 r1 r2
alu r4 r3 r4 *5
endloop
ld r5 residual
alu r6 r4 r5
st frame r6
endkernel

# bi-directional: the same from the last picture and an older one, averaged
kernel mc_b
grid 240
block 128
array mvs stream footprint 1m
array dpb tile txn 2 footprint 3m tile 2k
array dpb_old tile txn 2 footprint 3m tile 2k
array residual stream txn 2 footprint 8m
array frame stream txn 2 footprint 3m
code
ld r10 mvs
loop 2
ld r1 dpb r10
ld r2 dpb_old r10
alu r3 r1 r3 *3
alu r4 r2 r4 *3
endloop
alu r7 r3 r4
ld r5 residual
alu r6 r7 r5
st frame r6
endkernel

# --- deblocking ---------------------------------------------------------------------
# stream the picture, read the neighbouring block's edge pixels (a small
# tile per block), decide the boundary strength, filter 1-3 passes and
# write the result to the decoded picture buffer (the next reference)
kernel deblock
grid 240
block 128
array frame stream txn 2 footprint 3m
array recon_edges tile footprint 4m tile 512
array dpb stream txn 2 footprint 3m
code
loop 2
ld r1 frame
ld r2 recon_edges
alu r3 r1 r2
alu r4 r3 r1
loop 1 3
alu r5 r4 r2 r5
alu r6 r5 r1
alu r4 r6 r4
endloop
st dpb r4
endloop
endkernel

# --- two groups of pictures: I P P B P | I (scene change) P P B P ----------------------
run entropy_i
run idct_i
run intra_pred
run deblock
frame
run entropy_p
run idct_p
run mc_p
run deblock
frame
run entropy_p
run idct_p
run mc_p
run deblock
frame
run entropy_p
run idct_p
run mc_b
run deblock
frame
run entropy_p
run idct_p
run mc_p
run deblock
frame
run entropy_i
run idct_i
run intra_pred
run deblock
frame
run entropy_p
run idct_p
run mc_p
run deblock
frame
run entropy_p
run idct_p
run mc_p
run deblock
frame
run entropy_p
run idct_p
run mc_b
run deblock
frame
run entropy_p
run idct_p
run mc_p
run deblock
frame
