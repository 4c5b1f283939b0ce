// SPDX-License-Identifier: GPL-2.0
/*
 * cpuwork.c - CPU work in units of one step of a 64-bit linear
 * congruential generator (Knuth's MMIX constants): a dependency chain the
 * compiler cannot fold, whose time scales with the CPU's clock as a
 * shader's loop scales with the GPU's.
 */
#include <string.h>
#include <time.h>

#include "cpuwork.h"

#define CPU_CAL_UNITS	2000000u
#define CPU_CAL_ROUNDS	7
#define CPU_BAND	16

static volatile uint64_t cpu_sink;

void cpu_work(uint64_t units)
{
	uint64_t x = units;

	for (uint64_t i = 0; i < units; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	cpu_sink = x;
}

static uint64_t cpu_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/*
 * The time of one unit: the fastest of a few rounds, which is the one
 * least disturbed and, once the cpufreq governor has raised the clock,
 * the one at the top OPP.
 */
double cpu_unit_ns(void)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < CPU_CAL_ROUNDS; i++) {
		uint64_t t0 = cpu_now_ns(), t;

		cpu_work(CPU_CAL_UNITS);
		t = cpu_now_ns() - t0;
		best = t < best ? t : best;
	}
	return best ? (double)best / CPU_CAL_UNITS : 1.0;
}

/*
 * A band of CPU_BAND lines whose grey steps with the frame, moving down
 * the screen: the display shows the frames change.  Only the band is
 * written: a dumb buffer is often uncached memory, where a whole 1080p
 * frame takes milliseconds to write, which would add to every frame's
 * work the same time whatever the --load.
 */
void cpu_fill(void *buf, uint32_t pitch, uint32_t height, unsigned long frame)
{
	uint32_t rows = height > CPU_BAND ? height - CPU_BAND : 1;
	uint32_t top = (uint32_t)(frame * CPU_BAND % rows);

	memset((char *)buf + (size_t)top * pitch, (int)(frame * 4 % 256),
	       (size_t)pitch * (height < CPU_BAND ? height : CPU_BAND));
}
