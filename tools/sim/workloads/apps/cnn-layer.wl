# cnn-layer: one inference layer of a convolutional network: a tiled GEMM
# (the convolution), batch normalisation (statistics, then apply),
# pooling and a softmax.  Compute-bound, streaming, L1-friendly and
# SFU/barrier phases follow each other within a few hundred microseconds.
use ../kernels/gemm-tiled.wl
use ../kernels/batchnorm.wl
use ../kernels/pooling.wl
use ../kernels/softmax.wl
run gemm
run bn_stats
run bn_apply
run pooling
run softmax
