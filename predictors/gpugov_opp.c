// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_opp.c - OPP table validation and lookup.
 */
#include "gpugov_sample.h"

/**
 * gpugov_opp_table_check() - is @t usable by the models and policies?
 * @t: table to check
 *
 * Valid tables have 1..GPUGOV_MAX_OPPS entries with non-zero core clocks in
 * strictly ascending (core_khz, mem_khz) order, and either every entry or
 * none carries an energy-model power (the two power models are not mixed).
 *
 * Return: 0 if valid, -1 otherwise.
 */
int gpugov_opp_table_check(const struct gpugov_opp_table *t)
{
	u32 i, with_power = 0;

	if (!t->nr || t->nr > GPUGOV_MAX_OPPS)
		return -1;
	for (i = 0; i < t->nr; i++) {
		const struct gpugov_opp *o = &t->opp[i];

		if (!o->core_khz)
			return -1;
		if (o->power_uw)
			with_power++;
		if (i && (o->core_khz < o[-1].core_khz ||
			  (o->core_khz == o[-1].core_khz &&
			   o->mem_khz <= o[-1].mem_khz)))
			return -1;
	}
	return (with_power && with_power != t->nr) ? -1 : 0;
}

static u32 khz_dist(u32 a, u32 b)
{
	return a > b ? a - b : b - a;
}

/**
 * gpugov_opp_nearest() - index of the OPP closest to the given clocks
 * @t: a valid table
 * @core_khz: core clock
 * @mem_khz: memory clock (ignored where the table or the caller has none)
 *
 * Closest core clock first, then closest memory clock; ties go to the
 * lower index.  The table ascends in core clock, so the closest core
 * clocks are the last one below @core_khz and the first one at or above
 * it: a binary search finds them, and only their OPPs (one per memory
 * clock) are compared by memory clock.  It runs at every decision.
 */
u32 gpugov_opp_nearest(const struct gpugov_opp_table *t, u32 core_khz,
		       u32 mem_khz)
{
	u32 lo = 0, hi = t->nr, mid, first, last, best, i;

	/* lo: the first OPP whose core clock is at least core_khz */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->opp[mid].core_khz < core_khz)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	last = lo;
	if (lo == t->nr || (lo && core_khz - t->opp[lo - 1].core_khz <=
				  t->opp[lo].core_khz - core_khz))
		first = lo - 1;		/* the clock below is as close, or closer */
	if (lo == t->nr || (lo && core_khz - t->opp[lo - 1].core_khz <
				  t->opp[lo].core_khz - core_khz))
		last = lo - 1;		/* only the clock below */
	while (first && t->opp[first - 1].core_khz == t->opp[first].core_khz)
		first--;
	while (last + 1 < t->nr &&
	       t->opp[last + 1].core_khz == t->opp[last].core_khz)
		last++;
	if (!mem_khz)
		return first;
	best = first;
	for (i = first + 1; i <= last; i++)
		if (khz_dist(t->opp[i].mem_khz, mem_khz) <
		    khz_dist(t->opp[best].mem_khz, mem_khz))
			best = i;
	return best;
}
