/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cache.h - set-associative LRU tag arrays (L1 per SM, shared L2).
 *
 * Tags live in caller-owned arrays (inside the simulator state, so that a
 * snapshot is a plain copy).  Each set keeps its ways in recency order,
 * most recent first; bit 63 of a tag marks a dirty line.
 */
#ifndef SIM_CACHE_H
#define SIM_CACHE_H

#include "gpugov_shim.h"

#define CACHE_EMPTY	U64_MAX
#define CACHE_DIRTY	(1ULL << 63)

/*
 * A divisor with its reciprocal, for x % d without a division on the
 * simulator's hot paths (set, bank and channel of a line): for x < 2^32,
 * x % d = ((m * x mod 2^64) * d) >> 64 with m = ceil(2^64 / d) (Lemire,
 * Kaser, Kurz, "Faster remainder by direct computation", 2019); larger x
 * take the division.  The result is the same either way.
 */
struct sim_div {
	u64 m;
	u32 d;
};

static inline void sim_div_init(struct sim_div *q, u32 d)
{
	q->d = d;
	q->m = U64_MAX / d + 1;
}

static inline u32 sim_mod(const struct sim_div *q, u64 x)
{
	if (x >> 32)
		return (u32)(x % q->d);
	return (u32)(((unsigned __int128)(q->m * x) * q->d) >> 64);
}

struct cache_geom {
	struct sim_div sets;
	u32 ways;
};

void cache_geom_init(struct cache_geom *g, u32 kb, u32 ways);
void cache_clear(u64 *tags, const struct cache_geom *g);
int cache_access(u64 *tags, const struct cache_geom *g, u64 line, int write);
u64 cache_fill(u64 *tags, const struct cache_geom *g, u64 line, int dirty);
void cache_invalidate(u64 *tags, const struct cache_geom *g, u64 line);

#endif /* SIM_CACHE_H */
