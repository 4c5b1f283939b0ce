// SPDX-License-Identifier: GPL-2.0
/*
 * import_check.c - the import harness's oracle.
 *
 * After an import of @csv succeeded, every DIR/\*.trace must load with the
 * trace reader, and its numbers must be the input's: each record's
 * interval_ns is some row's time (ms * 10^6, rounded) and its energy_pj
 * that row's power * time; each OPP's power lies between the smallest and
 * the largest power of the rows (it is a mean of some of them).  A value
 * the sample's fields cannot hold must have been refused, so a wrapped or
 * saturated value matches no row.  The rows' numbers are read here with
 * strtod(), independently of the importer's conversions.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvtab.h"
#include "fuzz_util.h"
#include "import_check.h"
#include "trace.h"

struct rows {
	size_t n;
	double *ms, *w;		/* NAN where absent or not a number */
	double wmin, wmax;
};

static double cell(const struct csvtab *t, size_t r, int col)
{
	const char *s;
	char *end;
	double v;

	if (col < 0)
		return NAN;
	s = csvtab_str(t, r, col);
	v = strtod(s, &end);
	return end == s ? NAN : v;
}

static void read_rows(const char *layout, const char *csv, struct rows *rw)
{
	int nv = !strcmp(layout, "nvdvfs");
	char err[512];
	struct csvtab t;
	int tc, pc;
	size_t r;

	FUZZ_CHECK(!csvtab_load(&t, csv, err, sizeof(err)));
	tc = csvtab_col(&t, nv ? "time/ms" : "time_ms");
	pc = csvtab_col(&t, nv ? "power/W" : "power_w");
	rw->n = t.nrows;
	rw->ms = calloc(t.nrows + 1, sizeof(double));
	rw->w = calloc(t.nrows + 1, sizeof(double));
	if (!rw->ms || !rw->w)
		abort();
	rw->wmin = INFINITY;
	rw->wmax = -INFINITY;
	for (r = 0; r < t.nrows; r++) {
		rw->ms[r] = cell(&t, r, tc);
		rw->w[r] = cell(&t, r, pc);
		rw->wmin = fmin(rw->wmin, rw->w[r]);
		rw->wmax = fmax(rw->wmax, rw->w[r]);
	}
	csvtab_free(&t);
}

/* @got is @want rounded to an integer (give or take double precision). */
static int near(u64 got, double want)
{
	return want >= 0 && want < 0x1p64 &&
	       fabs((double)got - want) <= 1 + want * 1e-9;
}

static void check_rec(const struct rows *rw, const struct gpugov_trace *t,
		      const struct gpugov_trace_rec *rec)
{
	int energy = !!(t->hdr.caps & GPUGOV_CAP_ENERGY);
	size_t r;

	for (r = 0; r < rw->n; r++)
		if (near(rec->s.interval_ns, rw->ms[r] * 1e6) &&
		    (!energy || near(rec->energy_pj, rw->w[r] *
				     (double)rec->s.interval_ns * 1e3)))
			return;
	fprintf(stderr, "import: record seg %u opp %u: interval_ns %llu, "
		"energy_pj %llu match no input row\n", rec->seg, rec->opp,
		(unsigned long long)rec->s.interval_ns,
		(unsigned long long)rec->energy_pj);
	FUZZ_CHECK(!"imported record holds the input's values");
}

static void check_trace(const struct rows *rw, const char *path)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace t;
	u32 i;

	if (gpugov_trace_load(path, &t, err, sizeof(err))) {
		fprintf(stderr, "import wrote a trace the reader refuses: %s\n",
			err);
		FUZZ_CHECK(!"imported trace loads");
	}
	for (i = 0; i < t.hdr.opps.nr && (t.hdr.caps & GPUGOV_CAP_ENERGY); i++) {
		double uw = t.hdr.opps.opp[i].power_uw;

		FUZZ_CHECK(uw >= rw->wmin * 1e6 - 1 && uw <= rw->wmax * 1e6 + 1);
	}
	for (i = 0; i < t.nr_rec; i++)
		check_rec(rw, &t, gpugov_trace_rec_at(&t, i));
	gpugov_trace_free(&t);
}

void import_check(const char *layout, const char *csv, const char *dir)
{
	struct rows rw;
	struct dirent *e;
	DIR *d = opendir(dir);

	FUZZ_CHECK(d);
	read_rows(layout, csv, &rw);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char *path;

		if (n < 6 || strcmp(e->d_name + n - 6, ".trace"))
			continue;
		if (asprintf(&path, "%s/%s", dir, e->d_name) < 0)
			abort();
		check_trace(&rw, path);
		free(path);
	}
	closedir(d);
	free(rw.ms);
	free(rw.w);
}
