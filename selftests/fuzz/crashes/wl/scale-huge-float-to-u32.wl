#fuzz: scale=1e300
kernel k
  grid 1
  block 32
  array a stream footprint 1k
  code
    ld r1 a
    alu r2 r1
endkernel
run k
