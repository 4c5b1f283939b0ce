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

struct cache_geom {
	u32 sets;
	u32 ways;
};

void cache_clear(u64 *tags, struct cache_geom g);
int cache_access(u64 *tags, struct cache_geom g, u64 line, int write);
u64 cache_fill(u64 *tags, struct cache_geom g, u64 line, int dirty);
void cache_invalidate(u64 *tags, struct cache_geom g, u64 line);

#endif /* SIM_CACHE_H */
