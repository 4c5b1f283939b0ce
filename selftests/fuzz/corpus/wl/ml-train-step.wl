# ml-train-step: five training steps of a two-layer network with a
# softmax classifier.  Each step runs the forward pass (a tiled GEMM
# through shared memory, a GELU activation that streams with some SFU
# work, a smaller head GEMM), the loss (softmax and cross-entropy: row
# reductions, SFU exponentials and logarithms, barriers), the backward
# pass (input-gradient GEMM of the head, weight-gradient GEMMs whose
# reduction runs over the batch, the activation's derivative) and the
# update (a gradient-norm reduction for clipping, then an Adam-like
# optimizer that streams four parameter-sized arrays in and three out:
# memory-bound).
# Variation: batches come from two sequence-length buckets.  Short steps
# (1, 2 and 4) run the first layer on half the rows of long steps (3 and
# 5): its forward GEMM and activation kernels have twice the grid, and
# its weight-gradient GEMM the same grid with twice the tile steps (its
# reduction runs over the batch).  The head, the loss and the optimizer
# keep their size, so a step's mix of compute-, SFU- and memory-bound
# time shifts with the bucket.  The loss rows have uneven lengths
# (loop N M: padding-free variable-length sequences).
# A `frame` line closes each training step (after its optimizer update),
# so that `gpugov-sim sweep --frames` paces whole steps.

# --- forward -----------------------------------------------------------------
kernel fwd1_short
grid 48
block 128
array X stream footprint 8m
array W1 stream footprint 4m
array H1 stream footprint 8m
code
loop 3
ld r1 X
ld r2 W1
sts r1
sts r2
bar
loop 8
lds r3
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6
alu r10 r7 r8
st H1 r9
st H1 r10
endkernel

kernel fwd1_long
grid 96
block 128
array X stream footprint 8m
array W1 stream footprint 4m
array H1 stream footprint 8m
code
loop 3
ld r1 X
ld r2 W1
sts r1
sts r2
bar
loop 8
lds r3
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6
alu r10 r7 r8
st H1 r9
st H1 r10
endkernel

# GELU: x * sigmoid-like(tanh) per element, 16-byte vector accesses; the
# pre-activation is kept for the backward pass
kernel gelu_short
grid 48
block 256
array H1 stream txn 4 footprint 8m
array A1 stream txn 4 footprint 8m
code
loop 2
ld r1 H1
alu r2 r1 r1
alu r3 r2 r1
sfu r4 r3
alu r5 r4 r1
st A1 r5
endloop
endkernel

kernel gelu_long
grid 96
block 256
array H1 stream txn 4 footprint 8m
array A1 stream txn 4 footprint 8m
code
loop 2
ld r1 H1
alu r2 r1 r1
alu r3 r2 r1
sfu r4 r3
alu r5 r4 r1
st A1 r5
endloop
endkernel

# classifier head: the last position of each sequence only, so its size
# does not depend on the bucket
kernel fwd2_head
grid 40
block 128
array A1 stream footprint 8m
array W2 stream footprint 2m
array logits stream footprint 2m
code
loop 2
ld r1 A1
ld r2 W2
sts r1
sts r2
bar
loop 8
lds r3
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6 r7
st logits r9
endkernel

# --- loss ----------------------------------------------------------------------
# softmax over a row, cross-entropy against the label, gradient written
# back: max reduction, exp on the SFU, sum reduction, log, normalise
kernel loss_xent
grid 40
block 256
array logits stream footprint 2m
array labels random footprint 64k
array dlogits stream footprint 2m
code
ld r11 labels
loop 2 6
ld r1 logits
alu r2 r1 r2
endloop
sts r2
bar
lds r3 conflict=2
alu r4 r3 r2
loop 2 6
sfu r5 r4
alu r6 r5 r6
endloop
sts r6
bar
lds r7 conflict=2
sfu r8 r7
alu r9 r8 r11
loop 2 4
alu r10 r5 r9
st dlogits r10
endloop
endkernel

# --- backward --------------------------------------------------------------------
# head input gradient: dA1 = dlogits x W2^T
kernel bwd2_dgrad
grid 40
block 128
array dlogits stream footprint 2m
array W2 stream footprint 2m
array dA1 stream footprint 8m
code
loop 2
ld r1 dlogits
ld r2 W2
sts r1
sts r2
bar
loop 8
lds r3
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6 r7
st dA1 r9
endkernel

# head weight gradient: dW2 = A1^T x dlogits; the transposed activation
# reads are half coalesced, and the grid is weight-shaped (small)
kernel bwd2_wgrad
grid 20
block 128
array A1 stream txn 2 footprint 8m
array dlogits stream footprint 2m
array dW2 stream footprint 2m
code
loop 4
ld r1 A1
ld r2 dlogits
sts r1
sts r2
bar
loop 8
lds r3 conflict=2
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6 r7
st dW2 r9
endkernel

# GELU derivative: gradient times the derivative at the saved input
kernel gelu_bwd_short
grid 48
block 256
array dA1 stream txn 4 footprint 8m
array H1 stream txn 4 footprint 8m
array dH1 stream txn 4 footprint 8m
code
loop 2
ld r1 dA1
ld r2 H1
alu r3 r2 r2
sfu r4 r3
alu r5 r4 r2 r1
st dH1 r5
endloop
endkernel

kernel gelu_bwd_long
grid 96
block 256
array dA1 stream txn 4 footprint 8m
array H1 stream txn 4 footprint 8m
array dH1 stream txn 4 footprint 8m
code
loop 2
ld r1 dA1
ld r2 H1
alu r3 r2 r2
sfu r4 r3
alu r5 r4 r2 r1
st dH1 r5
endloop
endkernel

# first-layer weight gradient: dW1 = X^T x dH1; the grid is the weight's
# shape, the reduction over the batch is twice as long for long steps
kernel bwd1_wgrad_short
grid 48
block 128
array X stream txn 2 footprint 8m
array dH1 stream footprint 8m
array dW1 stream footprint 4m
code
loop 3
ld r1 X
ld r2 dH1
sts r1
sts r2
bar
loop 8
lds r3 conflict=2
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6
alu r10 r7 r8
st dW1 r9
st dW1 r10
endkernel

kernel bwd1_wgrad_long
grid 48
block 128
array X stream txn 2 footprint 8m
array dH1 stream footprint 8m
array dW1 stream footprint 4m
code
loop 6
ld r1 X
ld r2 dH1
sts r1
sts r2
bar
loop 8
lds r3 conflict=2
lds r4
alu r5 r3 r4 r5
alu r6 r3 r4 r6
alu r7 r3 r4 r7
alu r8 r3 r4 r8
endloop
bar
endloop
alu r9 r5 r6
alu r10 r7 r8
st dW1 r9
st dW1 r10
endkernel

# --- update ------------------------------------------------------------------------
# global gradient norm for clipping: squares summed through a
# shared-memory tree (per-block partial sums)
kernel grad_norm
grid 60
block 256
array dW1 stream txn 4 footprint 4m
array norm_part stream footprint 64k
code
loop 2
ld r1 dW1
alu r2 r1 r1 r2
endloop
sts r2
bar
loop 6
lds r3 conflict=2
alu r2 r3 r2
sts r2
bar
endloop
st norm_part r2
endkernel

# Adam-like update over every parameter: weights, gradients and both
# moment estimates in (16-byte vectors), three arrays out; one square
# root per element on the SFU
kernel adam
grid 120
block 256
array W1 stream txn 4 footprint 4m
array dW1 stream txn 4 footprint 4m
array mom1 stream txn 4 footprint 4m
array mom2 stream txn 4 footprint 4m
code
ld r1 W1
ld r2 dW1
ld r3 mom1
ld r4 mom2
alu r5 r3 r2
alu r6 r2 r2
alu r7 r4 r6
sfu r8 r7
alu r9 r5 r8
alu r10 r1 r9
st mom1 r5
st mom2 r7
st W1 r10
endkernel

# --- five steps: short, short, long, short, long ---------------------------------
run fwd1_short
run gelu_short
run fwd2_head
run loss_xent
run bwd2_dgrad
run bwd2_wgrad
run gelu_bwd_short
run bwd1_wgrad_short
run grad_norm
run adam
frame
run fwd1_short
run gelu_short
run fwd2_head
run loss_xent
run bwd2_dgrad
run bwd2_wgrad
run gelu_bwd_short
run bwd1_wgrad_short
run grad_norm
run adam
frame
run fwd1_long
run gelu_long
run fwd2_head
run loss_xent
run bwd2_dgrad
run bwd2_wgrad
run gelu_bwd_long
run bwd1_wgrad_long
run grad_norm
run adam
frame
run fwd1_short
run gelu_short
run fwd2_head
run loss_xent
run bwd2_dgrad
run bwd2_wgrad
run gelu_bwd_short
run bwd1_wgrad_short
run grad_norm
run adam
frame
run fwd1_long
run gelu_long
run fwd2_head
run loss_xent
run bwd2_dgrad
run bwd2_wgrad
run gelu_bwd_long
run bwd1_wgrad_long
run grad_norm
run adam
frame
