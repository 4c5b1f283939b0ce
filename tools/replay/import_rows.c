// SPDX-License-Identifier: GPL-2.0
/*
 * import_rows.c - the rows of a measurement file for `gpugov-replay
 * import`: each read and checked (nvdvfs.c or import_csv.c), then what the
 * whole file decides - a memory clock on every row or none, power only if
 * every row has it, and which counter groups a trace keeps - with a
 * warning, naming the lines, for whatever is left out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "import.h"

/* nvdvfs rows are named appName-kernel[-argNo]. */
static int row_nvdvfs(const struct import *im, size_t r, struct import_row *out,
		      char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	const struct nvdvfs_cols *c = &im->nc;
	const char *arg = c->arg >= 0 ? csvtab_str(t, r, c->arg) : "";
	size_t len = strlen(csvtab_str(t, r, c->app)) + strlen(csvtab_str(t, r, c->kernel)) +
		     strlen(arg) + 3;

	out->key = malloc(len);
	if (!out->key) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	snprintf(out->key, len, "%s-%s%s%s", csvtab_str(t, r, c->app),
		 csvtab_str(t, r, c->kernel), *arg ? "-" : "", arg);
	return nvdvfs_row_sample(t, r, c, &out->s, &out->power_w, err, errlen);
}

/* A memory clock on some rows but not others cannot be imported. */
static int check_mem(const struct import *im, char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	size_t r;

	for (r = 1; r < t->nrows; r++) {
		u32 a = im->rows[0].s.caps & GPUGOV_CAP_MEM_KHZ;

		if ((im->rows[r].s.caps & GPUGOV_CAP_MEM_KHZ) == a)
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
		double pj = round(im->rows[r].power_w * im->rows[r].s.interval_ns * 1e3);

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

/**
 * import_read_rows() - read, check and convert every row of @im->t
 * @im: the import; @im->rows and @im->pp (room for a row each) are filled,
 *	and @im->power set
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: ..." in @err.
 */
int import_read_rows(struct import *im, char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	size_t r, i;

	for (r = 0; r < t->nrows; r++) {
		struct import_row *row = &im->rows[r];

		if (im->nvdvfs ? row_nvdvfs(im, r, row, err, errlen) :
		    import_csv_row(t, r, &im->gc, row, err, errlen))
			return -1;
		for (i = 0; i < im->npp; i++)
			if (im->pp[i].core_khz == row->s.core_khz &&
			    im->pp[i].mem_khz == row->s.mem_khz)
				break;
		if (i == im->npp) {
			im->pp[i].core_khz = row->s.core_khz;
			im->pp[im->npp++].mem_khz = row->s.mem_khz;
		}
		im->pp[i].sum_w += row->power_w;
		im->pp[i].n++;
	}
	return check_mem(im, err, errlen) || check_power(im, err, errlen) ? -1 : 0;
}

/**
 * import_scope_caps() - the counter groups a trace keeps
 * @im: the import, its rows read
 * @key: the trace's kernel, NULL for all rows (--combined)
 * @dest: the trace, for the warning
 *
 * Return: the GPUGOV_CAP_* groups every row of the trace has; a group
 * that an empty cell drops is reported, naming the column and lines.
 */
u32 import_scope_caps(const struct import *im, const char *key, const char *dest)
{
	u32 all = ~0U, any = 0;
	size_t r;

	for (r = 0; r < im->t->nrows; r++) {
		if (key && strcmp(im->rows[r].key, key))
			continue;
		all &= im->rows[r].s.caps;
		any |= im->rows[r].s.caps;
	}
	if (any & ~all && !im->nvdvfs)
		import_csv_warn_dropped(im->t, &im->gc, im->rows, key, any & ~all, dest);
	return all;
}
