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

/* A grey level that steps with the frame: the display shows it moving. */
void cpu_fill(void *buf, size_t size, unsigned long frame)
{
	memset(buf, (int)(frame * 4 % 256), size);
}
