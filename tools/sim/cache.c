// SPDX-License-Identifier: GPL-2.0
/*
 * cache.c - LRU set-associative tags: each set is an array of @ways tags
 * in recency order, so a hit or fill moves one tag to the front.
 */
#include "gpu_desc.h"

/* @kb of SIM_LINE_BYTES lines in sets of @ways. */
void cache_geom_init(struct cache_geom *g, u32 kb, u32 ways)
{
	sim_div_init(&g->sets, kb * 1024 / SIM_LINE_BYTES / ways);
	g->ways = ways;
}

void cache_clear(u64 *tags, const struct cache_geom *g)
{
	u64 i;

	for (i = 0; i < (u64)g->sets.d * g->ways; i++)
		tags[i] = CACHE_EMPTY;
}

static u64 *set_of(u64 *tags, const struct cache_geom *g, u64 line)
{
	return tags + (u64)sim_mod(&g->sets, line) * g->ways;
}

/* Move way @i of @set to the front (most recently used). */
static void to_front(u64 *set, u32 i)
{
	u64 t = set[i];

	for (; i; i--)
		set[i] = set[i - 1];
	set[0] = t;
}

/**
 * cache_access() - look up @line; on a hit make it most recent
 * @write: a hit marks the line dirty
 * Return: 1 on a hit, 0 on a miss (nothing is allocated).
 */
int cache_access(u64 *tags, const struct cache_geom *g, u64 line, int write)
{
	u64 *set = set_of(tags, g, line);
	u32 i;

	for (i = 0; i < g->ways; i++) {
		if (set[i] == CACHE_EMPTY)
			return 0;
		if ((set[i] & ~CACHE_DIRTY) == line) {
			if (write)
				set[i] |= CACHE_DIRTY;
			to_front(set, i);
			return 1;
		}
	}
	return 0;
}

/**
 * cache_fill() - insert @line (not present) as most recent
 * Return: the evicted tag (with its dirty bit) or CACHE_EMPTY.
 */
u64 cache_fill(u64 *tags, const struct cache_geom *g, u64 line, int dirty)
{
	u64 *set = set_of(tags, g, line);
	u64 victim = set[g->ways - 1];

	set[g->ways - 1] = line | (dirty ? CACHE_DIRTY : 0);
	to_front(set, g->ways - 1);
	return victim;
}

void cache_invalidate(u64 *tags, const struct cache_geom *g, u64 line)
{
	u64 *set = set_of(tags, g, line);
	u32 i;

	for (i = 0; i < g->ways; i++) {
		if (set[i] == CACHE_EMPTY)
			return;
		if ((set[i] & ~CACHE_DIRTY) == line) {
			/* close the gap, keep recency order */
			for (; i + 1 < g->ways; i++)
				set[i] = set[i + 1];
			set[g->ways - 1] = CACHE_EMPTY;
			return;
		}
	}
}
