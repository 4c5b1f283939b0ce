# iterative-solver: three iterations of a Krylov-style solver: a sparse
# matrix-vector product (irregular gathers), an AXPY-like triad (pure
# streaming) and a dot-product reduction (shared-memory tree).  Memory
# phases of different kinds repeat with a period of a few hundred us.
use ../kernels/spmv-irregular.wl
use ../kernels/stream-triad.wl
use ../kernels/reduction-tree.wl
run spmv
run stream_triad
run reduce
run spmv
run stream_triad
run reduce
run spmv
run stream_triad
run reduce
