// SPDX-License-Identifier: GPL-2.0
/*
 * import_rows.c - the rows of a measurement file for `gpugov-replay
 * import`: each read and checked (nvdvfs.c or import_csv.c), then what the
 * whole file decides - a memory clock on every row or none, power only if
 * every row has it, and which counter groups a trace keeps - with a
 * warning, naming the lines, for whatever is left out.  Rows are grouped
 * by kernel and by clock pair by sorting, never by searching, and each
 * keeps a small record, not its sample: time and memory grow with the
 * file, whether it holds many kernels or many rows of one.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "import.h"

/* The kernel row @r measures: nvdvfs rows are named appName-kernel[-argNo]. */
static int row_key(const struct import *im, size_t r, char **key, char *err,
		   size_t errlen)
{
	const struct csvtab *t = im->t;
	const struct nvdvfs_cols *c = &im->nc;
	const char *arg;
	size_t len;

	if (!im->nvdvfs)
		return import_csv_key(t, r, &im->gc, key, err, errlen);
	arg = c->arg >= 0 ? csvtab_str(t, r, c->arg) : "";
	len = strlen(csvtab_str(t, r, c->app)) + strlen(csvtab_str(t, r, c->kernel)) +
	      strlen(arg) + 3;
	*key = malloc(len);
	if (!*key) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	snprintf(*key, len, "%s-%s%s%s", csvtab_str(t, r, c->app),
		 csvtab_str(t, r, c->kernel), *arg ? "-" : "", arg);
	return 0;
}

/**
 * import_row_sample() - row @r of the table as a sample
 * @im: the import
 * @r: data row, 0-based
 * @s: out, the sample
 * @power_w: out, the row's mean power, 0 where not measured
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: ..." in @err.
 */
int import_row_sample(const struct import *im, size_t r, struct gpugov_sample *s,
		      double *power_w, char *err, size_t errlen)
{
	return im->nvdvfs ? nvdvfs_row_sample(im->t, r, &im->nc, s, power_w, err, errlen) :
	       import_csv_row(im->t, r, &im->gc, s, power_w, err, errlen);
}

/* A memory clock on some rows but not others cannot be imported. */
static int check_mem(const struct import *im, char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	size_t r;

	for (r = 1; r < t->nrows; r++) {
		u32 a = im->rows[0].caps & GPUGOV_CAP_MEM_KHZ;

		if ((im->rows[r].caps & GPUGOV_CAP_MEM_KHZ) == a)
			continue;
		snprintf(err, errlen, "%s:%zu: column 'mem_mhz' is empty, but line %zu "
			 "has a memory clock: give it on every row or on none",
			 t->path, t->line[a ? r : 0], t->line[a ? 0 : r]);
		return -1;
	}
	return 0;
}

/*
 * Power is imported only if every row has it (the OPP table's power is a
 * device-wide mean at each clock pair); a partly empty power column is
 * left out with a warning naming the empty rows.  With power, each
 * record's energy must fit the trace's 64-bit pJ.
 */
static int check_power(struct import *im, char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	int col = im->nvdvfs ? im->nc.power_w : im->gc.power;
	size_t r, n = 0, *empty;
	char what[96];

	im->power = false;
	if (col < 0 || !t->nrows)
		return 0;
	empty = calloc(t->nrows, sizeof(*empty));
	if (!empty) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	for (r = 0; r < t->nrows; r++)
		if (!(im->rows[r].power_w > 0))
			empty[n++] = r;
	if (n && n < t->nrows) {
		snprintf(what, sizeof(what), "column '%s' is empty", t->hdr[col]);
		import_warn_lines(t, what, empty, n, t->nrows,
				  "no power or energy is imported from this file");
	}
	free(empty);
	im->power = !n;
	for (r = 0; im->power && r < t->nrows; r++) {
		double pj = round(im->rows[r].power_w * im->rows[r].interval_ns * 1e3);

		if (!(pj < 0x1p64)) {
			snprintf(err, errlen, "%s:%zu: power %s W for %s ms is %.3g J, more "
				 "than a trace's 64-bit pJ energy holds", t->path, t->line[r],
				 csvtab_str(t, r, col), csvtab_str(t, r, im->nvdvfs ?
				 im->nc.time_ms : im->gc.time), pj * 1e-12);
			return -1;
		}
	}
	return 0;
}

/* Rows by kernel name, then in file order. */
static int cmp_key(const void *a, const void *b, void *arg)
{
	const struct import_row *rows = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(rows[x].key, rows[y].key);

	return c ? c : (x > y) - (x < y);
}

/* A kernel's rows: @n from @start in the rows sorted by name. */
struct run {
	size_t first, start, n;
};

static int cmp_run(const void *a, const void *b)
{
	const struct run *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

/*
 * Group the rows by kernel, the kernels in the order of their first rows:
 * sorted, not searched, so that the cost grows as n log n with the rows
 * and the kernels alike.
 */
static int group_kernels(struct import *im, char *err, size_t errlen)
{
	size_t n = im->t->nrows, i, k, at;
	size_t *byname = malloc((n + 1) * sizeof(*byname));
	struct run *runs = malloc((n + 1) * sizeof(*runs));
	int ret = -1;

	im->order = malloc((n + 1) * sizeof(*im->order));
	im->kstart = malloc((n + 1) * sizeof(*im->kstart));
	if (!byname || !runs || !im->order || !im->kstart) {
		snprintf(err, errlen, "%s: out of memory", im->t->path);
		goto out;
	}
	for (i = 0; i < n; i++)
		byname[i] = i;
	qsort_r(byname, n, sizeof(*byname), cmp_key, im->rows);
	for (i = 0, k = 0; i < n; i++) {
		if (i && !strcmp(im->rows[byname[i]].key, im->rows[byname[i - 1]].key)) {
			runs[k - 1].n++;
			continue;
		}
		runs[k].first = byname[i];
		runs[k].start = i;
		runs[k++].n = 1;
	}
	im->nk = k;
	qsort(runs, k, sizeof(*runs), cmp_run);
	for (k = 0, at = 0; k < im->nk; k++) {
		im->kstart[k] = at;
		memcpy(im->order + at, byname + runs[k].start, runs[k].n * sizeof(*byname));
		at += runs[k].n;
	}
	im->kstart[k] = at;
	ret = 0;
out:
	free(byname);
	free(runs);
	return ret;
}

/* Rows by clock pair, then in file order. */
static int cmp_clock(const void *a, const void *b, void *arg)
{
	const struct import_row *rows = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (rows[x].core_khz != rows[y].core_khz)
		return rows[x].core_khz < rows[y].core_khz ? -1 : 1;
	if (rows[x].mem_khz != rows[y].mem_khz)
		return rows[x].mem_khz < rows[y].mem_khz ? -1 : 1;
	return (x > y) - (x < y);
}

/* Sort row indices by clock pair; rows at one pair stay in file order. */
static void sort_by_clock(const struct import *im, size_t *idx, size_t n)
{
	qsort_r(idx, n, sizeof(*idx), cmp_clock, im->rows);
}

static bool same_clock(const struct import_row *x, const struct import_row *y)
{
	return x->core_khz == y->core_khz && x->mem_khz == y->mem_khz;
}

/* The power at each clock pair: every row's, sorted by pair and summed. */
static int pair_powers(struct import *im, char *err, size_t errlen)
{
	size_t n = im->t->nrows, i, np = 0;
	size_t *idx = malloc((n + 1) * sizeof(*idx));

	im->pp = calloc(n + 1, sizeof(*im->pp));
	if (!idx || !im->pp) {
		free(idx);
		snprintf(err, errlen, "%s: out of memory", im->t->path);
		return -1;
	}
	for (i = 0; i < n; i++)
		idx[i] = i;
	sort_by_clock(im, idx, n);
	for (i = 0; i < n; i++) {
		struct import_row *row = &im->rows[idx[i]];

		if (!i || !same_clock(row, &im->rows[idx[i - 1]]))
			np++;
		row->pair = np - 1;
		im->pp[np - 1].sum_w += row->power_w;
		im->pp[np - 1].n++;
	}
	free(idx);
	return 0;
}

/**
 * import_pair_power() - the mean power of all rows at row @r's clock pair
 * @im: the import, its rows read
 * @r: data row, 0-based
 */
double import_pair_power(const struct import *im, size_t r)
{
	const struct pair_power *p = &im->pp[im->rows[r].pair];

	return p->sum_w / p->n;
}

/**
 * import_kernel_pairs() - the rows of kernel @k, one per clock pair
 * @im: the import, its rows read
 * @k: the kernel
 * @idx: out, GPUGOV_MAX_OPPS row indices, in ascending (core, mem) order
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: how many, or -1 with "path:line: ..." in @err: a kernel with
 * more than GPUGOV_MAX_OPPS rows, or measured twice at one pair.
 */
long import_kernel_pairs(const struct import *im, size_t k, size_t *idx, char *err,
			 size_t errlen)
{
	const struct csvtab *t = im->t;
	const size_t *kr = im->order + im->kstart[k];
	size_t n = im->kstart[k + 1] - im->kstart[k], i;
	const char *key = im->rows[kr[0]].key;

	if (n > GPUGOV_MAX_OPPS) {
		snprintf(err, errlen, "%s:%zu: kernel %.100s has more than %d clock pairs",
			 t->path, t->line[kr[GPUGOV_MAX_OPPS]], key, GPUGOV_MAX_OPPS);
		return -1;
	}
	memcpy(idx, kr, n * sizeof(*idx));
	sort_by_clock(im, idx, n);
	for (i = 0; i + 1 < n; i++) {
		const struct import_row *x = &im->rows[idx[i]];

		if (same_clock(x, &im->rows[idx[i + 1]])) {
			snprintf(err, errlen, "%s:%zu: kernel %.100s measured twice at %u/%u "
				 "kHz (first on line %zu)", t->path, t->line[idx[i + 1]], key,
				 x->core_khz, x->mem_khz, t->line[idx[i]]);
			return -1;
		}
	}
	return (long)n;
}

/**
 * import_read_rows() - read, check and convert every row of @im->t
 * @im: the import; @im->rows, the kernels and @im->pp are filled (released
 *	by import_free_rows(), also after a failure), and @im->power set
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: ..." in @err.
 */
int import_read_rows(struct import *im, char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	struct gpugov_sample s;
	size_t r;

	im->rows = calloc(t->nrows ? t->nrows : 1, sizeof(*im->rows));
	if (!im->rows) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	for (r = 0; r < t->nrows; r++) {
		struct import_row *row = &im->rows[r];

		if (row_key(im, r, &row->key, err, errlen) ||
		    import_row_sample(im, r, &s, &row->power_w, err, errlen))
			return -1;
		row->core_khz = s.core_khz;
		row->mem_khz = s.mem_khz;
		row->caps = s.caps;
		row->interval_ns = s.interval_ns;
	}
	return group_kernels(im, err, errlen) || pair_powers(im, err, errlen) ||
	       check_mem(im, err, errlen) || check_power(im, err, errlen) ? -1 : 0;
}

/**
 * import_free_rows() - release what import_read_rows() made
 * @im: the import
 */
void import_free_rows(struct import *im)
{
	size_t r;

	for (r = 0; im->rows && r < im->t->nrows; r++)
		free(im->rows[r].key);
	free(im->rows);
	free(im->order);
	free(im->kstart);
	free(im->pp);
	im->rows = NULL;
	im->order = im->kstart = NULL;
	im->pp = NULL;
}

/**
 * import_scope_caps() - the counter groups a trace keeps
 * @im: the import, its rows read
 * @scope: the trace's rows, in file order; NULL for every row (--combined)
 * @n: how many
 * @dest: the trace, for the warning
 *
 * Return: the GPUGOV_CAP_* groups every row of the trace has; a group
 * that an empty cell drops is reported, naming the column and lines.
 */
u32 import_scope_caps(const struct import *im, const size_t *scope, size_t n,
		      const char *dest)
{
	u32 all = ~0U, any = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		u32 caps = im->rows[scope ? scope[i] : i].caps;

		all &= caps;
		any |= caps;
	}
	if (any & ~all && !im->nvdvfs)
		import_csv_warn_dropped(im->t, &im->gc, scope, n, any & ~all, dest);
	return all;
}
