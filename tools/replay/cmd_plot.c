// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_plot.c - `gpugov-replay plot`: PNG figures through gnuplot.
 *
 *   freq SEQUENCE.csv      core clock over segments, one line per policy
 *                          (the file `run --sequence` writes)
 *   accuracy SWEEP_TRACE   predicted vs true time across OPPs, summed over
 *                          the trace's segments, from the base OPP (top)
 *   energy RUN.csv         energy vs time per policy (`run --csv` output)
 * Data go to gnuplot inline, so no temporary files are left behind; the
 * PNG is written all or nothing (outfile.h): gnuplot draws into a temporary
 * file, renamed into place when it succeeded.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "outfile.h"
#include "replay.h"
#include "rows.h"
#include "sweep.h"
#include "table.h"
#include "gpugov_predict.h"

struct plot_opts {
	const char *out, *workload, *policies;
};

static FILE *gnuplot_open(const struct plot_opts *o, const char *title,
			  const char *xlabel, const char *ylabel)
{
	FILE *g = popen("gnuplot", "w");

	if (!g) {
		perror("gpugov-replay plot: gnuplot");
		return NULL;
	}
	fprintf(g, "set terminal pngcairo size 1000,600 noenhanced\n"
		"set output '%s'\nset title '%s'\nset xlabel '%s'\n"
		"set ylabel '%s'\nset grid\nset key outside right\n",
		o->out, title, xlabel, ylabel);
	return g;
}

static int gnuplot_close(FILE *g)
{
	int st = pclose(g);

	if (st) {
		fprintf(stderr, "gpugov-replay plot: gnuplot failed (is gnuplot installed?)\n");
		return EXIT_FAILURE_RUN;
	}
	return EXIT_OK;
}

/*
 * The rows of @path (read_rows() with @header and @row) as gnuplot's data
 * block $d.  Return: 0, or read_rows()'s error (@g then closed).
 */
static int gnuplot_rows(FILE *g, const char *path, const char *header,
			rows_fn row, void *ctx)
{
	int ret;

	fprintf(g, "$d << EOD\n");
	ret = read_rows(path, header, row, ctx);
	fprintf(g, "EOD\n");
	if (ret)
		pclose(g);
	return ret;
}

static bool wanted(const struct plot_opts *o, const char *policy)
{
	const char *p = o->policies;
	size_t len = strlen(policy);

	if (!p)
		return true;
	while ((p = strstr(p, policy))) {
		if ((p == o->policies || p[-1] == ',') && (p[len] == ',' || !p[len]))
			return true;
		p += len;
	}
	return false;
}

/* Rows of one workload (--workload, or the first row's) written to @g. */
struct rows_ctx {
	const struct plot_opts *o;
	FILE *g;
	char workload[128];
};

/* Whether row @f (workload, policy, ...) is to be plotted. */
static bool row_wanted(struct rows_ctx *r, char **f)
{
	if (!r->workload[0])
		snprintf(r->workload, sizeof(r->workload), "%s",
			 r->o->workload ? r->o->workload : f[0]);
	return !strcmp(f[0], r->workload) && wanted(r->o, f[1]);
}

struct seq_ctx {
	struct rows_ctx r;
	char policy[64];
	int blocks;
};

static const char *seq_row(char **f, int n, void *ctx)
{
	struct seq_ctx *c = ctx;
	u32 seg, khz;

	if (n != 6)
		return "not 6 fields";
	if (parse_u32(f[2], strlen(f[2]), &seg) || parse_u32(f[4], strlen(f[4]), &khz))
		return "segment or core_khz is not an unsigned number";
	if (!row_wanted(&c->r, f))
		return NULL;
	if (strcmp(f[1], c->policy)) {
		fprintf(c->r.g, "%s\"%s\"\n", c->blocks++ ? "\n\n" : "", f[1]);
		snprintf(c->policy, sizeof(c->policy), "%s", f[1]);
	}
	fprintf(c->r.g, "%u %.1f\n", seg, khz / 1000.0);
	return NULL;
}

static int plot_freq(const char *path, const struct plot_opts *o)
{
	struct seq_ctx c = { .r.o = o };
	FILE *g = gnuplot_open(o, "core clock chosen per segment", "segment", "core MHz");
	int ret;

	if (!g)
		return EXIT_FAILURE_RUN;
	c.r.g = g;
	ret = gnuplot_rows(g, path, "workload,policy,segment,opp,core_khz,mem_khz", seq_row, &c);
	if (ret)
		return ret;
	fprintf(g, "plot for [i=0:%d] $d index i using 1:2 with steps lw 2 "
		"title columnheader(1)\n", c.blocks ? c.blocks - 1 : 0);
	return gnuplot_close(g);
}

static int plot_accuracy(const char *path, const struct plot_opts *o)
{
	double truth[GPUGOV_MAX_OPPS] = { 0 }, pred[GPUGOV_NR_PRED][GPUGOV_MAX_OPPS] = { { 0 } };
	struct gpugov_pred_state st;
	u64 tp[GPUGOV_MAX_OPPS];
	struct sweep w;
	u32 seg, i, top;
	int m, col;
	FILE *g;

	if (sweep_open(&w, path, "plot"))
		return EXIT_FAILURE_RUN;
	top = w.t.hdr.opps.nr - 1;
	for (seg = 0; seg < w.t.nr_seg; seg++) {
		for (i = 0; i < w.t.hdr.opps.nr; i++) {
			double ns;

			if (!sweep_work_time_ns(&w, seg, top, i, &ns))
				truth[i] += ns / 1e3;
		}
		for (m = 0; m < GPUGOV_NR_PRED; m++) {
			if ((gpugov_predictor(m)->caps & w.t.hdr.caps) != gpugov_predictor(m)->caps)
				continue;
			sweep_pred_init(&st, &w);
			gpugov_predict(&st, m, sweep_sample(&w, seg, top), &w.t.hdr.opps, tp);
			for (i = 0; i < w.t.hdr.opps.nr; i++)
				pred[m][i] += tp[i] / 1e6;
		}
	}
	g = gnuplot_open(o, w.name, "OPP (core MHz)", "time of the work, us");
	if (!g) {
		sweep_free(&w);
		return EXIT_FAILURE_RUN;
	}
	fprintf(g, "$d << EOD\nopp true");
	for (m = 0; m < GPUGOV_NR_PRED; m++)
		fprintf(g, " %s", gpugov_predictor(m)->name);
	fputc('\n', g);
	for (i = 0; i < w.t.hdr.opps.nr; i++) {
		fprintf(g, "%u/%u %.3f", w.t.hdr.opps.opp[i].core_khz / 1000,
			w.t.hdr.opps.opp[i].mem_khz / 1000, truth[i]);
		for (m = 0; m < GPUGOV_NR_PRED; m++)
			fprintf(g, " %.3f", pred[m][i]);
		fputc('\n', g);
	}
	fprintf(g, "EOD\nset xtics rotate by 60 right\nplot $d using 0:2:xtic(1) "
		"with linespoints lw 3 title 'true'");
	for (m = 0, col = 3; m < GPUGOV_NR_PRED; m++, col++)
		if (pred[m][top] > 0)
			fprintf(g, ", $d using 0:%d with linespoints title '%s'", col,
				gpugov_predictor(m)->name);
	fputc('\n', g);
	sweep_free(&w);
	return gnuplot_close(g);
}

/* A ratio of `run --csv`: a finite number, or TABLE_NONE where none exists */
static bool ratio_ok(const char *s)
{
	double v;

	return !strcmp(s, TABLE_NONE) || !parse_finite(s, &v);
}

static const char *energy_row(char **f, int n, void *ctx)
{
	struct rows_ctx *c = ctx;

	if (n != 10)
		return "not 10 fields";
	if (!ratio_ok(f[2]) || !ratio_ok(f[3]))
		return "energy or time is neither a number nor " TABLE_NONE;
	if (row_wanted(c, f) && strncmp(f[1], "static-", 7))
		fprintf(c->g, "%s %s %s\n", f[3], f[2], f[1]);
	return NULL;
}

static int plot_energy(const char *path, const struct plot_opts *o)
{
	struct rows_ctx c = { .o = o };
	FILE *g = gnuplot_open(o, "energy vs time, relative to performance",
			       "time / time(performance)", "energy / energy(performance)");
	int ret;

	if (!g)
		return EXIT_FAILURE_RUN;
	c.g = g;
	ret = gnuplot_rows(g, path, "workload,policy,energy,time,edp,ed2p,oracle_pct,"
			   "switches,shortfall_pct,overruns", energy_row, &c);
	if (ret)
		return ret;
	fprintf(g, "set key off\nplot $d using 1:2 with points pt 7 ps 1.5, "
		"$d using 1:2:3 with labels offset 1,0.5 left font ',8'\n");
	return gnuplot_close(g);
}

int cmd_plot(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "workload", required_argument, NULL, 'w' },
		{ "policies", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	int (*plot)(const char *path, const struct plot_opts *o) = NULL;
	char err[GPUGOV_TRACE_ERR_MAX];
	struct plot_opts o = { 0 };
	struct outfile png;
	int c, ret, idx = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, REPLAY_SHORT_OPTS, opts, &idx)) != -1) {
		switch (c) {
		case 'o':
			o.out = optarg;
			break;
		case 'w':
			o.workload = optarg;
			break;
		case 'p':
			o.policies = optarg;
			break;
		case COREMEM_OPT:
			if (replay_coremem_opt(optarg))
				return EXIT_USAGE;
			break;
		case PCSTALL_OPT:
			if (replay_pcstall_opt(opts[idx].name, optarg))
				return EXIT_USAGE;
			break;
		case 'h':
			printf("usage: gpugov-replay plot freq|accuracy|energy FILE --out PNG\n"
			       "          [--workload NAME] [--policies A,B,...] [--coremem-gpu NAME|FILE]\n"
			       "          [--pcstall-entries N] [--pcstall-shift N] [--pcstall-age-half N]\n"
			       "  freq      core clock per segment from `run --sequence` output\n"
			       "  accuracy  predicted vs true time across OPPs of a sweep trace\n"
			       "  energy    energy vs time per policy from `run --csv` output\n"
			       "Needs gnuplot. Exit status: 0 success, 1 failure, 2 bad usage.\n");
			return EXIT_OK;
		default:
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 2 || !o.out) {
		fprintf(stderr, "gpugov-replay plot: need KIND FILE --out PNG (see --help)\n");
		return EXIT_USAGE;
	}
	if (!strcmp(argv[optind], "freq"))
		plot = plot_freq;
	else if (!strcmp(argv[optind], "accuracy"))
		plot = plot_accuracy;
	else if (!strcmp(argv[optind], "energy"))
		plot = plot_energy;
	if (!plot) {
		fprintf(stderr, "gpugov-replay plot: unknown kind '%s'\n", argv[optind]);
		return EXIT_USAGE;
	}
	/* gnuplot writes the temporary file; it is put in place if all went well */
	if (outfile_open(&png, o.out, err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay plot: %s\n", err);
		return EXIT_FAILURE_RUN;
	}
	o.out = outfile_written(&png);
	ret = plot(argv[optind + 1], &o);
	if (ret) {
		outfile_abort(&png);
	} else if (outfile_commit(&png, err, sizeof(err))) {
		fprintf(stderr, "gpugov-replay plot: %s\n", err);
		ret = EXIT_FAILURE_RUN;
	}
	return ret;
}
