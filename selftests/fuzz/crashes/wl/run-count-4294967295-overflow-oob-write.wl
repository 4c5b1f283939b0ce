kernel k
  grid 1
  block 32
  code
    alu r1
endkernel
run k
run k 4294967295
