// SPDX-License-Identifier: GPL-2.0
/*
 * rtsum_read.c - the real-time bench's CSV (scripts/bench-realtime.sh)
 * read for `gpugov-replay realtime-summary`: every column checked, each
 * row kept once with the indices of its cell and policy, then the rows
 * grouped by cell and by policy, and each cell's baselines found among
 * its own rows.  Nothing here is per cell and policy: memory and time
 * grow with the rows (a matrix of the two once took 604 MB for 4,000
 * rows).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "replay.h"
#include "rows.h"
#include "rtsum.h"
#include "strnum.h"
#include "table.h"

/* @p, or the end of the run if an allocation or insertion failed (@bad) */
void *rts_must(void *p, bool bad)
{
	if (!p || bad) {
		fprintf(stderr, "gpugov-replay realtime-summary: out of memory\n");
		exit(EXIT_FAILURE_RUN);
	}
	return p;
}

void *rts_grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return p;
	while (n < need)
		n *= 2;
	p = rts_must(realloc(p, n * size), false);
	*cap = n;
	return p;
}

/* A copy of @s kept until rts_free() (a map's key, a name). */
char *rts_keep(struct rts *r, const char *s)
{
	char *k = rts_must(strdup(s), false);

	r->keys = rts_grow(r->keys, &r->cap_keys, r->nr_keys + 1, sizeof(*r->keys));
	r->keys[r->nr_keys++] = k;
	return k;
}

/* The index of @name in @n, added if new. */
size_t rts_name_index(struct rts *r, struct rts_names *n, const char *name)
{
	size_t i;

	if (strmap_get(&n->ix, name, &i))
		return i;
	n->name = rts_grow(n->name, &n->cap, n->nr + 1, sizeof(*n->name));
	n->name[n->nr] = rts_keep(r, name);
	rts_must(n, strmap_put(&n->ix, n->name[n->nr], n->nr));
	return n->nr++;
}

/* @policy as a row of the summary in @name (see struct rts_pol). */
static void pol_name(const char *policy, char *name, size_t size, bool *od, bool *sweep)
{
	size_t n = strlen(RTS_SWEEP);

	*sweep = !strncmp(policy, RTS_SWEEP, n);
	*od = !*sweep && !strncmp(policy, RTS_OD "-", strlen(RTS_OD) + 1);
	if (*od)
		snprintf(name, size, RTS_OD);
	else if (*sweep)
		snprintf(name, size, "%.*s", (int)(n + strcspn(policy + n, "/")), policy);
	else
		snprintf(name, size, "%s", policy);
}

/* The index of policy @policy of group @group, added if new. */
static size_t pol_index(struct rts *r, size_t group, const char *policy)
{
	char name[TABLE_CELL], key[TABLE_CELL + 24];
	bool od, sweep;
	size_t i;

	pol_name(policy, name, sizeof(name), &od, &sweep);
	snprintf(key, sizeof(key), "%zu,%s", group, name);
	if (strmap_get(&r->pol_ix, key, &i))
		return i;
	r->pol = rts_grow(r->pol, &r->cap_pol, r->nr_pol + 1, sizeof(*r->pol));
	r->pol[r->nr_pol] = (struct rts_pol){ .group = group, .name = rts_keep(r, name),
					      .od = od, .sweep = sweep };
	rts_must(r, strmap_put(&r->pol_ix, rts_keep(r, key), r->nr_pol));
	return r->nr_pol++;
}

/* The index of the cell of row @f, added if new. */
static size_t cell_index(struct rts *r, char **f, size_t group, u32 hz, u32 load)
{
	char key[5 * TABLE_CELL];
	size_t i;

	/* the numbers as read: 060 and 60 are one rate */
	snprintf(key, sizeof(key), "%s,%s,%u,%u,%s", f[0], f[1], hz, load, f[4]);
	if (strmap_get(&r->cell_ix, key, &i))
		return i;
	r->cell = rts_grow(r->cell, &r->cap_cell, r->nr_cell + 1, sizeof(*r->cell));
	r->cell[r->nr_cell] = (struct rts_cell){
		.group = group, .profile = rts_name_index(r, &r->prof, f[1]),
		.view = rts_keep(r, f[0]), .workload = rts_keep(r, f[4]), .hz = hz, .load = load,
		.steady = !strncmp(f[4], RTS_STEADY, strlen(RTS_STEADY)),
		.od = -1, .oracle = -1, .fw = -1,
	};
	rts_must(r, strmap_put(&r->cell_ix, rts_keep(r, key), r->nr_cell));
	return r->nr_cell++;
}

/* A whole number in @lo..@hi from field @s into @v; 0 if it is one. */
static int whole(const char *s, u32 lo, u32 hi, u32 *v)
{
	return parse_u32(s, strlen(s), v) || *v < lo || *v > hi;
}

static const char *rts_row(char **f, int n, void *ctx)
{
	struct rts *r = ctx;
	char group[TABLE_CELL], pair[48];
	u32 hz, load, janked, frames, sw;
	double e, worst, dps;
	size_t c, p, g, seen;
	int i;

	if (n != 12)
		return "not 12 fields";
	for (i = 0; i < 6; i++)
		if (!f[i][0] || strlen(f[i]) >= TABLE_CELL)
			return "an empty or over-long name";
	/* `realtime --hz` and --load take these; a frame count of 0 has no rate */
	if (whole(f[2], 1, U32_MAX, &hz))
		return "hz is not a whole number >= 1";
	if (whole(f[3], 1, 100, &load))
		return "load is not a whole number 1..100";
	if (whole(f[8], 1, U32_MAX, &frames))
		return "frames is not a whole number >= 1";
	if (whole(f[7], 0, frames, &janked))
		return "janked is not a whole number 0..frames";
	if (whole(f[10], 0, U32_MAX, &sw))
		return "switches is not a whole number >= 0";
	if (parse_finite(f[6], &e) || e < 0 || parse_finite(f[9], &worst) || worst < 0 ||
	    parse_finite(f[11], &dps) || dps < 0)
		return "energy, worst_ms or decisions_per_s is not a number >= 0";
	snprintf(group, sizeof(group), "%.*s", (int)strcspn(f[0], "-"), f[0]);
	g = rts_name_index(r, &r->group, group);
	p = pol_index(r, g, f[5]);
	c = cell_index(r, f, g, hz, load);
	snprintf(pair, sizeof(pair), "%zu,%zu", c, p);
	if (strmap_get(&r->pair_ix, pair, &seen))
		return "a policy twice in one cell";
	rts_must(r, strmap_put(&r->pair_ix, rts_keep(r, pair), 0));
	r->row = rts_grow(r->row, &r->cap_row, r->nr_row + 1, sizeof(*r->row));
	r->row[r->nr_row++] = (struct rts_row){ .cell = c, .pol = p, .e = e, .j = janked,
						.worst = worst, .sw = sw,
						.secs = (double)frames / hz, .dps = dps };
	return NULL;
}

/*
 * The rows' indices grouped by cell (@by_cell) or by policy, each group in
 * the order of the rows: group k's start at @first[k], @count[k] of them
 * (@nr groups).  A counting sort: linear in the rows and groups.
 */
static size_t *group_rows(const struct rts *r, bool by_cell, size_t nr, size_t *first,
			  size_t *count)
{
	size_t *order = rts_must(malloc((r->nr_row + 1) * sizeof(*order)), false);
	size_t i, k, at = 0;

	memset(count, 0, nr * sizeof(*count));
	for (i = 0; i < r->nr_row; i++)
		count[by_cell ? r->row[i].cell : r->row[i].pol]++;
	for (k = 0; k < nr; k++) {
		first[k] = at;
		at += count[k];
		count[k] = 0;
	}
	for (i = 0; i < r->nr_row; i++) {
		k = by_cell ? r->row[i].cell : r->row[i].pol;
		order[first[k] + count[k]++] = i;
	}
	return order;
}

/* Group the rows (struct rts_cell, struct rts_pol) and find each cell's baselines. */
static void index_rows(struct rts *r)
{
	size_t n = r->nr_cell > r->nr_pol ? r->nr_cell : r->nr_pol;
	size_t *first = rts_must(malloc((n + 1) * sizeof(*first)), false);
	size_t *count = rts_must(malloc((n + 1) * sizeof(*count)), false);
	size_t k, i;

	r->order = group_rows(r, true, r->nr_cell, first, count);
	for (k = 0; k < r->nr_cell; k++) {
		struct rts_cell *c = &r->cell[k];

		c->first = first[k];
		c->nr = count[k];
		for (i = c->first; i < c->first + c->nr; i++) {
			const struct rts_pol *p = &r->pol[r->row[r->order[i]].pol];

			if (p->od)
				c->od = (long)r->order[i];
			else if (!strcmp(p->name, RTS_ORACLE))
				c->oracle = (long)r->order[i];
			else if (!strcmp(p->name, RTS_FW))
				c->fw = (long)r->order[i];
		}
	}
	r->pol_order = group_rows(r, false, r->nr_pol, first, count);
	for (k = 0; k < r->nr_pol; k++) {
		r->pol[k].first = first[k];
		r->pol[k].nr = count[k];
	}
	free(first);
	free(count);
}

/**
 * rts_read() - read the bench CSV @path into @r (zeroed)
 * @r: the rows, cells and policies, to be freed by rts_free()
 * @path: the CSV
 *
 * Return: 0; EXIT_FAILURE_RUN if @path cannot be read; EXIT_USAGE if a
 * row is malformed (the file and line named on stderr) or there is none.
 */
int rts_read(struct rts *r, const char *path)
{
	int ret = read_rows(path, RTS_HEADER, rts_row, r);

	if (!ret && !r->nr_row) {
		fprintf(stderr, "gpugov-replay realtime-summary: %s: no rows\n", path);
		ret = EXIT_USAGE;
	}
	if (!ret)
		index_rows(r);
	return ret;
}

void rts_free(struct rts *r)
{
	size_t i;

	for (i = 0; i < r->nr_keys; i++)
		free(r->keys[i]);
	free(r->keys);
	free(r->row);
	free(r->cell);
	free(r->pol);
	free(r->order);
	free(r->pol_order);
	free(r->group.name);
	free(r->prof.name);
	strmap_free(&r->group.ix);
	strmap_free(&r->prof.ix);
	strmap_free(&r->cell_ix);
	strmap_free(&r->pol_ix);
	strmap_free(&r->pair_ix);
}

/* The policy @name of group @group (as the summary names it), -1 if none. */
long rts_find_pol(const struct rts *r, size_t group, const char *name)
{
	char key[TABLE_CELL + 24];
	size_t i;

	snprintf(key, sizeof(key), "%zu,%s", group, name);
	return strmap_get(&r->pol_ix, key, &i) ? (long)i : -1;
}
