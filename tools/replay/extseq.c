// SPDX-License-Identifier: GPL-2.0
/*
 * extseq.c - read OPP sequences (workload,policy,segment,opp,core_khz,
 * mem_khz rows, segments in order from 0) for `run --external`.
 *
 * A file may hold many workloads, each with its policies, their rows in
 * any interleaving: each row finds its sequence through a hash table, and
 * each trace its workload's sequences by a binary search, so that the cost
 * stays linear in the file (and in the traces) rather than their product.
 */
#include <stdlib.h>
#include <string.h>
#include "extseq.h"
#include "replay.h"
#include "rows.h"

/*
 * While loading: sequence i is found at slot[h] == i + 1 for the first
 * h from hash(workload, policy) on (0: an empty slot).
 */
struct loader {
	struct extseq_set *set;
	u32 *slot;
	u32 nr_slots;	/* a power of two, at least twice set->nr */
};

/* FNV-1a over the workload, a NUL and the policy */
static u32 name_hash(const char *wl, const char *pol)
{
	const char *s[] = { wl, pol };
	u32 h = 2166136261u;
	int i;

	for (i = 0; i < 2; i++) {
		const unsigned char *p = (const unsigned char *)s[i];

		do
			h = (h ^ *p) * 16777619u;
		while (*p++);
	}
	return h;
}

static u32 *find_slot(const struct loader *ld, const char *wl, const char *pol)
{
	u32 h = name_hash(wl, pol) & (ld->nr_slots - 1);

	for (;;) {
		u32 *slot = &ld->slot[h];
		const struct extseq *s;

		if (!*slot)
			return slot;
		s = &ld->set->seq[*slot - 1];
		if (!strcmp(s->workload, wl) && !strcmp(s->policy, pol))
			return slot;
		h = (h + 1) & (ld->nr_slots - 1);
	}
}

/* Room for one more sequence, in the set and in the table; 0 or -1. */
static int grow(struct loader *ld)
{
	struct extseq_set *set = ld->set;
	u32 i;

	if (set->nr == set->cap) {
		u32 cap = set->cap ? 2 * set->cap : 16;
		struct extseq *s = cap > set->cap ?
			reallocarray(set->seq, cap, sizeof(*s)) : NULL;

		if (!s)
			return -1;
		set->seq = s;
		set->cap = cap;
	}
	if (2 * (set->nr + 1) <= ld->nr_slots)
		return 0;
	free(ld->slot);
	ld->nr_slots = ld->nr_slots ? 2 * ld->nr_slots : 64;
	ld->slot = calloc(ld->nr_slots, sizeof(*ld->slot));
	if (!ld->slot)
		return -1;
	for (i = 0; i < set->nr; i++)
		*find_slot(ld, set->seq[i].workload, set->seq[i].policy) = i + 1;
	return 0;
}

static struct extseq *find_or_add(struct loader *ld, const char *wl, const char *pol)
{
	struct extseq_set *set = ld->set;
	struct extseq *s;
	u32 *slot;

	if (ld->nr_slots) {
		slot = find_slot(ld, wl, pol);
		if (*slot)
			return &set->seq[*slot - 1];
	}
	if (grow(ld))
		return NULL;
	s = &set->seq[set->nr];
	memset(s, 0, sizeof(*s));
	strcpy(s->workload, wl);
	strcpy(s->policy, pol);
	s->order = set->nr++;
	*find_slot(ld, wl, pol) = set->nr;
	return s;
}

static const char *seq_row(char **f, int n, void *ctx)
{
	struct extseq *s;
	u32 seg, opp, khz;

	if (n != 6)
		return "not 6 fields";
	if (!f[0][0] || strlen(f[0]) >= sizeof(s->workload))
		return "the workload must be 1 to 63 characters";
	if (!f[1][0] || strlen(f[1]) >= sizeof(s->policy))
		return "the policy must be 1 to 39 characters";
	if (parse_u32(f[2], strlen(f[2]), &seg) || parse_u32(f[3], strlen(f[3]), &opp) ||
	    parse_u32(f[4], strlen(f[4]), &khz) || parse_u32(f[5], strlen(f[5]), &khz))
		return "segment, opp, core_khz or mem_khz is not an unsigned number";
	if (opp >= GPUGOV_MAX_OPPS)
		return "OPP index beyond any table";
	s = find_or_add(ctx, f[0], f[1]);
	if (!s)
		return "out of memory";
	if (seg != s->n)
		return "the policy's segments must come in order from 0";
	if (s->n == s->cap) {
		u32 cap = s->cap ? 2 * s->cap : 64;
		u32 *p = cap > s->cap ? reallocarray(s->opp, cap, sizeof(*p)) : NULL;

		if (!p)
			return "out of memory";
		s->opp = p;
		s->cap = cap;
	}
	s->opp[s->n++] = opp;
	return NULL;
}

static int by_workload(const void *a, const void *b)
{
	const struct extseq *x = a, *y = b;
	int c = strcmp(x->workload, y->workload);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/**
 * extseq_load() - read a sequence file
 * @path: CSV with the header "workload,policy,segment,opp,core_khz,mem_khz"
 * @set: filled on success (then free it with extseq_free()), empty on failure
 *
 * Return: 0, or an EXIT_* code after naming the file and line.
 */
int extseq_load(const char *path, struct extseq_set *set)
{
	struct loader ld = { .set = set };
	int ret;

	memset(set, 0, sizeof(*set));
	ret = read_rows(path, "workload,policy,segment,opp,core_khz,mem_khz",
			seq_row, &ld);
	free(ld.slot);
	if (ret)
		extseq_free(set);
	else if (set->nr)
		qsort(set->seq, set->nr, sizeof(*set->seq), by_workload);
	return ret;
}

/**
 * extseq_find() - the sequences of one workload
 * @set: as loaded
 * @workload: its name
 * @nr: how many it has (0: none)
 *
 * Return: the first of them; the others follow, in the file's order.
 * NULL if the set is empty (no --external: its array is NULL, and even
 * NULL + 0 is undefined).
 */
const struct extseq *extseq_find(const struct extseq_set *set, const char *workload,
				 u32 *nr)
{
	u32 lo = 0, hi = set->nr, end;

	*nr = 0;
	if (!set->nr)
		return NULL;
	while (lo < hi) {	/* the first sequence not before @workload */
		u32 mid = lo + (hi - lo) / 2;

		if (strcmp(set->seq[mid].workload, workload) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < set->nr && !strcmp(set->seq[end].workload, workload); end++)
		;
	*nr = end - lo;
	return set->seq + lo;
}

void extseq_free(struct extseq_set *set)
{
	u32 i;

	for (i = 0; i < set->nr; i++)
		free(set->seq[i].opp);
	free(set->seq);
	memset(set, 0, sizeof(*set));
}
