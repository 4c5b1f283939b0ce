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
 * a single measured point it is the 1/f baseline.
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
	enum table_format fmt;
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

/* Errors of every wanted model on one trace, added to @all and @per. */
static void score_sweep(const struct sweep *w, const struct accuracy_opts *o,
			struct err_stats all[NR_MODELS][NR_MOVES],
			struct err_stats per[NR_MODELS])
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	u32 base = o->base < 0 ? t->nr - 1 : (u32)o->base, seg, i;
	struct gpugov_pred_state st;
	u64 tp[GPUGOV_MAX_OPPS];
	int m;

	for (seg = 0; seg < w->t.nr_seg; seg++) {
		const struct gpugov_sample *s = sweep_sample(w, seg, base);

		for (m = 0; m < NR_MODELS; m++) {
			if (!o->want[m])
				continue;
			if (m < GPUGOV_NR_PRED) {
				if ((gpugov_predictor(m)->caps & w->t.hdr.caps) !=
				    gpugov_predictor(m)->caps)
					continue;
				gpugov_pred_init(&st);
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
	       "                              [--csv|--json] SWEEP_TRACE...\n"
	       "Open-loop error of each model from the base OPP (default: top) to\n"
	       "every other OPP: MAPE, max |error| and signed bias in %%, overall, per\n"
	       "move class and per workload (one workload per trace file), beside the\n"
	       "baselines 1/f (time ~ core period) and none (no change).\n"
	       "Exit status: 0 success, 1 unreadable trace, 2 bad usage.\n");
}

/* accuracy's own options (struct cmdline's @own). */
static int accuracy_opt(int c, void *ctx)
{
	struct accuracy_opts *o = ctx;
	u32 v;

	switch (c) {
	case 'b':
		if (!strcmp(optarg, "top"))
			o->base = -1;
		else if (parse_u32(optarg, strlen(optarg), &v) || v >= GPUGOV_MAX_OPPS)
			return -1;
		else
			o->base = (int)v;
		return 0;
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
		{ NULL, 0, NULL, 0 },
	};
	const struct cmdline cl = { .cmd = "accuracy", .opts = opts, .help = print_help,
				    .own = accuracy_opt, .o = o, .fmt = &o->fmt };
	int ret;

	memset(o, 0, sizeof(*o));
	o->base = -1;
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
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
	struct accuracy_opts o;
	struct table ot, wt;
	struct sweep w;
	int ret, a, m, k;

	ret = parse_accuracy_args(argc, argv, &o);
	if (ret)
		return ret;
	table_init(&ot, "accuracy", o.fmt, ocols, 6);
	table_init(&wt, "accuracy per workload", o.fmt, wcols, 6);
	for (a = optind; a < argc; a++) {
		if (sweep_open(&w, argv[a], "accuracy"))
			return EXIT_FAILURE_RUN;
		if (o.base >= (int)w.t.hdr.opps.nr) {
			fprintf(stderr, "gpugov-replay accuracy: %s: --base %d, but the trace "
				"has %u OPPs\n", argv[a], o.base, w.t.hdr.opps.nr);
			sweep_free(&w);
			return EXIT_USAGE;
		}
		memset(per, 0, sizeof(per));
		score_sweep(&w, &o, all, per);
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
	return EXIT_OK;
}
