// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_import.c - `gpugov-replay import`: measurements to sweep traces.
 *
 * Each kernel of a table of (kernel, clock pair) measurements becomes one
 * sweep trace with a single segment measured at every clock pair of the
 * kernel, written to OUTDIR/<kernel>.trace, or (--combined) one segment of
 * a single trace, so that policies can run across kernels.  Two layouts:
 *   nvdvfs  NV-DVFS-Benchmark CSVs (nvprof metrics; see tools/common/nvdvfs.c
 *           for how they map to sample fields)
 *   csv     kernel,core_mhz[,mem_mhz],time_ms[,power_w][,FIELD...] where
 *           FIELD is any sample field name of `predict --help`
 * Where power is measured, every trace's OPP table carries the mean power
 * of all kernels at that clock pair as its energy model (a device-wide
 * table, as em_pd_get() would give), and each record its own energy.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "replay.h"
#include "csvtab.h"
#include "nvdvfs.h"
#include "trace.h"

struct import_row {
	char key[GPUGOV_TRACE_NAME_MAX * 2];
	struct gpugov_sample s;
	double power_w;
	size_t line;
};

struct pair_power {
	u32 core_khz, mem_khz;
	double sum_w;
	unsigned long n;
};

/* --coremem-gpu: a built-in description's name, or NULL */
static const char *import_coremem_gpu;

static const char import_usage[] =
"usage: gpugov-replay import nvdvfs|csv FILE --out DIR [--device NAME] [--combined NAME]\n"
"                            [--coremem-gpu NAME]\n"
"Writes one sweep trace per kernel, DIR/<kernel>.trace, or with --combined one\n"
"trace DIR/NAME.trace whose segments are the kernels in file order (all kernels\n"
"must have the same clock pairs), for closed-loop runs across kernels.\n"
"  nvdvfs  NV-DVFS-Benchmark measurement CSV (appName, kernel, coreF, memF,\n"
"          time/ms, nvprof metrics, optional power/W)\n"
"  csv     columns kernel, core_mhz, time_ms, optional mem_mhz, power_w, and\n"
"          any sample field (insts, load_stall_cyc, ...) as integers\n"
"--coremem-gpu NAME writes the header line 'coremem-gpu NAME': the built-in GPU\n"
"description (gtx980 gtx980-2019 gtx1080ti titanx-pascal p100 v100) the coremem\n"
"model uses on these traces unless a command line says otherwise.\n"
"Exit status: 0 success, 1 I/O error, 2 malformed input (file:line named).\n";

static int row_nvdvfs(const struct csvtab *t, size_t r, const void *cols,
		      struct import_row *out, char *err, size_t errlen)
{
	const struct nvdvfs_cols *c = cols;

	snprintf(out->key, sizeof(out->key), "%s-%s%s%s", csvtab_str(t, r, c->app),
		 csvtab_str(t, r, c->kernel), c->arg >= 0 ? "-" : "",
		 c->arg >= 0 ? csvtab_str(t, r, c->arg) : "");
	return nvdvfs_row_sample(t, r, c, &out->s, &out->power_w, err, errlen);
}

static int row_generic(const struct csvtab *t, size_t r, const void *cols,
		       struct import_row *out, char *err, size_t errlen)
{
	char kv[192], msg[160];
	double v;
	size_t c;

	memset(&out->s, 0, sizeof(out->s));
	out->power_w = 0;
	snprintf(out->key, sizeof(out->key), "%s", csvtab_str(t, r, csvtab_col(t, "kernel")));
	for (c = 0; c < t->ncols; c++) {
		const char *name = t->hdr[c], *cell = csvtab_str(t, r, (int)c);

		if (!strcmp(name, "kernel") || !*cell)
			continue;
		if (!strcmp(name, "core_mhz") || !strcmp(name, "mem_mhz") ||
		    !strcmp(name, "time_ms") || !strcmp(name, "power_w")) {
			if (csvtab_num(t, r, (int)c, &v, err, errlen))
				return -1;
			if (!strcmp(name, "core_mhz"))
				out->s.core_khz = (u32)llround(fmin(fmax(v, 0), 4e6) * 1000);
			else if (!strcmp(name, "mem_mhz"))
				out->s.mem_khz = (u32)llround(fmin(fmax(v, 0), 4e6) * 1000);
			else if (!strcmp(name, "time_ms"))
				out->s.interval_ns = out->s.busy_ns = (u64)llround(fmax(v, 0) * 1e6);
			else
				out->power_w = v;
			continue;
		}
		snprintf(kv, sizeof(kv), "%s=%s", name, cell);
		if (parse_sample_kv(kv, strlen(kv), &out->s, msg, sizeof(msg))) {
			snprintf(err, errlen, "%s:%zu: %s", t->path, t->line[r], msg);
			return -1;
		}
	}
	if (out->s.mem_khz)
		out->s.caps |= GPUGOV_CAP_MEM_KHZ;
	if (!out->s.core_khz || !out->s.interval_ns) {
		snprintf(err, errlen, "%s:%zu: core_mhz and time_ms must be positive",
			 t->path, t->line[r]);
		return -1;
	}
	(void)cols;
	return 0;
}

static int cmp_opp(const void *a, const void *b)
{
	const struct gpugov_opp *x = a, *y = b;

	if (x->core_khz != y->core_khz)
		return x->core_khz < y->core_khz ? -1 : 1;
	return (x->mem_khz > y->mem_khz) - (x->mem_khz < y->mem_khz);
}

static double mean_power(const struct pair_power *pp, size_t n, u32 core, u32 mem)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (pp[i].core_khz == core && pp[i].mem_khz == mem)
			return pp[i].n ? pp[i].sum_w / pp[i].n : 0;
	return 0;
}

/*
 * The sweep of the kernel whose first row is rows[first]: its clock pairs
 * as an ascending OPP table in @h, and one record per pair in @rec.
 */
static int build_kernel(const char *device, const char *src,
			const struct import_row *rows, size_t nrows, size_t first,
			const struct pair_power *pp, size_t npp, bool power,
			struct gpugov_trace_hdr *h, struct gpugov_trace_rec *rec,
			char *err, size_t errlen)
{
	size_t i, k, n = 0;
	u32 caps = ~0U;

	gpugov_trace_hdr_init(h, GPUGOV_TRACE_SWEEP, GPUGOV_INTERVAL_SEGMENT, 0);
	snprintf(h->device, sizeof(h->device), "%s", device);
	snprintf(h->source, sizeof(h->source), "gpugov-replay import of %s", src);
	if (import_coremem_gpu)
		snprintf(h->coremem_gpu, sizeof(h->coremem_gpu), "%s",
			 import_coremem_gpu);
	for (i = first; i < nrows; i++) {
		if (strcmp(rows[i].key, rows[first].key))
			continue;
		if (n == GPUGOV_MAX_OPPS) {
			snprintf(err, errlen, "%s: kernel %s has more than %d clock pairs",
				 src, rows[first].key, GPUGOV_MAX_OPPS);
			return -1;
		}
		h->opps.opp[n].core_khz = rows[i].s.core_khz;
		h->opps.opp[n++].mem_khz = rows[i].s.mem_khz;
		caps &= rows[i].s.caps;
	}
	h->opps.nr = (u32)n;
	qsort(h->opps.opp, n, sizeof(h->opps.opp[0]), cmp_opp);
	for (k = 0; k + 1 < n; k++) {
		if (!cmp_opp(&h->opps.opp[k], &h->opps.opp[k + 1])) {
			snprintf(err, errlen, "%s: kernel %s measured twice at %u/%u kHz",
				 src, rows[first].key, h->opps.opp[k].core_khz,
				 h->opps.opp[k].mem_khz);
			return -1;
		}
	}
	for (k = 0; power && k < n; k++)
		h->opps.opp[k].power_uw = (u32)llround(1e6 * mean_power(pp, npp,
				h->opps.opp[k].core_khz, h->opps.opp[k].mem_khz));
	h->caps = caps | (power ? GPUGOV_CAP_ENERGY : 0);
	for (k = 0; k < n; k++) {
		for (i = first; i < nrows; i++)
			if (!strcmp(rows[i].key, rows[first].key) &&
			    rows[i].s.core_khz == h->opps.opp[k].core_khz &&
			    rows[i].s.mem_khz == h->opps.opp[k].mem_khz)
				break;
		memset(&rec[k], 0, sizeof(rec[k]));
		rec[k].opp = (u32)k;
		rec[k].s = rows[i].s;
		rec[k].s.caps = h->caps;
		if (power) {
			/* W * ms = mJ = 10^9 pJ */
			rec[k].energy_pj = (u64)llround(rows[i].power_w *
							rows[i].s.interval_ns * 1e3);
			rec[k].s.energy_uj = rec[k].energy_pj / 1000000;
		}
	}
	return 0;
}

static FILE *open_trace(const char *dir, const char *key, char *err, size_t errlen)
{
	char path[512], name[GPUGOV_TRACE_NAME_MAX * 2];
	size_t i, k = 0;
	FILE *f;

	for (i = 0; key[i] && k + 1 < sizeof(name); i++)
		name[k++] = strchr("/ \t\\:*?\"<>|", key[i]) ? '_' : key[i];
	name[k] = 0;
	snprintf(path, sizeof(path), "%s/%s.trace", dir, name);
	f = fopen(path, "w");
	if (!f)
		snprintf(err, errlen, "%.400s: %s", path, strerror(errno));
	return f;
}

static int write_recs(FILE *f, const struct gpugov_trace_hdr *h,
		      struct gpugov_trace_rec *rec, u32 seg)
{
	u32 k;

	for (k = 0; k < h->opps.nr; k++) {
		rec[k].seg = seg;
		if (gpugov_trace_write_rec(f, h, &rec[k]))
			return -1;
	}
	return 0;
}

static int import_table(const struct csvtab *t, bool nvdvfs, const char *dir,
			const char *device, const char *combined, char *err,
			size_t errlen)
{
	static struct gpugov_trace_rec rec[GPUGOV_MAX_OPPS];
	struct gpugov_trace_hdr h, first_hdr;
	FILE *f, *cf = NULL;
	struct nvdvfs_cols nc;
	struct import_row *rows;
	struct pair_power *pp;
	size_t r, i, npp = 0, written = 0;
	bool power = true;
	int ret = 0;

	if (nvdvfs ? nvdvfs_cols_find(t, &nc, err, errlen) :
	    (csvtab_need(t, "kernel", err, errlen) < 0 ||
	     csvtab_need(t, "core_mhz", err, errlen) < 0 ||
	     csvtab_need(t, "time_ms", err, errlen) < 0))
		return -1;
	rows = calloc(t->nrows ? t->nrows : 1, sizeof(*rows));
	pp = calloc(t->nrows ? t->nrows : 1, sizeof(*pp));
	if (!rows || !pp) {
		snprintf(err, errlen, "out of memory");
		ret = -1;
		goto out;
	}
	for (r = 0; r < t->nrows; r++) {
		ret = nvdvfs ? row_nvdvfs(t, r, &nc, &rows[r], err, errlen) :
			       row_generic(t, r, NULL, &rows[r], err, errlen);
		if (ret)
			goto out;
		power &= rows[r].power_w > 0;
		for (i = 0; i < npp; i++)
			if (pp[i].core_khz == rows[r].s.core_khz &&
			    pp[i].mem_khz == rows[r].s.mem_khz)
				break;
		if (i == npp) {
			pp[npp].core_khz = rows[r].s.core_khz;
			pp[npp++].mem_khz = rows[r].s.mem_khz;
		}
		pp[i].sum_w += rows[r].power_w;
		pp[i].n++;
	}
	for (r = 0; r < t->nrows; r++) {
		for (i = 0; i < r && strcmp(rows[i].key, rows[r].key); i++)
			;
		if (i < r)
			continue;	/* kernel already written */
		ret = build_kernel(device, t->path, rows, t->nrows, r, pp, npp,
				   power && t->nrows, &h, rec, err, errlen);
		if (ret)
			goto out;
		if (combined && !written) {
			first_hdr = h;
			cf = open_trace(dir, combined, err, errlen);
			if (!cf || gpugov_trace_write_header(cf, &h))
				goto io_err;
		} else if (combined && (h.opps.nr != first_hdr.opps.nr ||
			   memcmp(&h.opps.opp, &first_hdr.opps.opp,
				  h.opps.nr * sizeof(h.opps.opp[0])))) {
			snprintf(err, errlen, "%s: kernel %s has other clock pairs than "
				 "the first kernel: cannot combine", t->path, rows[r].key);
			ret = -1;
			goto out;
		}
		if (combined) {
			if (write_recs(cf, &first_hdr, rec, (u32)written))
				goto io_err;
		} else {
			f = open_trace(dir, rows[r].key, err, errlen);
			if (!f || gpugov_trace_write_header(f, &h) || write_recs(f, &h, rec, 0) ||
			    fclose(f)) {
				f = NULL;
				goto io_err;
			}
		}
		written++;
	}
	fprintf(stderr, "gpugov-replay import: %zu rows, %zu kernels -> %s%s\n",
		t->nrows, written, dir, power ? " (with measured power)" : "");
	goto out;
io_err:
	if (!*err)
		snprintf(err, errlen, "%s: write error", dir);
	ret = -1;
out:
	if (cf && fclose(cf) && !ret) {
		snprintf(err, errlen, "%s: write error", dir);
		ret = -1;
	}
	free(rows);
	free(pp);
	return ret;
}

int cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "device", required_argument, NULL, 'd' },
		{ "combined", required_argument, NULL, 'c' },
		{ "coremem-gpu", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *device = "gpu", *combined = NULL;
	char err[512];
	struct csvtab t;
	bool nvdvfs;
	int c, ret;

	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'd':
			device = optarg;
			break;
		case 'c':
			combined = optarg;
			break;
		case 'g':
			if (gpugov_coremem_gpu_find(optarg, strlen(optarg)) < 0) {
				fprintf(stderr, "gpugov-replay import: --coremem-gpu: "
					"'%s' is not a built-in GPU description\n", optarg);
				return EXIT_USAGE;
			}
			import_coremem_gpu = optarg;
			break;
		case 'h':
			fputs(import_usage, stdout);
			return EXIT_OK;
		default:
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 2 || !out ||
	    (strcmp(argv[optind], "nvdvfs") && strcmp(argv[optind], "csv"))) {
		fputs(import_usage, stderr);
		return EXIT_USAGE;
	}
	nvdvfs = !strcmp(argv[optind], "nvdvfs");
	if (mkdir(out, 0755) && errno != EEXIST) {
		fprintf(stderr, "gpugov-replay import: %s: %s\n", out, strerror(errno));
		return EXIT_FAILURE_RUN;
	}
	if (csvtab_load(&t, argv[optind + 1], err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay import: %s\n", err);
		return EXIT_USAGE;
	}
	err[0] = 0;
	ret = import_table(&t, nvdvfs, out, device, combined, err, sizeof(err));
	csvtab_free(&t);
	if (ret) {
		fprintf(stderr, "gpugov-replay import: %s\n", err);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
