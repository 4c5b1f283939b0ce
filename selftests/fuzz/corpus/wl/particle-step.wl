# particle-step: one time step of a particle code: gather neighbour data
# at random (irregular, DRAM-bound), compute forces with transcendental
# math (SFU-bound), then scatter results with uncoalesced stores
# (store-stall-bound).  Three different frequency sensitivities in a row.
use ../kernels/scatter-gather.wl
use ../kernels/compute-sfu.wl
use ../kernels/store-flood.wl
run scatter_gather
run compute_sfu
run store_flood
