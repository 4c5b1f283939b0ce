# long-phases: kernels whose loop bodies are straight-line code of 100-250
# instructions that switch between memory-bound and compute-bound
# sections, so that a wave's position in the body (its PC) says what its
# next microsecond does (PCSTALL section 4.3: the sensitivity of a wave
# starting from the same PC changes little).  One block of 8 warps per
# SM keeps the waves resident across many 1 us epochs and lets each
# commit tens of instructions per epoch.  The kinds of code of PCSTALL
# Table II: molecular dynamics (comd, hacc: neighbour gathers, then a
# long force computation), Monte Carlo transport (xsbench: hashing, a
# dependent chain of table lookups, interpolation), dgemm (panel loads
# through shared memory, then an FMA block) and batch-norm forward
# (streaming statistics and normalisation with rsqrt).
# Lines in a body are written out, not repeated with *N or inner loops,
# so every instruction of a section has its own PC.

kernel md_force
grid 30
block 256
blocks_per_sm 1
array nbr stream footprint 16m
array pos random txn 2 footprint 32m
array force stream footprint 16m
code
loop 5
# neighbour gather: indices, then positions through them
ld r1 nbr
ld r2 nbr
ld r3 pos r1
ld r7 pos r2
ld r1 nbr
ld r2 nbr
ld r4 pos r1
ld r8 pos r2
ld r1 nbr
ld r2 nbr
ld r5 pos r1
ld r9 pos r2
ld r1 nbr
ld r2 nbr
ld r6 pos r1
ld r10 pos r2
# pair forces: four independent chains over the gathered positions
alu r0 r0 r3
alu r11 r11 r4
alu r12 r12 r5
alu r13 r13 r6
alu r14 r14 r7
alu r15 r15 r8
alu r0 r0 r9
alu r11 r11 r10
alu r12 r12 r3
alu r13 r13 r4
alu r14 r14 r5
alu r15 r15 r6
alu r0 r0 r7
alu r11 r11 r8
alu r12 r12 r9
alu r13 r13 r10
alu r14 r14 r3
alu r15 r15 r4
alu r0 r0 r5
alu r11 r11 r6
alu r12 r12 r7
alu r13 r13 r8
alu r14 r14 r9
alu r15 r15 r10
alu r0 r0 r3
alu r11 r11 r4
alu r12 r12 r5
alu r13 r13 r6
alu r14 r14 r7
alu r15 r15 r8
alu r0 r0 r9
alu r11 r11 r10
alu r12 r12 r3
alu r13 r13 r4
alu r14 r14 r5
alu r15 r15 r6
alu r0 r0 r7
alu r11 r11 r8
alu r12 r12 r9
alu r13 r13 r10
alu r14 r14 r3
alu r15 r15 r4
alu r0 r0 r5
alu r11 r11 r6
alu r12 r12 r7
alu r13 r13 r8
alu r14 r14 r9
alu r15 r15 r10
alu r0 r0 r3
alu r11 r11 r4
alu r12 r12 r5
alu r13 r13 r6
alu r14 r14 r7
alu r15 r15 r8
alu r0 r0 r9
alu r11 r11 r10
alu r12 r12 r3
alu r13 r13 r4
alu r14 r14 r5
alu r15 r15 r6
alu r0 r0 r7
alu r11 r11 r8
alu r12 r12 r9
alu r13 r13 r10
alu r14 r14 r3
alu r15 r15 r4
alu r0 r0 r5
alu r11 r11 r6
alu r12 r12 r7
alu r13 r13 r8
alu r14 r14 r9
alu r15 r15 r10
alu r0 r0 r3
alu r11 r11 r4
alu r12 r12 r5
alu r13 r13 r6
alu r14 r14 r7
alu r15 r15 r8
alu r0 r0 r9
alu r11 r11 r10
alu r12 r12 r3
alu r13 r13 r4
alu r14 r14 r5
alu r15 r15 r6
alu r0 r0 r7
alu r11 r11 r8
alu r12 r12 r9
alu r13 r13 r10
alu r14 r14 r3
alu r15 r15 r4
alu r0 r0 r5
alu r11 r11 r6
alu r12 r12 r7
alu r13 r13 r8
alu r14 r14 r9
alu r15 r15 r10
alu r0 r0 r3
alu r11 r11 r4
alu r12 r12 r5
alu r13 r13 r6
alu r14 r14 r7
alu r15 r15 r8
alu r0 r0 r9
alu r11 r11 r10
alu r12 r12 r3
alu r13 r13 r4
alu r14 r14 r5
alu r15 r15 r6
alu r0 r0 r7
alu r11 r11 r8
alu r12 r12 r9
alu r13 r13 r10
alu r14 r14 r3
alu r15 r15 r4
alu r0 r0 r5
alu r11 r11 r6
alu r12 r12 r7
alu r13 r13 r8
alu r14 r14 r9
alu r15 r15 r10
sfu r15 r11
sfu r15 r12
sfu r15 r13
sfu r15 r14
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
alu r11 r11 r15
alu r12 r12 r15
alu r13 r13 r15
alu r14 r14 r15
st force r11 r12
st force r13 r14
endloop
endkernel

kernel xs_lookup
grid 30
block 256
blocks_per_sm 1
array grid_e random footprint 512k
array xs random txn 4 footprint 64m
array tally stream footprint 4m
code
loop 6
# lookup 1: hash the particle's energy and material
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
# binary search of the energy grid (512 KiB, L2-resident): each probe
# depends on the last
ld r7 grid_e r1
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r8 xs r7
ld r9 xs r7
# interpolate the cross sections
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
sfu r14 r10
sfu r14 r11
# lookup 2: hash the particle's energy and material
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
alu r1 r1 r5
alu r2 r2 r6
alu r3 r3 r5
alu r4 r4 r6
# binary search of the energy grid (512 KiB, L2-resident): each probe
# depends on the last
ld r7 grid_e r1
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r7 grid_e r7
ld r8 xs r7
ld r9 xs r7
# interpolate the cross sections
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
alu r10 r10 r8
alu r11 r11 r9
alu r12 r12 r8
alu r13 r13 r9
sfu r14 r10
sfu r14 r11
st tally r10 r11
endloop
endkernel

kernel dgemm_panel
grid 30
block 256
blocks_per_sm 1
array A stream txn 4 footprint 16m
array B stream txn 4 footprint 16m
array C stream footprint 16m
code
loop 6
# load the next A and B panels and stage them in shared memory
ld r1 A
ld r5 B
ld r2 A
ld r6 B
ld r3 A
ld r7 B
ld r4 A
ld r8 B
sts r1
sts r2
sts r3
sts r4
sts r5
sts r6
sts r7
sts r8
bar
# FMA block on the staged panels
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
lds r9
lds r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
alu r11 r11 r9
alu r12 r12 r10
alu r13 r13 r9
alu r14 r14 r10
bar
endloop
st C r11 r12
st C r13 r14
endkernel

kernel bn_fwd
grid 30
block 256
blocks_per_sm 1
array x stream txn 4 footprint 64m
array y stream txn 4 footprint 64m
code
loop 6
# stream a tile in
ld r1 x
ld r2 x
ld r3 x
ld r4 x
ld r1 x
ld r2 x
ld r3 x
ld r4 x
ld r1 x
ld r2 x
ld r3 x
ld r4 x
# mean and variance
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
alu r5 r5 r1
alu r6 r6 r2
alu r7 r7 r3
alu r8 r8 r4
sfu r9 r8
# normalise, scale and shift
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
alu r10 r10 r9
alu r11 r11 r5
alu r12 r12 r9
alu r13 r13 r5
# stream the tile out
st y r10
st y r11
st y r12
st y r13
st y r10
st y r11
st y r12
st y r13
st y r10
st y r11
st y r12
st y r13
endloop
endkernel

run md_force
run xs_lookup
run dgemm_panel
run bn_fwd
