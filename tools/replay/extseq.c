// SPDX-License-Identifier: GPL-2.0
/*
 * extseq.c - read OPP sequences (workload,policy,segment,opp,core_khz,
 * mem_khz rows, segments in order from 0) for `run --external`.
 */
#include <stdlib.h>
#include <string.h>
#include "extseq.h"
#include "replay.h"
#include "rows.h"

static struct extseq *find_or_add(struct extseq_set *set, const char *wl,
				  const char *pol)
{
	struct extseq *s;
	u32 i;

	for (i = 0; i < set->nr; i++)
		if (!strcmp(set->seq[i].workload, wl) && !strcmp(set->seq[i].policy, pol))
			return &set->seq[i];
	s = realloc(set->seq, (set->nr + 1) * sizeof(*s));
	if (!s)
		return NULL;
	set->seq = s;
	s = &set->seq[set->nr++];
	memset(s, 0, sizeof(*s));
	snprintf(s->workload, sizeof(s->workload), "%s", wl);
	snprintf(s->policy, sizeof(s->policy), "%s", pol);
	return s;
}

static int seq_row(char **f, int n, void *ctx)
{
	struct extseq *s;
	u32 seg, opp;

	if (n != 6 || parse_u32(f[2], strlen(f[2]), &seg) ||
	    parse_u32(f[3], strlen(f[3]), &opp) || opp >= GPUGOV_MAX_OPPS)
		return -1;
	s = find_or_add(ctx, f[0], f[1]);
	if (!s || seg != s->n)
		return -1;	/* segments must come in order from 0 */
	if (s->n == s->cap) {
		u32 *p = realloc(s->opp, (s->cap ? 2 * s->cap : 64) * sizeof(*p));

		if (!p)
			return -1;
		s->opp = p;
		s->cap = s->cap ? 2 * s->cap : 64;
	}
	s->opp[s->n++] = opp;
	return 0;
}

int extseq_load(const char *path, struct extseq_set *set)
{
	memset(set, 0, sizeof(*set));
	return read_rows(path, "workload,policy,segment,opp,core_khz,mem_khz",
			 seq_row, set);
}

void extseq_free(struct extseq_set *set)
{
	u32 i;

	for (i = 0; i < set->nr; i++)
		free(set->seq[i].opp);
	free(set->seq);
	memset(set, 0, sizeof(*set));
}
