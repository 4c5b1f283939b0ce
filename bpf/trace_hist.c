// SPDX-License-Identifier: GPL-2.0
/*
 * trace_hist.c - read the BPF histogram maps and print them per device.
 *
 * Residency: for each core clock the number of intervals spent there,
 * how many had busy time, and their total and busy time.  The intervals
 * of a device add up to its decisions (one sample per decision).
 *
 * Prediction error: each decision predicts the busy time of the last
 * interval's work at the OPP it chooses; where the next interval ran there
 * and was busy, |measured - predicted| / measured in permille goes to a
 * log2 histogram, split by sign ("under": predicted less than measured).
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>

#include "gpugov_trace.h"
#include "trace_hist.h"
#include "trace_live.h"

#define MAX_ENTRIES	4096
#define BAR_WIDTH	30

struct res_entry {
	struct gt_res_key k;
	struct gt_res_val v;
};

struct err_entry {
	struct gt_err_key k;
	struct gt_err_hist h;
};

static int res_cmp(const void *a, const void *b)
{
	const struct res_entry *x = a, *y = b;
	int c = strncmp(x->k.dev, y->k.dev, GT_DEV_LEN);

	if (c)
		return c;
	return x->k.khz < y->k.khz ? -1 : x->k.khz > y->k.khz;
}

static int err_cmp(const void *a, const void *b)
{
	const struct err_entry *x = a, *y = b;
	int c = strncmp(x->k.dev, y->k.dev, GT_DEV_LEN);

	if (c)
		return c;
	if (x->k.predictor != y->k.predictor)
		return x->k.predictor < y->k.predictor ? -1 : 1;
	return x->k.over < y->k.over ? -1 : x->k.over > y->k.over;
}

static bool same_model(const struct gt_err_key *a, const struct gt_err_key *b)
{
	return !strncmp(a->dev, b->dev, GT_DEV_LEN) && a->predictor == b->predictor;
}

/*
 * Copy a hash map's entries into @out, an array of @esz-byte entries with
 * the key first and the value at @voff; returns how many, or -errno.
 */
static int dump_map(int fd, void *out, size_t ksz, size_t voff, size_t esz,
		    int max)
{
	char prev[sizeof(struct gt_err_key) > sizeof(struct gt_res_key) ?
		  sizeof(struct gt_err_key) : sizeof(struct gt_res_key)];
	char *p = out;
	void *cur = NULL;
	int n = 0;

	while (n < max && !bpf_map_get_next_key(fd, cur, p)) {
		if (bpf_map_lookup_elem(fd, p, p + voff))
			return -errno;
		memcpy(prev, p, ksz);
		cur = prev;
		p += esz;
		n++;
	}
	return n;
}

/**
 * gt_hist_print_residency() - print the residency map
 * @f: output
 * @map_fd: the "residency" map
 *
 * Return: 0, or -errno if the map could not be read.
 */
int gt_hist_print_residency(FILE *f, int map_fd)
{
	static struct res_entry e[MAX_ENTRIES];
	struct gt_res_val tot;
	int n, i, first;

	n = dump_map(map_fd, e, sizeof(e[0].k), offsetof(struct res_entry, v),
		     sizeof(e[0]), MAX_ENTRIES);
	if (n < 0)
		return n;
	qsort(e, n, sizeof(e[0]), res_cmp);
	for (first = 0; first < n; first = i) {
		memset(&tot, 0, sizeof(tot));
		for (i = first; i < n && !strncmp(e[i].k.dev, e[first].k.dev, GT_DEV_LEN); i++) {
			tot.intervals += e[i].v.intervals;
			tot.busy_intervals += e[i].v.busy_intervals;
			tot.time_ns += e[i].v.time_ns;
			tot.busy_ns += e[i].v.busy_ns;
		}
		fprintf(f, "\n%.*s: frequency residency\n", GT_DEV_LEN, e[first].k.dev);
		fprintf(f, "%10s %10s %10s %12s %12s %6s\n", "KHZ", "INTERVALS",
			"BUSY", "TIME_MS", "BUSY_MS", "TIME%");
		for (i = first; i < n && !strncmp(e[i].k.dev, e[first].k.dev, GT_DEV_LEN); i++)
			fprintf(f, "%10u %10llu %10llu %12.3f %12.3f %6.1f\n",
				e[i].k.khz, (unsigned long long)e[i].v.intervals,
				(unsigned long long)e[i].v.busy_intervals,
				e[i].v.time_ns / 1e6, e[i].v.busy_ns / 1e6,
				tot.time_ns ? 100.0 * e[i].v.time_ns / tot.time_ns : 0);
		fprintf(f, "%10s %10llu %10llu %12.3f %12.3f %6.1f\n", "total",
			(unsigned long long)tot.intervals,
			(unsigned long long)tot.busy_intervals, tot.time_ns / 1e6,
			tot.busy_ns / 1e6, tot.time_ns ? 100.0 : 0);
	}
	return 0;
}

static void bar(FILE *f, __u64 v, __u64 max)
{
	int i, w = max ? (int)(v * BAR_WIDTH / max) : 0;

	fputc('|', f);
	for (i = 0; i < BAR_WIDTH; i++)
		fputc(i < w ? '*' : ' ', f);
	fputc('|', f);
}

/* One device and model: @under and @over may be NULL (no such samples). */
static void print_err(FILE *f, const struct gt_err_key *k,
		      const struct gt_err_hist *under,
		      const struct gt_err_hist *over)
{
	static const struct gt_err_hist none;
	__u64 max = 0, nu = 0, no = 0, v;
	int s, last = 0;

	under = under ? under : &none;
	over = over ? over : &none;
	for (s = 0; s < GT_ERR_SLOTS; s++) {
		v = under->slot[s] + over->slot[s];
		nu += under->slot[s];
		no += over->slot[s];
		if (v > max)
			max = v;
		if (v)
			last = s;
	}
	fprintf(f, "\n%.*s %s: prediction error |measured - predicted| / measured\n",
		GT_DEV_LEN, k->dev, gt_pred_name(k->predictor));
	fprintf(f, "%24s : %-10s %-10s distribution\n", "permille", "under", "over");
	for (s = 0; s <= last; s++) {
		__u64 lo = s ? 1ULL << (s - 1) : 0, hi = s ? (1ULL << s) - 1 : 0;

		if (s == GT_ERR_SLOTS - 1)
			fprintf(f, "%10llu -> %-10s : ", (unsigned long long)lo, "");
		else
			fprintf(f, "%10llu -> %-10llu : ", (unsigned long long)lo,
				(unsigned long long)hi);
		fprintf(f, "%-10llu %-10llu ", (unsigned long long)under->slot[s],
			(unsigned long long)over->slot[s]);
		bar(f, under->slot[s] + over->slot[s], max);
		fputc('\n', f);
	}
	fprintf(f, "%24s : %-10llu %-10llu checked %llu\n", "total",
		(unsigned long long)nu, (unsigned long long)no,
		(unsigned long long)(nu + no));
}

/**
 * gt_hist_print_prederr() - print the prediction-error map
 * @f: output
 * @map_fd: the "prederr" map
 *
 * Return: 0, or -errno if the map could not be read.
 */
int gt_hist_print_prederr(FILE *f, int map_fd)
{
	static struct err_entry e[MAX_ENTRIES];
	int n, i, j;

	n = dump_map(map_fd, e, sizeof(e[0].k), offsetof(struct err_entry, h),
		     sizeof(e[0]), MAX_ENTRIES);
	if (n < 0)
		return n;
	qsort(e, n, sizeof(e[0]), err_cmp);
	for (i = 0; i < n; i = j) {
		const struct gt_err_hist *h[2] = { NULL, NULL };

		for (j = i; j < n && same_model(&e[i].k, &e[j].k); j++)
			h[!!e[j].k.over] = &e[j].h;
		print_err(f, &e[i].k, h[0], h[1]);
	}
	return 0;
}
