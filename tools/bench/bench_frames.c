// SPDX-License-Identifier: GPL-2.0
/*
 * bench_frames.c - one synthetic game of `make bench-governors`
 * (scripts/bench-governors-frames.sh), as `gpugov-replay import csv`
 * reads it (docs/trace-format.md).
 *
 * usage: bench_frames MEM NOISE SEED FRAMES [EVERY LO HI] > game.csv
 *
 * A frame takes w * (mem + (1 - mem) * f_top / f) at core clock f: the
 * share MEM % of its time at the top clock waits on a memory clock that
 * stays fixed, the rest scales with the core clock (CRISP eq. (2)).  Its
 * work w is 8 ms at the top clock, varied uniformly by +-NOISE % from
 * frame to frame (0: every frame alike), drawn from a generator seeded
 * with SEED.  With EVERY, a game with heavy frames: about every EVERY
 * frames (the gap drawn from EVERY - 1 .. EVERY + 1) one frame's work is
 * multiplied by a factor drawn from LO..HI % (a scene's expensive pass,
 * a shadow-map refresh, a physics step every few frames).  Six OPPs, 177-543 MHz at 0.80-1.05 V, the shape of a
 * mid-range Mali's table; busy power
 *	P = 0.25 W * V + 2.2 W * V^2 * f / GHz * (1 - mem / 2)
 * (leakage and a dynamic part; cores stalled on memory switch less).
 *
 * Everything is integer arithmetic (ns, uW, mV, MHz), each quotient
 * rounded to nearest once, so that every machine, compiler and libc
 * writes the same bytes: the figures in docs/results.md are made from
 * these games, and awk's rand() made different ones under mawk and gawk.
 */
#include <stdio.h>
#include <string.h>

#include "strnum.h"

#define WORK_NS		8000000ULL	/* a frame's work at the top clock */
#define MAX_FRAMES	1000000U

static const u64 opp_mhz[] = { 177, 266, 350, 420, 480, 543 };
static const u64 opp_mv[] = { 800, 850, 900, 950, 1000, 1050 };
#define NR_OPPS (sizeof(opp_mhz) / sizeof(opp_mhz[0]))

/* splitmix64: a seed of any value, 0 included, gives a full sequence. */
static u64 next_rand(u64 *state)
{
	u64 z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static u64 div_round(u64 num, u64 den)
{
	return (num + den / 2) / den;
}

/* Frame time at OPP @i of work @w_ns with @mem % of it memory-bound. */
static u64 frame_ns(u64 w_ns, u64 mem, size_t i)
{
	u64 top = opp_mhz[NR_OPPS - 1];

	return div_round(w_ns * (mem * opp_mhz[i] + (100 - mem) * top),
			 100 * opp_mhz[i]);
}

/* Busy power in uW at OPP @i with @mem % of the time memory-bound. */
static u64 power_uw(u64 mem, size_t i)
{
	u64 mv = opp_mv[i];

	/* 0.25 W * V = 250 uW/mV; 2.2 W * V^2 * f / GHz * (200 - mem) / 200 */
	return 250 * mv + div_round(22 * mv * mv * opp_mhz[i] * (200 - mem),
				    2000000);
}

/* Fixed-point @v millionths as "INT.FRAC" with six decimals. */
static int print_micro(u64 v, char sep)
{
	return printf("%llu.%06llu%c", (unsigned long long)(v / 1000000),
		      (unsigned long long)(v % 1000000), sep) < 0;
}

static int arg_u32(const char *what, const char *s, u32 max, u32 *out)
{
	if (parse_u32(s, strlen(s), out) || *out > max) {
		fprintf(stderr, "bench_frames: %s: bad value '%s' (0 to %u)\n",
			what, s, max);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	u32 mem, noise, seed, frames, k, every = 0, lo = 100, hi = 100;
	u32 next_heavy = 0;
	u64 state, spread;
	size_t i;
	int bad;

	if (argc != 5 && argc != 8) {
		fprintf(stderr, "usage: bench_frames MEM NOISE SEED FRAMES [EVERY LO HI] > game.csv\n"
			"  MEM, NOISE: %% (0-100, 0-99); SEED: any u32; FRAMES: 0-%u\n"
			"  EVERY: a heavy frame about every EVERY frames (2-1000),\n"
			"  its work LO..HI %% of a frame's (100-1000, LO <= HI)\n",
			MAX_FRAMES);
		return 2;
	}
	if (arg_u32("MEM", argv[1], 100, &mem) ||
	    arg_u32("NOISE", argv[2], 99, &noise) ||
	    arg_u32("SEED", argv[3], U32_MAX, &seed) ||
	    arg_u32("FRAMES", argv[4], MAX_FRAMES, &frames))
		return 2;
	if (argc == 8 &&
	    (arg_u32("EVERY", argv[5], 1000, &every) ||
	     arg_u32("LO", argv[6], 1000, &lo) ||
	     arg_u32("HI", argv[7], 1000, &hi)))
		return 2;
	if (argc == 8 && (every < 2 || lo < 100 || hi < lo)) {
		fprintf(stderr, "bench_frames: need EVERY >= 2 and 100 <= LO <= HI\n");
		return 2;
	}

	state = seed;
	/* w_ns is uniform over [WORK_NS - spread, WORK_NS + spread] */
	spread = WORK_NS * noise / 100;
	if (every)
		next_heavy = every - 1 + next_rand(&state) % 3;
	bad = printf("kernel,core_mhz,time_ms,power_w\n") < 0;
	for (k = 0; k < frames && !bad; k++) {
		u64 w_ns = WORK_NS - spread + next_rand(&state) % (2 * spread + 1);

		if (every && k == next_heavy) {
			w_ns = div_round(w_ns * (lo + next_rand(&state) %
						 (hi - lo + 1)), 100);
			next_heavy += every - 1 + next_rand(&state) % 3;
		}

		for (i = 0; i < NR_OPPS && !bad; i++)
			bad = printf("f%04u,%llu,", k,
				     (unsigned long long)opp_mhz[i]) < 0 ||
			      print_micro(frame_ns(w_ns, mem, i), ',') ||
			      print_micro(power_uw(mem, i), '\n');
	}
	if (bad || fflush(stdout) || ferror(stdout)) {
		perror("bench_frames: write");
		return 1;
	}
	return 0;
}
