kernel k
  grid 1
  block 32
  array a stream footprint 18014398509481985k
  code
    ld r1 a
endkernel
run k
