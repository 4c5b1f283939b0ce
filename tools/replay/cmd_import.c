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
 *           (tools/replay/import_csv.c, docs/trace-format.md)
 * Where power is measured, every trace's OPP table carries the mean power
 * of all kernels at that clock pair as its energy model (a device-wide
 * table, as em_pd_get() would give), and each record its own energy.
 *
 * The whole file is read and checked before anything is written
 * (import_rows.c), and the traces are written all or nothing
 * (import_out.c).  Data left out - power
 * or a counter group with empty cells, a file name shared by two kernels -
 * is reported on stderr, naming the lines.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "replay.h"
#include "import.h"
#include "trace.h"

static const char import_usage[] =
"usage: gpugov-replay import nvdvfs|csv FILE --out DIR [--device NAME] [--combined NAME]\n"
"                            [--coremem-gpu NAME]\n"
"Writes one sweep trace per kernel, DIR/<kernel>.trace, or with --combined one\n"
"trace DIR/NAME.trace whose segments are the kernels in file order (all kernels\n"
"must have the same clock pairs), for closed-loop runs across kernels.\n"
"  nvdvfs  NV-DVFS-Benchmark measurement CSV (appName, kernel, coreF, memF,\n"
"          time/ms, nvprof metrics, optional power/W)\n"
"  csv     columns kernel, core_mhz, time_ms, optional mem_mhz, power_w, and\n"
"          any sample field (insts, load_stall_cyc, ...) as integers; the\n"
"          format is docs/trace-format.md, \"Importing measurements\"\n"
"Characters a file name cannot hold become '_'; kernels whose file names\n"
"would be the same get -2, -3... (with a warning). Power or a counter group\n"
"with empty cells is left out, with a warning naming the lines.\n"
"Nothing is written unless the whole file is valid.\n"
"--coremem-gpu NAME writes the header line 'coremem-gpu NAME': the built-in GPU\n"
"description (gtx980 gtx980-2019 gtx1080ti titanx-pascal p100 v100) the coremem\n"
"model uses on these traces unless a command line says otherwise.\n"
"Exit status: 0 success, 1 I/O error, 2 malformed input (file:line named).\n";

/* "gpugov-replay import of FILE kernel KEY", one line of trace text. */
static void set_source(struct gpugov_trace_hdr *h, const char *path, const char *key)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char *p;

	snprintf(h->source, sizeof(h->source), "gpugov-replay import of %.100s %s%.120s",
		 base, key ? "kernel " : "all kernels", key ? key : "");
	for (p = h->source + strlen("gpugov-replay import of "); *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f || *p == '#')
			*p = '_';
}

/*
 * The sweep of kernel @k: its clock pairs as an ascending OPP table in @h,
 * and one record per pair in @rec.
 */
static int build_kernel(const struct import *im, size_t k, u32 caps,
			struct gpugov_trace_hdr *h, struct gpugov_trace_rec *rec,
			char *err, size_t errlen)
{
	size_t idx[GPUGOV_MAX_OPPS], i;
	long n = import_kernel_pairs(im, k, idx, err, errlen);
	double power_w;

	if (n < 0)
		return -1;
	gpugov_trace_hdr_init(h, GPUGOV_TRACE_SWEEP, GPUGOV_INTERVAL_SEGMENT, 0);
	snprintf(h->device, sizeof(h->device), "%s", im->device);
	set_source(h, im->t->path, im->rows[idx[0]].key);
	if (im->coremem_gpu)
		snprintf(h->coremem_gpu, sizeof(h->coremem_gpu), "%s",
			 im->coremem_gpu);
	h->opps.nr = (u32)n;
	h->caps = (caps & ~GPUGOV_CAP_ENERGY) | (im->power ? GPUGOV_CAP_ENERGY : 0);
	for (i = 0; i < (size_t)n; i++) {
		struct gpugov_opp *opp = &h->opps.opp[i];

		opp->core_khz = im->rows[idx[i]].core_khz;
		opp->mem_khz = im->rows[idx[i]].mem_khz;
		if (im->power)
			opp->power_uw = (u32)llround(1e6 * import_pair_power(im, idx[i]));
		memset(&rec[i], 0, sizeof(rec[i]));
		rec[i].opp = (u32)i;
		if (import_row_sample(im, idx[i], &rec[i].s, &power_w, err, errlen))
			return -1;
		rec[i].s.caps = h->caps;
		if (im->power) {
			/* W * ns * 10^3 = pJ; range checked in check_power() */
			rec[i].energy_pj = (u64)round(power_w * rec[i].s.interval_ns * 1e3);
			rec[i].s.energy_uj = rec[i].energy_pj / 1000000;
		}
	}
	return 0;
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

/* Each kernel's trace file name stem, or the --combined one. */
static int file_names(const struct import *im, const char *combined, char **names,
		      char *err, size_t errlen)
{
	size_t i, nk = im->nk;
	const char **keys = calloc(nk ? nk : 1, sizeof(*keys));
	size_t *lines = calloc(nk ? nk : 1, sizeof(*lines));
	int ret = -1;

	if (keys && lines) {
		for (i = 0; i < nk; i++) {
			size_t first = im->order[im->kstart[i]];

			keys[i] = combined ? combined : im->rows[first].key;
			lines[i] = im->t->line[first];
		}
		ret = import_names(keys, lines, combined ? 1 : nk, im->t->path, names,
				   err, errlen);
	} else {
		snprintf(err, errlen, "out of memory");
	}
	free(keys);
	free(lines);
	return ret;
}

/*
 * Write the traces of the checked rows, all or nothing.  Return: 0,
 * EXIT_USAGE (input that cannot be a trace) or EXIT_FAILURE_RUN (I/O).
 */
static int write_traces(const struct import *im, const char *dir, const char *combined,
			char **names, char *err, size_t errlen)
{
	static struct gpugov_trace_rec rec[GPUGOV_MAX_OPPS];
	struct gpugov_trace_hdr h, first_hdr;
	struct import_out o;
	char dest[512];
	FILE *f = NULL;
	int ret = EXIT_USAGE;
	u32 caps = 0;
	size_t k;

	if (combined) {
		snprintf(dest, sizeof(dest), "%s/%s.trace", dir, names[0]);
		caps = import_scope_caps(im, NULL, im->t->nrows, dest);
	}
	if (import_out_begin(&o, dir, err, errlen))
		return EXIT_FAILURE_RUN;
	for (k = 0; k < im->nk; k++) {
		size_t first = im->order[im->kstart[k]];

		if (!combined) {
			snprintf(dest, sizeof(dest), "%s/%s.trace", dir, names[k]);
			caps = import_scope_caps(im, im->order + im->kstart[k],
						 im->kstart[k + 1] - im->kstart[k], dest);
		}
		if (build_kernel(im, k, caps, &h, rec, err, errlen))
			goto fail;
		if (combined && k) {
			if (h.opps.nr != first_hdr.opps.nr ||
			    memcmp(&h.opps.opp, &first_hdr.opps.opp,
				   h.opps.nr * sizeof(h.opps.opp[0]))) {
				snprintf(err, errlen, "%s:%zu: kernel %.100s has other clock "
					 "pairs than the first kernel: cannot combine",
					 im->t->path, im->t->line[first], im->rows[first].key);
				goto fail;
			}
		} else {
			if (combined) {
				set_source(&h, im->t->path, NULL);
				first_hdr = h;
			}
			f = import_out_open(&o, names[combined ? 0 : k], err, errlen);
			if (!f || gpugov_trace_write_header(f, &h))
				goto io_fail;
		}
		if (write_recs(f, combined ? &first_hdr : &h, rec, combined ? (u32)k : 0))
			goto io_fail;
		if ((!combined || k + 1 == im->nk) && import_out_close(&o, err, errlen))
			goto io_fail;
	}
	if (!import_out_commit(&o, err, errlen))
		return 0;
	ret = EXIT_FAILURE_RUN;
	goto fail;
io_fail:
	if (!*err)
		snprintf(err, errlen, "%.400s: write error: %s", dest, strerror(errno));
	ret = EXIT_FAILURE_RUN;
fail:
	import_out_abort(&o);
	return ret;
}

/* Return: 0, EXIT_USAGE (malformed input) or EXIT_FAILURE_RUN (I/O). */
static int import_table(struct import *im, const char *dir, const char *combined,
			char *err, size_t errlen)
{
	const struct csvtab *t = im->t;
	char **names = NULL;
	int ret = EXIT_USAGE;
	size_t k;

	if (im->nvdvfs ? nvdvfs_cols_find(t, &im->nc, err, errlen) :
	    import_csv_header(t, &im->gc, err, errlen))
		goto out;
	if (!t->nrows) {
		snprintf(err, errlen, "%s: no data rows", t->path);
		goto out;
	}
	if (import_read_rows(im, err, errlen))
		goto out;
	ret = EXIT_FAILURE_RUN;
	names = calloc(im->nk, sizeof(*names));
	if (!names) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (file_names(im, combined, names, err, errlen))
		goto out;
	ret = write_traces(im, dir, combined, names, err, errlen);
	if (ret)
		goto out;
	fprintf(stderr, "gpugov-replay import: %zu rows, %zu kernels -> %s%s%s%s%s\n",
		t->nrows, im->nk, dir, combined ? "/" : "", combined ? names[0] : "",
		combined ? ".trace" : "", im->power ? " (with measured power)" : "");
out:
	for (k = 0; k < im->nk && names; k++)
		free(names[k]);
	free(names);
	import_free_rows(im);
	import_csv_free(&im->gc);
	return ret;
}

/* A device name the trace format takes: one word of 1..63 characters. */
static bool device_ok(const char *d)
{
	const char *p;

	if (!*d || strlen(d) >= GPUGOV_TRACE_NAME_MAX)
		return false;
	for (p = d; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '#')
			return false;
	return true;
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
	const char *out = NULL, *combined = NULL;
	struct import im = { .device = "gpu" };
	char err[512];
	struct csvtab t;
	int c, ret;

	optind = 1;
	while ((c = getopt_long(argc, argv, REPLAY_SHORT_OPTS, opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'd':
			im.device = optarg;
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
			im.coremem_gpu = optarg;
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
	if (!device_ok(im.device)) {
		fprintf(stderr, "gpugov-replay import: --device '%s': one word of at most "
			"%d characters, without '#'\n", im.device, GPUGOV_TRACE_NAME_MAX - 1);
		return EXIT_USAGE;
	}
	if (combined && !*combined) {
		fprintf(stderr, "gpugov-replay import: --combined needs a name\n");
		return EXIT_USAGE;
	}
	im.nvdvfs = !strcmp(argv[optind], "nvdvfs");
	ret = csvtab_load(&t, argv[optind + 1], err, sizeof(err));
	if (ret) {
		fprintf(stderr, "gpugov-replay import: %s\n", err);
		csvtab_free(&t);
		return ret == CSVTAB_FAIL ? EXIT_FAILURE_RUN : EXIT_USAGE;
	}
	err[0] = 0;
	im.t = &t;
	ret = import_table(&im, out, combined, err, sizeof(err));
	csvtab_free(&t);
	if (ret)
		fprintf(stderr, "gpugov-replay import: %s\n", err);
	return ret;
}
