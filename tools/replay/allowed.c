// SPDX-License-Identifier: GPL-2.0
/*
 * allowed.c - read the allowed-OPP range of `run --allowed LO:HI` and the
 * schedule of `run --allowed-schedule FILE` (CSV rows "segment,lo,hi",
 * segments strictly ascending: from that segment on, OPPs lo..hi).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "allowed.h"
#include "replay.h"
#include "rows.h"

/* Return: NULL, or why the step cannot follow the others. */
static const char *add_step(struct allowed_sched *a, u32 seg, u32 lo, u32 hi)
{
	if (lo > hi)
		return "lo above hi";
	if (hi >= GPUGOV_MAX_OPPS)
		return "OPP index beyond any table";
	if (a->nr && seg <= a->step[a->nr - 1].seg)
		return "segments must be strictly ascending";
	if (a->nr == a->cap) {
		/* doubling: a step per segment stays linear in the file */
		u32 cap = a->cap ? 2 * a->cap : 16;
		struct allowed_step *s = cap > a->cap ?
			reallocarray(a->step, cap, sizeof(*s)) : NULL;

		if (!s)
			return "out of memory";
		a->step = s;
		a->cap = cap;
	}
	a->step[a->nr++] = (struct allowed_step){ seg, { lo, hi } };
	return NULL;
}

/**
 * allowed_parse_range() - "LO:HI", OPP indices, LO <= HI, for every segment
 * @arg: the option's argument
 * @a: schedule, empty; gets one step at segment 0
 *
 * Return: 0, or -1 if @arg is malformed (nothing added).
 */
int allowed_parse_range(const char *arg, struct allowed_sched *a)
{
	const char *colon = strchr(arg, ':');
	u32 lo, hi;

	if (!colon || parse_u32(arg, colon - arg, &lo) ||
	    parse_u32(colon + 1, strlen(colon + 1), &hi) || add_step(a, 0, lo, hi))
		return -1;
	return 0;
}

static const char *step_row(char **f, int n, void *ctx)
{
	u32 seg, lo, hi;

	if (n != 3)
		return "not 3 fields";
	if (parse_u32(f[0], strlen(f[0]), &seg) ||
	    parse_u32(f[1], strlen(f[1]), &lo) || parse_u32(f[2], strlen(f[2]), &hi))
		return "a field is not an unsigned number";
	return add_step(ctx, seg, lo, hi);
}

/**
 * allowed_load() - read a schedule file
 * @path: CSV with the header "segment,lo,hi"
 * @a: schedule, empty
 *
 * Return: 0, or an EXIT_* code after naming the file and line.
 */
int allowed_load(const char *path, struct allowed_sched *a)
{
	int ret = read_rows(path, "segment,lo,hi", step_row, a);

	if (ret)
		allowed_free(a);
	return ret;
}

/**
 * allowed_at() - the OPPs allowed at segment @seg of a table of @nr_opps
 * @a: schedule
 * @seg: segment
 * @nr_opps: table size, at least 1
 * @r: the range, within the table (a bound beyond it means its top)
 */
void allowed_at(const struct allowed_sched *a, u32 seg, u32 nr_opps,
		struct gpugov_opp_range *r)
{
	u32 lo = 0, hi = a->nr;

	/*
	 * Binary search for the steps at or before @seg ([0, lo)): every
	 * policy asks at every segment, and a schedule may have a step at
	 * each, so a scan from the first step would be quadratic.
	 */
	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (a->step[mid].seg <= seg)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo) {
		*r = a->step[lo - 1].r;
	} else {
		r->lo = 0;
		r->hi = nr_opps - 1;
	}
	r->hi = min_t(u32, r->hi, nr_opps - 1);
	r->lo = min_t(u32, r->lo, r->hi);
}

void allowed_free(struct allowed_sched *a)
{
	free(a->step);
	memset(a, 0, sizeof(*a));
}
