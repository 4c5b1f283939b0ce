// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_accuracy.c - `gpugov-replay accuracy`: open-loop prediction error.
 *
 * For every segment of every sweep trace, each model sees only the
 * counters measured at the base OPP and predicts the time of that work at
 * every other OPP; the error is (predicted - true) / true.  Reported per
 * model: MAPE, maximum absolute error and signed bias, overall, per move
 * class (core clock only, memory clock only, both) and per workload, next
 * to the trivial baselines "1/f" (time proportional to the core clock
 * period) and "none" (no change).  The busy-only model is not listed: with
 * a single measured point it is the 1/f baseline.  A model a trace lacks
 * the counters for is not scored on it, and that is said on stderr, with
 * the missing counters.
 */
#include <math.h>
#include <string.h>
#include "cmdline.h"
#include "sweep.h"
#include "gpugov_predict.h"

#define MODEL_INV_F	GPUGOV_NR_PRED		/* baseline: T * f_base / f */
#define MODEL_NONE	(GPUGOV_NR_PRED + 1)	/* baseline: T */
#define NR_MODELS	(GPUGOV_NR_PRED + 2)

enum move_class { MOVE_CORE, MOVE_MEM, MOVE_JOINT, NR_MOVES };

static const char *const move_names[NR_MOVES] = { "core", "mem", "joint" };

struct err_stats {
	unsigned long n;
	double sum_abs, sum, max_abs;
};

struct accuracy_opts {
	int base;		/* OPP index, -1 = top */
	bool want[NR_MODELS];
	bool named[NR_MODELS];	/* asked for with --predictor */
	enum table_format fmt;
};

/* Traces a model could not be scored on: how many, which, and why. */
struct unscored {
	unsigned int n;
	u32 missing;		/* GPUGOV_CAP_* the traces lack */
	char names[200];	/* the first traces' names, whole */
	bool more;		/* and more than those */
};

static void stats_add(struct err_stats *s, double e)
{
	s->n++;
	s->sum_abs += fabs(e);
	s->sum += e;
	if (fabs(e) > s->max_abs)
		s->max_abs = fabs(e);
}

static const char *model_name(int m)
{
	if (m == MODEL_INV_F)
		return "1/f";
	if (m == MODEL_NONE)
		return "none";
	return gpugov_predictor(m)->name;
}

static void fmt_pct(char *buf, double v)
{
	table_num(buf, "%.2f", 100 * v);
}

static void add_stats_row(struct table *t, const char *a, const char *b,
			  const struct err_stats *s)
{
	char n[TABLE_CELL], mape[TABLE_CELL], mx[TABLE_CELL], bias[TABLE_CELL];

	snprintf(n, sizeof(n), "%lu", s->n);
	fmt_pct(mape, s->n ? s->sum_abs / s->n : 0);
	fmt_pct(mx, s->max_abs);
	fmt_pct(bias, s->n ? s->sum / s->n : 0);
	table_add(t, a, b, n, mape, mx, bias);
}

static enum move_class move_of(const struct gpugov_opp *b, const struct gpugov_opp *o)
{
	if (b->mem_khz == o->mem_khz)
		return MOVE_CORE;
	return b->core_khz == o->core_khz ? MOVE_MEM : MOVE_JOINT;
}

/* Note that model @m cannot be scored on @w: it lacks @missing. */
static void note_unscored(struct unscored *u, const struct sweep *w, u32 missing)
{
	size_t len = strlen(u->names);

	u->n++;
	if (!u->more && len + strlen(w->name) + 3 < sizeof(u->names))
		snprintf(u->names + len, sizeof(u->names) - len, "%s%s",
			 len ? ", " : "", w->name);
	else
		u->more = true;
	u->missing |= missing;
}

/* Errors of every wanted model on one trace, added to @all and @per. */
static void score_sweep(const struct sweep *w, const struct accuracy_opts *o,
			struct err_stats all[NR_MODELS][NR_MOVES],
			struct err_stats per[NR_MODELS], struct unscored un[NR_MODELS])
{
	int m;

	for (m = 0; m < GPUGOV_NR_PRED; m++) {
		u32 need = gpugov_predictor(m)->caps;

		if (o->want[m] && (need & w->t.hdr.caps) != need)
			note_unscored(&un[m], w, need & ~w->t.hdr.caps);
	}

	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	u32 base = o->base < 0 ? t->nr - 1 : (u32)o->base, seg, i;
	struct gpugov_pred_state st;
	u64 tp[GPUGOV_MAX_OPPS];

	for (seg = 0; seg < w->t.nr_seg; seg++) {
		const struct gpugov_sample *s = sweep_sample(w, seg, base);

		for (m = 0; m < NR_MODELS; m++) {
			if (!o->want[m])
				continue;
			if (m < GPUGOV_NR_PRED) {
				if ((gpugov_predictor(m)->caps & w->t.hdr.caps) !=
				    gpugov_predictor(m)->caps)
					continue;
				sweep_pred_init(&st, w);
				gpugov_predict(&st, m, s, t, tp);
			}
			for (i = 0; i < t->nr; i++) {
				double truth, pred;

				if (i == base || sweep_work_time_ns(w, seg, base, i, &truth) ||
				    truth <= 0)
					continue;
				if (m == MODEL_INV_F)
					pred = (double)s->busy_ns * t->opp[base].core_khz /
					       t->opp[i].core_khz;
				else if (m == MODEL_NONE)
					pred = (double)s->busy_ns;
				else
					pred = tp[i] / 1000.0;
				stats_add(&all[m][move_of(&t->opp[base], &t->opp[i])],
					  (pred - truth) / truth);
				stats_add(&per[m], (pred - truth) / truth);
			}
		}
	}
}

static void print_help(void)
{
	printf("usage: gpugov-replay accuracy [--base N|top] [--predictor NAME]...\n"
	       "                              [--coremem-gpu NAME|FILE] [--csv|--json]\n"
	       "                              SWEEP_TRACE...\n"
	       "Open-loop error of each model from the base OPP to every other OPP:\n"
	       "MAPE, max |error| and signed bias in %%, overall, per move class and\n"
	       "per workload (one workload per trace file), beside the baselines 1/f\n"
	       "(time ~ core period) and none (no change).\n"
	       "  --base N|top      the base OPP: N is an OPP index into each trace's\n"
	       "                    OPP table, 0 (the lowest OPP) to the number of OPPs\n"
	       "                    - 1 (at most %d); top (default): the highest OPP\n"
	       "  --predictor NAME  score this model (repeatable; default: all but busy)\n"
	       COREMEM_HELP
	       PCSTALL_HELP
	       "A model is not scored on a trace that lacks its counters; each such\n"
	       "model is named on stderr with the counters missing.\n"
	       "Exit status: 0 success, 1 unreadable trace, or no trace has the\n"
	       "counters of a model named with --predictor, 2 bad usage.\n",
	       GPUGOV_MAX_OPPS - 1);
}

/* accuracy's own options (struct cmdline's @own). */
static int accuracy_opt(int c, void *ctx)
{
	struct accuracy_opts *o = ctx;

	switch (c) {
	case 'b':
		return parse_base_opp("accuracy", optarg, false, &o->base);
	case 'p':
		return set_wanted(o->want, gpugov_predictor_find(optarg, strlen(optarg)));
	default:
		return EXIT_USAGE;
	}
}

static int parse_accuracy_args(int argc, char **argv, struct accuracy_opts *o)
{
	static const struct option opts[] = {
		{ "base", required_argument, NULL, 'b' },
		{ "predictor", required_argument, NULL, 'p' },
		FORMAT_LONG_OPTS,
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	const struct cmdline cl = { .cmd = "accuracy", .opts = opts, .help = print_help,
				    .own = accuracy_opt, .o = o, .fmt = &o->fmt };
	int ret;

	memset(o, 0, sizeof(*o));
	o->base = BASE_TOP;
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
	memcpy(o->named, o->want, sizeof(o->named));
	want_all_but_busy(o->want, NR_MODELS);
	o->want[MODEL_INV_F] = o->want[MODEL_NONE] = true;
	return cmdline_need_traces("accuracy", argc);
}

int cmd_accuracy(int argc, char **argv)
{
	static const char *const ocols[] = { "model", "move", "points", "mape_pct",
					     "max_pct", "bias_pct" };
	static const char *const wcols[] = { "workload", "model", "points", "mape_pct",
					     "max_pct", "bias_pct" };
	static struct err_stats all[NR_MODELS][NR_MOVES];
	struct err_stats per[NR_MODELS], total;
	struct unscored un[NR_MODELS];
	struct accuracy_opts o;
	struct table ot, wt;
	struct sweep w;
	int ret, a, m, k;
	char missing[256];

	ret = parse_accuracy_args(argc, argv, &o);
	if (ret)
		return ret;
	memset(un, 0, sizeof(un));
	table_init(&ot, "accuracy", o.fmt, ocols, 6);
	table_init(&wt, "accuracy per workload", o.fmt, wcols, 6);
	for (a = optind; a < argc; a++) {
		if (sweep_open(&w, argv[a], "accuracy"))
			return EXIT_FAILURE_RUN;
		if (o.base >= (int)w.t.hdr.opps.nr) {
			fprintf(stderr, "gpugov-replay accuracy: %s: --base %d is not an OPP "
				"index of this trace: it has %u OPPs, indices 0 (the lowest) "
				"to %u, or top\n", argv[a], o.base, w.t.hdr.opps.nr,
				w.t.hdr.opps.nr - 1);
			sweep_free(&w);
			return EXIT_USAGE;
		}
		memset(per, 0, sizeof(per));
		score_sweep(&w, &o, all, per, un);
		for (m = 0; m < NR_MODELS; m++)
			if (per[m].n)
				add_stats_row(&wt, w.name, model_name(m), &per[m]);
		sweep_free(&w);
	}
	for (m = 0; m < NR_MODELS; m++) {
		memset(&total, 0, sizeof(total));
		for (k = 0; k < NR_MOVES; k++) {
			total.n += all[m][k].n;
			total.sum += all[m][k].sum;
			total.sum_abs += all[m][k].sum_abs;
			total.max_abs = fmax(total.max_abs, all[m][k].max_abs);
		}
		if (!total.n)
			continue;
		add_stats_row(&ot, model_name(m), "all", &total);
		for (k = 0; k < NR_MOVES; k++)
			if (all[m][k].n && all[m][k].n != total.n)
				add_stats_row(&ot, model_name(m), move_names[k], &all[m][k]);
	}
	table_json_begin(stdout, o.fmt);
	table_print(&ot, stdout);
	table_print(&wt, stdout);
	table_json_end(stdout, o.fmt);
	table_free(&ot);
	table_free(&wt);
	fflush(stdout);
	for (m = 0; m < GPUGOV_NR_PRED; m++) {
		bool none = un[m].n == (unsigned int)(argc - optind);

		if (!un[m].n)
			continue;
		gpugov_trace_cap_columns(un[m].missing, missing, sizeof(missing));
		if (none)
			fprintf(stderr, "gpugov-replay accuracy: %s not scored: no trace has "
				"its counters (missing %s)\n", model_name(m), missing);
		else
			fprintf(stderr, "gpugov-replay accuracy: %s not scored on %u of %d "
				"traces (%s%s): missing counters %s\n", model_name(m),
				un[m].n, argc - optind, un[m].names,
				un[m].more ? ", ..." : "", missing);
		if (o.named[m] && none)
			ret = EXIT_FAILURE_RUN;
	}
	return ret;
}
