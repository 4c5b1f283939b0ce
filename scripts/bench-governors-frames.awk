# bench-governors-frames.awk - one synthetic game for
# scripts/bench-governors-frames.sh, as `gpugov-replay import csv` reads it
# (docs/trace-format.md): awk -v mem=M -v noise=N -v seed=S -v frames=F.
#
# A frame takes w * (mem + (1 - mem) * f_top / f) at core clock f: the share
# mem of its time at the top clock waits on a memory clock that stays
# fixed, the rest scales with the core clock (CRISP eq. (2)).  Its work w
# is 8 ms at the top clock, varied uniformly by +-noise % from frame to
# frame (noise 0: every frame alike).  Six OPPs, 177-543 MHz at 0.80-1.05 V,
# the shape of a mid-range Mali's table; busy power
#	P = 0.25 W * V + 2.2 W * V^2 * f / GHz * (1 - mem / 2)
# (leakage and a dynamic part; cores stalled on memory switch less).
BEGIN {
	srand(seed)
	n = split("177 266 350 420 480 543", mhz, " ")
	split("0.80 0.85 0.90 0.95 1.00 1.05", volt, " ")
	print "kernel,core_mhz,time_ms,power_w"
	for (k = 0; k < frames; k++) {
		w = 8 * (1 + noise / 100 * (2 * rand() - 1))
		for (i = 1; i <= n; i++) {
			v = volt[i]
			printf "f%04d,%d,%.6f,%.6f\n", k, mhz[i],
			       w * (mem + (1 - mem) * mhz[n] / mhz[i]),
			       0.25 * v + 2.2 * v * v * mhz[i] / 1000 * (1 - mem / 2)
		}
	}
}
