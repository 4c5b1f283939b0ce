// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_sensitivity.c - `gpugov-replay sensitivity`: how well each model
 * predicts the next epoch's work (PCSTALL section 6.1, Figure 14).
 *
 * Over an epoch sweep trace (fixed-time epochs, each pre-executed at every
 * OPP: the fork-pre-execute oracle of PCSTALL section 5.1), each model
 * runs closed loop with a policy (evalloop.c).  After epoch n, run at the
 * OPP chosen for it, the model predicts the instructions epoch n+1 commits
 * at each OPP f:
 *	PCSTALL	I(f) = I0 + S*f			gpugov_pcstall_work(), its
 *		table looked up with the PCs where epoch n+1 starts
 *		(sweep_next_start(), evalloop.c)
 *	ACCREAC	I(f) = I_n(f)			epoch n's true work at f (sweep)
 *	others	I(f) = I_n * T_n / T(f)		the measured rate at the
 *		predicted time T(f) of epoch n's work, over an epoch as long
 *		as epoch n's busy time T_n (ACCPC, accpc.c: T(f) from the true
 *		rates its PC table holds)
 * and the policy picks the OPP c of epoch n+1.  The oracle knows the
 * instructions A that epoch n+1 commits at c (the sweep).  Per epoch
 *	accuracy = max(0, 1 - |P - A| / A),   P = I(f_c),
 * averaged over the epochs of a workload, and over workloads for the
 * overall figure.  Epoch 0 (nothing to predict from) and epochs cut short
 * by the end of the workload (busy < epoch, the model cannot know) are not
 * scored.  Also reported: the signed error (P - A) / A ("bias"), the
 * accuracy over every OPP rather than the chosen one (the model alone,
 * whatever the policy picks), and the closed loop's objective (EDP, ED2P
 * or energy) relative to the best static OPP for that objective, and
 * PCSTALL's PC-table hit rate (lookups by the waves' next PCs that found
 * their line; PCSTALL section 4.4 reports 95%+ with 128 entries).
 *
 * What makes the next epoch hard to predict (PCSTALL section 3.3, Figure
 * 7) is given per workload from the sweep alone: the mean relative change
 * between consecutive full epochs of the work at the top OPP, and of the
 * true sensitivity S_n = (I_n(top) - I_n(lowest)) / (f_top - f_lowest),
 * each change |x_n - x_n-1| / max(|x_n|, |x_n-1|) (0 when both are 0).
 */
#include <math.h>
#include <string.h>
#include "cmdline.h"
#include "evalloop.h"

struct sens_opts {
	struct gpugov_policy_params params;
	bool want[NR_MODELS];
	enum table_format fmt;
};

/**
 * struct acc_stats - accuracy of one model
 * @n: scored epochs
 * @acc: sum of per-epoch accuracies at the chosen OPP
 * @err: sum of signed relative errors at the chosen OPP
 * @n_all: scored (epoch, OPP) points
 * @acc_all: sum of accuracies at every OPP
 * @log_ratio: sum over workloads of ln(metric / best static metric)
 * @hit: PCSTALL, ACCPC: hits / lookups of the PC table (summed over
 *	workloads), -1 for the other models
 * @workloads: workloads summed
 */
struct acc_stats {
	unsigned long n, n_all;
	double acc, err, acc_all, log_ratio, hit;
	unsigned long workloads;
};

/* Predicted instructions of the next epoch at OPP @i (see the top). */
static double pred_insts(struct evalloop *l, u32 seg, u32 obs, u32 i)
{
	const struct gpugov_sample *s = sweep_sample(l->w, seg, obs);
	const struct gpugov_opp *o = &l->w->t.hdr.opps.opp[i];
	struct gpugov_pcstall_pred pr;

	if (l->model == MODEL_ACCREAC)
		return (double)sweep_sample(l->w, seg, i)->insts;
	if (l->model == GPUGOV_PRED_PCSTALL) {
		gpugov_pcstall_lookup(&l->st.pcstall, &l->next, &pr);
		return (double)gpugov_pcstall_work(s, &pr, o->core_khz);
	}
	if (!l->d.time_ps[i])		/* no prediction: no change */
		return (double)s->insts;
	return (double)s->insts * (double)gpugov_busy_ps(s) / (double)l->d.time_ps[i];
}

/* Epoch @seg can be scored at OPP @i: it ran for the whole epoch. */
static bool scorable(const struct sweep *w, u32 seg, u32 i)
{
	const struct gpugov_sample *a = sweep_sample(w, seg, i);

	return a->insts && a->busy_ns >= a->interval_ns;
}

static double accuracy(double pred, double actual)
{
	return fmax(0, 1 - fabs(pred - actual) / actual);
}

/* Score the prediction made after epoch @seg (run at @obs) for epoch @seg+1. */
static void score(struct evalloop *l, u32 seg, u32 obs, struct acc_stats *a)
{
	u32 next = seg + 1, i;
	double p, act;

	if (scorable(l->w, next, l->cur)) {
		p = pred_insts(l, seg, obs, l->cur);
		act = (double)sweep_sample(l->w, next, l->cur)->insts;
		a->n++;
		a->acc += accuracy(p, act);
		a->err += (p - act) / act;
	}
	for (i = 0; i < l->w->t.hdr.opps.nr; i++) {
		if (!scorable(l->w, next, i))
			continue;
		act = (double)sweep_sample(l->w, next, i)->insts;
		a->n_all++;
		a->acc_all += accuracy(pred_insts(l, seg, obs, i), act);
	}
}

/* |a - b| / max(|a|, |b|), 0 if both are 0. */
static double rel_change(double a, double b)
{
	double m = fmax(fabs(a), fabs(b));

	return m > 0 ? fabs(a - b) / m : 0;
}

/* True sensitivity of epoch @seg, instructions per kHz (see the top). */
static double true_sens(const struct sweep *w, u32 seg)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	u32 top = t->nr - 1;
	double df = (double)t->opp[top].core_khz - t->opp[0].core_khz;

	if (!(df > 0))
		return 0;
	return ((double)sweep_sample(w, seg, top)->insts -
		(double)sweep_sample(w, seg, 0)->insts) / df;
}

/*
 * Mean relative change of the top OPP's work (@work) and of the true
 * sensitivity (@sens) between consecutive full epochs; return their number.
 */
static unsigned long variability(const struct sweep *w, double *work, double *sens)
{
	u32 top = w->t.hdr.opps.nr - 1, seg;
	unsigned long n = 0;

	*work = *sens = 0;
	for (seg = 1; seg < w->t.nr_seg; seg++) {
		if (!scorable(w, seg, top) || !scorable(w, seg - 1, top))
			continue;
		*work += rel_change((double)sweep_sample(w, seg, top)->insts,
				    (double)sweep_sample(w, seg - 1, top)->insts);
		*sens += rel_change(true_sens(w, seg), true_sens(w, seg - 1));
		n++;
	}
	if (n) {
		*work /= n;
		*sens /= n;
	}
	return n;
}

/* A row of the variability table. */
static void add_var_row(struct table *t, const char *wl, unsigned long n,
			double work, double sens)
{
	char ne[TABLE_CELL], wc[TABLE_CELL], sc[TABLE_CELL];

	snprintf(ne, sizeof(ne), "%lu", n);
	table_num(wc, "%.1f", 100 * work);
	table_num(sc, "%.1f", 100 * sens);
	table_add(t, wl, ne, wc, sc);
}

/* The objective's metric at the best static OPP for it. */
static double best_static(const struct sweep *w, enum gpugov_objective obj)
{
	double ns, pj, m, best = INFINITY;
	u32 i;

	for (i = 0; i < w->t.hdr.opps.nr; i++) {
		static_totals(w, i, &ns, &pj);
		m = objective_metric(obj, pj, ns);
		best = fmin(best, m);
	}
	return best;
}

/* One model in the loop over one trace; its metric relative to the best static. */
static double run_model(const struct sweep *w, int model,
			const struct gpugov_policy_params *par, struct acc_stats *a)
{
	static struct evalloop l;
	u32 seg, obs;

	evalloop_init(&l, w, model, par);
	for (seg = 0; seg < w->t.nr_seg; seg++) {
		obs = l.cur;
		evalloop_step(&l, seg);
		if (seg + 1 < w->t.nr_seg)
			score(&l, seg, obs, a);
	}
	a->hit = -1;
	if (model == GPUGOV_PRED_PCSTALL || model == MODEL_ACCPC)
		a->hit = l.pc_lookups ? (double)l.pc_hits / l.pc_lookups : 0;
	return objective_metric(par->objective, l.pj, l.ns) /
	       best_static(w, par->objective);
}

/* A row: NAME1, NAME2, then the accuracy columns, @ratio and @hit (< 0: "-"). */
static void add_row(struct table *t, const char *c1, const char *c2,
		    unsigned long epochs, double acc, double err, double acc_all,
		    double ratio, double hit)
{
	char n[TABLE_CELL], ac[TABLE_CELL], e[TABLE_CELL], aa[TABLE_CELL], r[TABLE_CELL];
	char h[TABLE_CELL] = "-";

	snprintf(n, sizeof(n), "%lu", epochs);
	table_num(ac, "%.1f", 100 * acc);
	table_num(e, "%+.1f", 100 * err);
	table_num(aa, "%.1f", 100 * acc_all);
	table_num(r, "%.4f", ratio);
	if (hit >= 0)
		table_num(h, "%.1f", 100 * hit);
	table_add(t, c1, c2, n, ac, e, aa, r, h);
}

static void add_workload_row(struct table *t, const char *wl, int model,
			     const struct acc_stats *a, double ratio)
{
	add_row(t, wl, model_name(model), a->n, a->n ? a->acc / a->n : 0,
		a->n ? a->err / a->n : 0, a->n_all ? a->acc_all / a->n_all : 0, ratio,
		a->hit);
}

/* Overall: per-workload means averaged over workloads, geomean ratio. */
static void add_overall_row(struct table *t, int model, const struct acc_stats *s)
{
	char wl[TABLE_CELL];

	snprintf(wl, sizeof(wl), "%lu", s->workloads);
	add_row(t, model_name(model), wl, s->n, s->acc / s->workloads,
		s->err / s->workloads, s->acc_all / s->workloads,
		exp(s->log_ratio / s->workloads),
		model == GPUGOV_PRED_PCSTALL || model == MODEL_ACCPC ?
		s->hit / s->workloads : -1);
}

static void print_help(void)
{
	printf("usage: gpugov-replay sensitivity [--predictor NAME]... [--objective NAME]\n"
	       "          [policy options] [--csv|--json] EPOCH_SWEEP_TRACE...\n"
	       "PCSTALL section 6.1 prediction accuracy: each model runs closed loop\n"
	       "with the objective (default ed2p); after each epoch it predicts the\n"
	       "instructions of the next epoch, and the sweep (fork-pre-execute oracle)\n"
	       "gives the instructions actually committed at the OPP the policy chose:\n"
	       "accuracy = max(0, 1 - |predicted - actual| / actual), per workload (one\n"
	       "per trace file) and averaged over workloads. bias_pct: mean signed error;\n"
	       "all_opp_accuracy_pct: the same at every OPP; vs_best_static: the closed\n"
	       "loop's objective (EDP, ED2P, energy) / the best static OPP's;\n"
	       "pc_hit_pct: PCSTALL's PC-table hit rate (PCSTALL section 4.4).\n"
	       "Also: the mean relative change of the top OPP's work and of the true\n"
	       "sensitivity dI/df between consecutive epochs (PCSTALL Figure 7).\n"
	       "Models: the predictors (default: all but busy), accreac (the true\n"
	       "per-OPP work of the previous epoch) and accpc (PCSTALL's PC table of\n"
	       "true per-OPP rates), both evaluation only. PCSTALL and accpc look up\n"
	       "the PCs where the sweep's next epoch starts (the top OPP's run).\n");
	print_policy_help_end("bad usage or not an\nepoch sweep", true);
}

/* sensitivity's own options (struct cmdline's @own). */
static int sens_opt(int c, void *ctx)
{
	struct sens_opts *o = ctx;
	int v;

	switch (c) {
	case 'p':
		return set_wanted(o->want, model_find(optarg));
	case 'o':
		/* performance runs at the top OPP whatever a model predicts */
		v = parse_objective(optarg);
		if (v <= GPUGOV_OBJ_PERFORMANCE)
			return -1;
		o->params.objective = v;
		return 0;
	default:
		return EXIT_USAGE;
	}
}

static int parse_sens_args(int argc, char **argv, struct sens_opts *o)
{
	static const struct option opts[] = {
		{ "predictor", required_argument, NULL, 'p' },
		{ "objective", required_argument, NULL, 'o' },
		FORMAT_LONG_OPTS,
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		POLICY_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	const struct cmdline cl = { .cmd = "sensitivity", .opts = opts, .help = print_help,
				    .own = sens_opt, .o = o, .fmt = &o->fmt,
				    .par = &o->params, .models = true,
				    .no_performance = true };
	int ret;

	memset(o, 0, sizeof(*o));
	gpugov_policy_defaults(&o->params);
	o->params.objective = GPUGOV_OBJ_ED2P;
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
	want_all_but_busy(o->want, NR_MODELS);
	return cmdline_need_traces("sensitivity", argc);
}

/* Every wanted model over one trace: a row each, sums into @sum. */
static void eval_trace(const struct sweep *w, const struct sens_opts *o,
		       struct table *wt, struct acc_stats *sum)
{
	struct acc_stats a;
	double ratio;
	int m;

	for (m = 0; m < NR_MODELS; m++) {
		if (!o->want[m] || !model_fits(m, w))
			continue;
		memset(&a, 0, sizeof(a));
		ratio = run_model(w, m, &o->params, &a);
		add_workload_row(wt, w->name, m, &a, ratio);
		if (!a.n)
			continue;
		sum[m].n += a.n;
		sum[m].acc += a.acc / a.n;
		sum[m].err += a.err / a.n;
		sum[m].acc_all += a.n_all ? a.acc_all / a.n_all : 0;
		sum[m].log_ratio += log(ratio);
		sum[m].hit += a.hit;
		sum[m].workloads++;
	}
}

int cmd_sensitivity(int argc, char **argv)
{
	static const char *const wcols[] = { "workload", "model", "epochs", "accuracy_pct",
					     "bias_pct", "all_opp_accuracy_pct",
					     "vs_best_static", "pc_hit_pct" };
	static const char *const ocols[] = { "model", "workloads", "epochs", "accuracy_pct",
					     "bias_pct", "all_opp_accuracy_pct",
					     "vs_best_static", "pc_hit_pct" };
	static const char *const vcols[] = { "workload", "epochs", "work_change_pct",
					     "sens_change_pct" };
	static struct acc_stats sum[NR_MODELS];
	char wname[96], oname[96];
	double vw, vs, sum_w = 0, sum_s = 0;
	unsigned long nv, nvw = 0, nve = 0;
	struct sens_opts o;
	struct table wt, ot, vt;
	struct sweep w;
	int ret, a, m;

	ret = parse_sens_args(argc, argv, &o);
	if (ret)
		return ret;
	snprintf(wname, sizeof(wname), "next-epoch work prediction accuracy per workload "
		 "(objective %s)", gpugov_objective_names[o.params.objective]);
	snprintf(oname, sizeof(oname), "next-epoch work prediction accuracy, mean over "
		 "workloads (objective %s)", gpugov_objective_names[o.params.objective]);
	table_init(&wt, wname, o.fmt, wcols, 8);
	table_init(&ot, oname, o.fmt, ocols, 8);
	table_init(&vt, "epoch-to-epoch change of the work and the true sensitivity",
		   o.fmt, vcols, 4);
	for (a = optind; a < argc; a++) {
		ret = epoch_sweep_open(&w, argv[a], "sensitivity");
		if (ret)
			return ret;
		eval_trace(&w, &o, &wt, sum);
		nv = variability(&w, &vw, &vs);
		add_var_row(&vt, w.name, nv, vw, vs);
		if (nv) {
			sum_w += vw;
			sum_s += vs;
			nve += nv;
			nvw++;
		}
		sweep_free(&w);
	}
	for (m = 0; m < NR_MODELS; m++)
		if (sum[m].workloads)
			add_overall_row(&ot, m, &sum[m]);
	if (nvw)
		add_var_row(&vt, "mean", nve, sum_w / nvw, sum_s / nvw);
	table_json_begin(stdout, o.fmt);
	table_print(&wt, stdout);
	table_print(&ot, stdout);
	table_print(&vt, stdout);
	table_json_end(stdout, o.fmt);
	table_free(&wt);
	table_free(&ot);
	table_free(&vt);
	return EXIT_OK;
}
