// SPDX-License-Identifier: GPL-2.0
/*
 * import_csv.c - the generic CSV layout of `gpugov-replay import csv`
 * (docs/trace-format.md, "Importing measurements"): one row per kernel and
 * clock pair, columns kernel, core_mhz, time_ms, optional mem_mhz and
 * power_w, and any sample counter by its field name.
 *
 * Nothing is converted silently: a value that is negative, not a decimal
 * number, or out of its field's range is an error naming the file, the
 * line and the column.  An empty counter cell drops that counter group
 * from the row (the caller warns, naming the lines, when that drops it
 * from a trace).
 */
#include <stdlib.h>
#include <string.h>
#include "import.h"
#include "nvdvfs.h"
#include "replay.h"

/* Sample fields the layout has its own column for. */
static const struct {
	const char *field, *use;
} replaced[] = {
	{ "interval_ns", "time_ms (the interval is the kernel's time)" },
	{ "core_khz", "core_mhz" },
	{ "mem_khz", "mem_mhz" },
	{ "energy_uj", "power_w (energy is power_w * time_ms)" },
};

static int *own_col(struct import_csv *c, const char *name)
{
	if (!strcmp(name, "kernel"))
		return &c->kernel;
	if (!strcmp(name, "core_mhz"))
		return &c->core;
	if (!strcmp(name, "mem_mhz"))
		return &c->mem;
	if (!strcmp(name, "time_ms"))
		return &c->time;
	if (!strcmp(name, "power_w"))
		return &c->power;
	return NULL;
}

/* Column @i, a sample field: its capability bits, or -1 if no field. */
static long field_caps(const struct csvtab *t, size_t i)
{
	struct gpugov_sample s;
	char kv[160], msg[160];
	int n = snprintf(kv, sizeof(kv), "%s=0", t->hdr[i]);

	memset(&s, 0, sizeof(s));
	if (n < 0 || (size_t)n >= sizeof(kv) ||
	    parse_sample_kv(kv, (size_t)n, &s, msg, sizeof(msg)))
		return -1;
	return s.caps;
}

/**
 * import_csv_header() - check the header, find the columns
 * @t: table
 * @c: out, the columns (import_csv_free() releases them)
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Refused: a column named twice, an unknown column, a sample field the
 * layout has its own column for, a missing kernel, core_mhz or time_ms.
 *
 * Return: 0, or -1 with "path:1: ..." in @err.
 */
int import_csv_header(const struct csvtab *t, struct import_csv *c, char *err,
		      size_t errlen)
{
	size_t i, j;
	long caps;
	int *own;

	c->kernel = c->core = c->mem = c->time = c->power = c->busy = -1;
	c->cap = calloc(t->ncols ? t->ncols : 1, sizeof(*c->cap));
	if (!c->cap) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	for (i = 0; i < t->ncols; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(t->hdr[i], t->hdr[j])) {
				snprintf(err, errlen, "%s:1: column '%s' appears twice",
					 t->path, t->hdr[i]);
				return -1;
			}
		for (j = 0; j < sizeof(replaced) / sizeof(replaced[0]); j++)
			if (!strcmp(t->hdr[i], replaced[j].field)) {
				snprintf(err, errlen, "%s:1: column '%s': give %s instead",
					 t->path, t->hdr[i], replaced[j].use);
				return -1;
			}
		own = own_col(c, t->hdr[i]);
		if (own) {
			*own = (int)i;
			continue;
		}
		caps = field_caps(t, i);
		if (caps < 0) {
			snprintf(err, errlen, "%s:1: unknown column '%.64s' (the columns are "
				 "kernel, core_mhz, mem_mhz, time_ms, power_w and the "
				 "sample fields of `gpugov-replay predict --help`)",
				 t->path, t->hdr[i]);
			return -1;
		}
		c->cap[i] = (u32)caps;
		if (!strcmp(t->hdr[i], "busy_ns"))
			c->busy = (int)i;
	}
	if (csvtab_need(t, "kernel", err, errlen) < 0 ||
	    csvtab_need(t, "core_mhz", err, errlen) < 0 ||
	    csvtab_need(t, "time_ms", err, errlen) < 0)
		return -1;
	return 0;
}

void import_csv_free(struct import_csv *c)
{
	free(c->cap);
	c->cap = NULL;
}

/* An empty cell: nothing but blanks. */
static bool blank(const char *cell)
{
	return !cell[strspn(cell, " \t")];
}

/* A clock in MHz as a positive 32-bit kHz value. */
static int clock_khz(const struct csvtab *t, size_t r, int col, u32 *khz,
		     char *err, size_t errlen)
{
	u64 v;

	if (csvtab_uint(t, r, col, 1000, U32_MAX, &v, err, errlen))
		return -1;
	if (!v) {
		snprintf(err, errlen, "%s:%zu: column '%s': %s is not positive",
			 t->path, t->line[r], t->hdr[col], csvtab_str(t, r, col));
		return -1;
	}
	*khz = (u32)v;
	return 0;
}

/* The counter columns of row @r; an empty cell drops its group. */
static int row_counters(const struct csvtab *t, size_t r, const struct import_csv *c,
			struct gpugov_sample *s, char *err, size_t errlen)
{
	char kv[192], msg[160];
	u32 empty = 0;
	size_t i;

	for (i = 0; i < t->ncols; i++) {
		const char *cell = csvtab_str(t, r, (int)i), *end;

		if (!c->cap[i] && (int)i != c->busy)
			continue;
		while (*cell == ' ' || *cell == '\t')
			cell++;
		for (end = cell + strlen(cell); end > cell && (end[-1] == ' ' || end[-1] == '\t');)
			end--;
		if (end == cell && (int)i == c->busy) {
			snprintf(err, errlen, "%s:%zu: column 'busy_ns' is empty (give the "
				 "busy time, or leave the column out: busy all the interval)",
				 t->path, t->line[r]);
			return -1;
		}
		if (end == cell) {
			empty |= c->cap[i];
			continue;
		}
		snprintf(kv, sizeof(kv), "%s=%.*s", t->hdr[i], (int)(end - cell), cell);
		if (parse_sample_kv(kv, strlen(kv), s, msg, sizeof(msg))) {
			snprintf(err, errlen, "%s:%zu: column %s", t->path, t->line[r], msg);
			return -1;
		}
	}
	s->caps &= ~empty;
	return 0;
}

/**
 * import_csv_key() - the kernel a row measures
 * @t: table
 * @r: data row, 0-based
 * @c: its columns
 * @key: out, the name (allocated, also on failure)
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: column 'kernel' is empty" in @err.
 */
int import_csv_key(const struct csvtab *t, size_t r, const struct import_csv *c,
		   char **key, char *err, size_t errlen)
{
	const char *kernel = csvtab_str(t, r, c->kernel);

	*key = strdup(kernel);
	if (!*key) {
		snprintf(err, errlen, "%s: out of memory", t->path);
		return -1;
	}
	if (!*kernel) {
		snprintf(err, errlen, "%s:%zu: column 'kernel' is empty", t->path, t->line[r]);
		return -1;
	}
	return 0;
}

/**
 * import_csv_row() - one row's measurement
 * @t: table
 * @r: data row, 0-based
 * @c: its columns
 * @s: out, its sample; s->caps has only the groups whose every given
 *	column has a value on this row
 * @power_w: out, its mean power, 0 where not measured
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Return: 0, or -1 with "path:line: column 'name': ..." in @err.
 */
int import_csv_row(const struct csvtab *t, size_t r, const struct import_csv *c,
		   struct gpugov_sample *s, double *power_w, char *err, size_t errlen)
{
	u64 ns;

	memset(s, 0, sizeof(*s));
	if (clock_khz(t, r, c->core, &s->core_khz, err, errlen))
		return -1;
	if (c->mem >= 0 && *csvtab_str(t, r, c->mem)) {
		if (clock_khz(t, r, c->mem, &s->mem_khz, err, errlen))
			return -1;
		s->caps |= GPUGOV_CAP_MEM_KHZ;
	}
	if (csvtab_uint(t, r, c->time, 1e6, U64_MAX, &ns, err, errlen))
		return -1;
	if (!ns) {
		snprintf(err, errlen, "%s:%zu: column 'time_ms': %s is less than 1 ns",
			 t->path, t->line[r], csvtab_str(t, r, c->time));
		return -1;
	}
	s->interval_ns = s->busy_ns = ns;
	if (nvdvfs_power_w(t, r, c->power, power_w, err, errlen) ||
	    row_counters(t, r, c, s, err, errlen))
		return -1;
	if (s->busy_ns > s->interval_ns) {
		snprintf(err, errlen, "%s:%zu: column 'busy_ns': %llu ns is longer than "
			 "the interval (time_ms %s = %llu ns)", t->path, t->line[r],
			 (unsigned long long)s->busy_ns, csvtab_str(t, r, c->time),
			 (unsigned long long)s->interval_ns);
		return -1;
	}
	return 0;
}

/**
 * import_warn_lines() - warn about some rows of a table, naming their lines
 * @t: table
 * @what: what is wrong with them, e.g. "column 'power_w' is empty"
 * @rows: the rows, 0-based
 * @n: how many
 * @of: rows considered (n of @of is printed)
 * @then: the consequence
 */
void import_warn_lines(const struct csvtab *t, const char *what, const size_t *rows,
		       size_t n, size_t of, const char *then)
{
	size_t i;

	fprintf(stderr, "gpugov-replay import: warning: %s: %s on line%s", t->path,
		what, n > 1 ? "s" : "");
	for (i = 0; i < n && i < 10; i++)
		fprintf(stderr, "%s %zu", i ? "," : "", t->line[rows[i]]);
	fprintf(stderr, "%s (%zu of %zu rows): %s\n", n > 10 ? ", ..." : "", n, of, then);
}

/**
 * import_csv_warn_dropped() - say which empty cells dropped counters
 * @t: table
 * @c: its columns
 * @scope: the rows of the trace meant, in file order; NULL for every row
 * @of: how many
 * @dropped: the GPUGOV_CAP_* groups that trace lacks for empty cells
 * @dest: the trace, for the message
 */
void import_csv_warn_dropped(const struct csvtab *t, const struct import_csv *c,
			     const size_t *scope, size_t of, u32 dropped, const char *dest)
{
	char what[160], then[400];
	size_t i, j, n;
	size_t *lines = calloc(of ? of : 1, sizeof(*lines));

	for (i = 0; lines && i < t->ncols; i++) {
		if (!(c->cap[i] & dropped))
			continue;
		for (j = n = 0; j < of; j++) {
			size_t r = scope ? scope[j] : j;

			if (blank(csvtab_str(t, r, (int)i)))
				lines[n++] = r;
		}
		if (!n)
			continue;
		snprintf(what, sizeof(what), "column '%s' is empty", t->hdr[i]);
		snprintf(then, sizeof(then), "its counter group is left out of %s", dest);
		import_warn_lines(t, what, lines, n, of, then);
	}
	free(lines);
}
