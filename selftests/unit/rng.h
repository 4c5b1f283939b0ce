/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rng.h - a small seeded generator (xorshift64*) so that randomized tests
 * are repeatable: the same seed always gives the same cases.
 */
#ifndef GPUGOV_TEST_RNG_H
#define GPUGOV_TEST_RNG_H

#include <math.h>
#include <stdint.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static inline void rng_seed(uint64_t seed)
{
	rng_state = seed ? seed : 0x9e3779b97f4a7c15ULL;
}

static inline uint64_t rng_u64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* uniform in [0, 1) */
static inline double rng_unit(void)
{
	return (double)(rng_u64() >> 11) / 9007199254740992.0;
}

/* uniform integer in [lo, hi] */
static inline uint64_t rng_range(uint64_t lo, uint64_t hi)
{
	return lo + rng_u64() % (hi - lo + 1);
}

/* log-uniform in [lo, hi] */
static inline double rng_log(double lo, double hi)
{
	return lo * exp(rng_unit() * log(hi / lo));
}

#endif /* GPUGOV_TEST_RNG_H */
