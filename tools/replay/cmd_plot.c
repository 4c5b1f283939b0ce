// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_plot.c - `gpugov-replay plot`: PNG figures through gnuplot.
 *
 *   freq SEQUENCE.csv      core clock over segments, one line per policy
 *                          (the file `run --sequence` writes)
 *   accuracy SWEEP_TRACE   predicted vs true time across OPPs, summed over
 *                          the trace's segments, from the base OPP (top)
 *   energy RUN.csv         energy vs time per policy (`run --csv` output)
 *   timeline FRAMES.csv    one policy's real-time run: clock and frames
 *                          against time (`realtime --frames`;
 *                          plot_timeline.c)
 * Data go to gnuplot inline, so no temporary files are left behind; the
 * PNG is written all or nothing (outfile.h): gnuplot draws into a temporary
 * file, renamed into place when it succeeded.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "outfile.h"
#include "replay.h"
#include "rows.h"
#include "sweep.h"
#include "table.h"
#include "gpugov_predict.h"
#include "label_layout.h"
#include "plot.h"

/*
 * Every plot's line types 1..PLOT_NR_COLOURS: Okabe & Ito's colour-blind-
 * safe set ("Color Universal Design", 2008) but its yellow, too faint for
 * a line on white, black last (PLOT_BLACK), each with its own point type
 * so that no series is told from another by colour alone.
 */
static const char *const plot_colours[PLOT_NR_COLOURS] = {
	"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
	"#000000",
};

static void gnuplot_palette(FILE *g)
{
	static const int pt[PLOT_NR_COLOURS] = { 7, 5, 9, 13, 11, 6, 8 };
	int i;

	for (i = 0; i < PLOT_NR_COLOURS; i++)
		fprintf(g, "set linetype %d lc rgb '%s' lw 1.5 pt %d\n", i + 1,
			plot_colours[i], pt[i]);
	fprintf(g, "set linetype cycle %d\n", PLOT_NR_COLOURS);
}

FILE *gnuplot_open(const struct plot_opts *o, const char *title,
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
	gnuplot_palette(g);
	return g;
}

int gnuplot_close(FILE *g)
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
int gnuplot_rows(FILE *g, const char *path, const char *header,
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

/* Whether row @f (workload, policy, ...) is to be plotted. */
bool row_wanted(struct rows_ctx *r, char **f)
{
	if (!r->workload[0])
		snprintf(r->workload, sizeof(r->workload), "%s",
			 r->o->workload ? r->o->workload : f[0]);
	return !strcmp(f[0], r->workload) && wanted(r->o, f[1]);
}

/* The clock plot's panels: one per policy, at most PLOT_MAX_PANELS. */
#define PLOT_MAX_PANELS	24	/* its message says 24 */

struct seq_ctx {
	struct rows_ctx r;
	char policy[PLOT_MAX_PANELS][64];
	int blocks;
	u32 khz_min, khz_max, seg_max;
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
	if (!c->blocks || strcmp(f[1], c->policy[c->blocks - 1])) {
		if (c->blocks == PLOT_MAX_PANELS)
			return "more policies than panels (24): choose some with --policies";
		fprintf(c->r.g, "%s\"%s\"\n", c->blocks ? "\n\n" : "", f[1]);
		snprintf(c->policy[c->blocks++], sizeof(c->policy[0]), "%s", f[1]);
		if (c->blocks == 1)
			c->khz_min = c->khz_max = khz;
	}
	c->khz_min = min_t(u32, c->khz_min, khz);
	c->khz_max = max_t(u32, c->khz_max, khz);
	c->seg_max = max_t(u32, c->seg_max, seg);
	fprintf(c->r.g, "%u %.1f\n", seg, khz / 1000.0);
	return NULL;
}

/*
 * Small multiples: a panel per policy, stacked, one clock axis and one
 * segment axis for all, so that no line hides another and no legend takes
 * room from the data.
 */
static int plot_freq(const char *path, const struct plot_opts *o)
{
	struct seq_ctx c = { .r.o = o };
	FILE *g = gnuplot_open(o, "", "", "");
	double lo, hi, h;
	int ret, i;

	if (!g)
		return EXIT_FAILURE_RUN;
	c.r.g = g;
	ret = gnuplot_rows(g, path, "workload,policy,segment,opp,core_khz,mem_khz", seq_row, &c);
	if (ret)
		return ret;
	if (!c.blocks) {
		pclose(g);
		fprintf(stderr, "gpugov-replay plot: %s: no rows to plot\n", path);
		return EXIT_USAGE;
	}
	lo = c.khz_min / 1000.0;
	hi = c.khz_max / 1000.0;
	h = hi > lo ? hi - lo : 1;
	/*
	 * 90 px a panel, a panel's height for the title and the axis; the
	 * top third of a panel is left to its name, above the highest clock
	 */
	fprintf(g, "set terminal pngcairo size 1000,%d noenhanced font ',9'\n"
		"set output '%s'\nunset key\nunset title\nunset xlabel\n"
		"set yrange [%.1f:%.1f]\nset xrange [0:%u]\nset ytics %g\n"
		"set multiplot layout %d,1 title '%s: core clock chosen per segment (MHz)' "
		"margins 0.08,0.98,%.3f,%.3f spacing 0,0.008\n",
		180 + 90 * c.blocks, o->out, lo - 0.1 * h, hi + 0.6 * h, c.seg_max + 1,
		h / 2, c.blocks, c.r.workload, 70.0 / (180 + 90 * c.blocks),
		1 - 60.0 / (180 + 90 * c.blocks));
	for (i = 0; i < c.blocks; i++) {
		fprintf(g, "set label 1 '%s' at graph 0.01,0.86 left front font ',9'\n",
			c.policy[i]);
		if (i == c.blocks - 1)
			fprintf(g, "set format x '%%g'\nset xlabel 'segment'\n");
		else
			fprintf(g, "set format x ''\n");
		fprintf(g, "plot $d index %d using 1:2 with steps lw 2 lc %d\n", i,
			i % PLOT_NR_COLOURS + 1);
	}
	fprintf(g, "unset multiplot\n");
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
	g = gnuplot_open(o, w.name, "OPP (core MHz/memory MHz)", "time of the work, us");
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
	/*
	 * the truth thick and black; the models in the other colours, dashed
	 * once those are used, so that no two series look alike
	 */
	fprintf(g, "EOD\nset xtics rotate by 60 right\nplot $d using 0:2:xtic(1) "
		"with linespoints lt %d lw 3.5 title 'true'", PLOT_BLACK);
	for (m = 0, col = 3, i = 0; m < GPUGOV_NR_PRED; m++, col++)
		if (pred[m][top] > 0) {
			fprintf(g, ", $d using 0:%d with linespoints lt %u dt %u title '%s'",
				col, i % (PLOT_BLACK - 1) + 1, i / (PLOT_BLACK - 1) + 1,
				gpugov_predictor(m)->name);
			i++;
		}
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

/* The energy plot's points: a policy's time and energy, and its kind. */
struct energy_ctx {
	struct rows_ctx r;
	double t[LABEL_LAYOUT_MAX], e[LABEL_LAYOUT_MAX];
	char name[LABEL_LAYOUT_MAX][64];
	size_t n;
};

static const char *energy_row(char **f, int n, void *ctx)
{
	struct energy_ctx *c = ctx;
	double e, t;

	if (n != 10)
		return "not 10 fields";
	if (!ratio_ok(f[2]) || !ratio_ok(f[3]))
		return "energy or time is neither a number nor " TABLE_NONE;
	if (!row_wanted(&c->r, f) || !strncmp(f[1], "static-", 7) ||
	    parse_finite(f[2], &e) || parse_finite(f[3], &t))
		return NULL;	/* TABLE_NONE: nothing to place */
	if (c->n == LABEL_LAYOUT_MAX)
		return "more policies than the plot has room for: choose some with --policies";
	c->e[c->n] = e;
	c->t[c->n] = t;
	snprintf(c->name[c->n++], sizeof(c->name[0]), "%s", f[1]);
	return NULL;
}

/*
 * The line type (colour) of a policy's point: gpugov blue, simple_ondemand
 * orange, an oracle green, any other black.
 */
static int energy_kind(const char *name)
{
	if (!strncmp(name, "gpugov-", 7))
		return 1;
	if (!strncmp(name, "simple_ondemand", 15))
		return 2;
	if (!strncmp(name, "oracle-", 7))
		return 3;
	return PLOT_BLACK;
}

/*
 * Energy against time, a point per policy; the names in a column right
 * of the plot, in the order of the points' energy, each joined to its
 * point by a leader line, so that no two overlap however the points
 * cluster, and none is cut at the edge.  A leader runs level from its
 * point to the plot's right edge, then to its name: level runs at
 * different heights never meet, and the short runs in the margin keep
 * the points' order at both ends, so no two leaders cross.
 */
static int plot_energy(const char *path, const struct plot_opts *o)
{
	static struct energy_ctx c;
	double want[LABEL_LAYOUT_MAX], pos[LABEL_LAYOUT_MAX];
	double x0, x1, y0, y1, gap, plot_px;
	int ret, height = 600;
	size_t i, w = 0;
	FILE *g;

	memset(&c, 0, sizeof(c));
	c.r.o = o;
	ret = read_rows(path, "workload,policy,energy,time,edp,ed2p,oracle_pct,"
			"switches,shortfall_pct,overruns", energy_row, &c);
	if (ret)
		return ret;
	if (!c.n) {
		fprintf(stderr, "gpugov-replay plot: %s: no rows to plot\n", path);
		return EXIT_USAGE;
	}
	x0 = x1 = c.t[0];
	y0 = y1 = c.e[0];
	for (i = 0; i < c.n; i++) {
		x0 = fmin(x0, c.t[i]);
		x1 = fmax(x1, c.t[i]);
		y0 = fmin(y0, c.e[i]);
		y1 = fmax(y1, c.e[i]);
		w = max_t(size_t, w, strlen(c.name[i]));
	}
	/* room around the points: 5 % of the spread, or a little */
	x0 -= fmax((x1 - x0) * 0.05, 0.0005);
	x1 += fmax((x1 - x0) * 0.05, 0.0005);
	y0 -= fmax((y1 - y0) * 0.05, 0.005);
	y1 += fmax((y1 - y0) * 0.05, 0.005);
	/* a 14 px line a label; the plot spans 80 % of the height */
	plot_px = fmax(0.8 * height, 14.0 * (double)(c.n + 1));
	height = (int)(plot_px / 0.8);
	gap = 14.0 / plot_px;
	for (i = 0; i < c.n; i++)
		want[i] = (c.e[i] - y0) / (y1 - y0);
	if (label_layout(want, pos, c.n, gap))
		return EXIT_FAILURE_RUN;	/* not reached: the height fits them */
	g = gnuplot_open(o, "energy vs time, relative to performance",
			 "time / time(performance)", "energy / energy(performance)");
	if (!g)
		return EXIT_FAILURE_RUN;
	/* the label column takes what its longest name needs (7 px a character) */
	fprintf(g, "set terminal pngcairo size %d,%d noenhanced font ',9'\nset output '%s'\n"
		"set key off\nset lmargin at screen 0.09\nset bmargin at screen 0.1\n"
		"set tmargin at screen 0.9\nset rmargin at screen %.3f\n"
		"set xrange [%f:%f]\nset yrange [%f:%f]\n",
		1000, height, o->out, 1 - (30.0 + 7.0 * (double)w) / 1000, x0, x1, y0, y1);
	for (i = 0; i < c.n; i++)
		fprintf(g, "set label %zu '%s' at graph 1.04, graph %f left font ',8' "
			"textcolor lt %d\nset arrow %zu from first %f, first %f to graph 1, "
			"first %f back nohead lw 0.5 lc rgb '#999999'\nset arrow %zu from graph 1, "
			"first %f to graph 1.035, graph %f back nohead lw 0.5 lc rgb '#999999'\n",
			i + 1, c.name[i], pos[i], energy_kind(c.name[i]), 2 * i + 1, c.t[i],
			c.e[i], c.e[i], 2 * i + 2, c.e[i], pos[i]);
	fprintf(g, "$d << EOD\n");
	for (i = 0; i < c.n; i++)
		fprintf(g, "%f %f %d\n", c.t[i], c.e[i], energy_kind(c.name[i]));
	fprintf(g, "EOD\nset label 996 'gpugov' at screen 0.62, screen 0.03 left textcolor lt 1\n"
		"set label 997 'simple_ondemand' at screen 0.69, screen 0.03 left textcolor lt 2\n"
		"set label 998 'oracles' at screen 0.82, screen 0.03 left textcolor lt 3\n"
		"set label 999 'others' at screen 0.89, screen 0.03 left textcolor lt %d\n"
		"plot $d using 1:2:3 with points pt 7 ps 1.3 lc variable\n", PLOT_BLACK);
	return gnuplot_close(g);
}

int cmd_plot(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "workload", required_argument, NULL, 'w' },
		{ "policies", required_argument, NULL, 'p' },
		{ "sequence", required_argument, NULL, 'S' },
		{ "trace", required_argument, NULL, 'T' },
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
		case 'S':
			o.sequence = optarg;
			break;
		case 'T':
			o.trace = optarg;
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
			printf("usage: gpugov-replay plot freq|accuracy|energy|timeline FILE --out PNG\n"
			       "          [--workload NAME] [--policies A,B,...] [--coremem-gpu NAME|FILE]\n"
			       "          [--trace TRACE] [--sequence SEQUENCE.csv]\n"
			       "          [--pcstall-entries N] [--pcstall-shift N] [--pcstall-age-half N]\n"
			       "  freq      core clock per segment from `run --sequence` output\n"
			       "  accuracy  predicted vs true time across OPPs of a sweep trace\n"
			       "  energy    energy vs time per policy from `run --csv` output\n"
			       "  timeline  one policy's real-time run from `realtime --frames`\n"
			       "            output (the first of --policies, or the first row's):\n"
			       "            the core clock (steps at the decisions of --sequence,\n"
			       "            `realtime --sequence` output) and the frames against\n"
			       "            time; --trace names the trace whose OPPs they index\n"
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
	else if (!strcmp(argv[optind], "timeline"))
		plot = plot_timeline;
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
