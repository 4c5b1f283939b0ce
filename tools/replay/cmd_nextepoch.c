// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_nextepoch.c - `gpugov-replay nextepoch`: next-epoch prediction
 * accuracy with no policy in the loop (PCSTALL section 6.1, Figure 14).
 *
 * PCSTALL compares each model's predicted instructions for the next epoch
 * with the oracle's, "a power-model-agnostic metric" that "only focuses on
 * the prediction algorithm itself".  Scored at the OPP a policy chose
 * (`sensitivity`), every model is exact wherever the policy keeps the OPP
 * it measured at, and the score depends on the policy.  Here nothing
 * chooses: every epoch n is observed at one fixed OPP, the top one, which
 * is the run a sweep continues from (gpugov-sim sweep), so epoch n + 1
 * starts exactly where the observation ended; every model is fed every
 * epoch's sample in order (PCSTALL's table included) and predicts the
 * instructions P(f) epoch n + 1 commits at *every* OPP f, against the
 * sweep's truth A(f):
 *	PCSTALL	W * ((1 - sigma) + sigma * f / f1)	gpugov_pcstall_work()
 *	ACCREAC	A_n(f), epoch n's truth
 *	ACCPC	the true rates its PC table holds (accpc.c) * epoch length
 *	others	I_n * T_n / T(f), the predicted time T(f) of epoch n's work
 * Two scores per workload, each the mean over the full epochs n + 1 (epoch
 * 0 has nothing to predict from; epochs cut short by the end of the
 * workload are not scored):
 *	work accuracy	max(0, 1 - |P(f) - A(f)| / A(f)), mean over every OPP
 *	slope accuracy	max(0, 1 - |S' - S| / |S|), S the least-squares
 *			slope dA/df over the OPPs with the top OPP's memory
 *			clock (the sensitivity, PCSTALL section 3.2), S' the
 *			same of P; 1 if both are 0, 0 if only S is
 * and the mean signed work error ("bias").  Overall: the mean of the
 * per-workload means.
 */
#include <math.h>
#include <string.h>
#include "cmdline.h"
#include "evalloop.h"

struct next_opts {
	bool want[NR_MODELS];
	enum table_format fmt;
};

/**
 * struct next_stats - one model's scores
 * @epochs: epochs scored
 * @work: sum of per-epoch work accuracies (each a mean over the OPPs)
 * @slope: sum of per-epoch slope accuracies
 * @bias: sum of per-epoch mean signed work errors
 * @hits: PCSTALL, ACCPC: wave lookups that hit the PC table
 * @lookups: wave lookups
 */
struct next_stats {
	unsigned long epochs;
	double work, slope, bias;
	unsigned long hits, lookups;
};

/* Every OPP of epoch @seg ran for the whole epoch. */
static bool full_epoch(const struct sweep *w, u32 seg)
{
	u32 i;

	for (i = 0; i < w->t.hdr.opps.nr; i++) {
		const struct gpugov_sample *a = sweep_sample(w, seg, i);

		if (!a->insts || a->busy_ns < a->interval_ns)
			return false;
	}
	return true;
}

/* Least-squares slope of @y over the core clocks (kHz) of the top memory clock's OPPs. */
static double slope(const struct gpugov_opp_table *t, const double *y)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0, x, d;
	u32 mem = t->opp[t->nr - 1].mem_khz, i;

	for (i = 0; i < t->nr; i++) {
		if (t->opp[i].mem_khz != mem)
			continue;
		x = t->opp[i].core_khz;
		sx += x;
		sy += y[i];
		sxx += x * x;
		sxy += x * y[i];
		n++;
	}
	d = n * sxx - sx * sx;
	return d > 0 ? (n * sxy - sx * sy) / d : 0;
}

static double slope_accuracy(double pred, double truth)
{
	if (truth == 0)
		return pred == 0;
	return fmax(0, 1 - fabs(pred - truth) / fabs(truth));
}

/*
 * @p[i]: @model's prediction of epoch @seg + 1's instructions at OPP i,
 * from epoch @seg observed at the top OPP (@s), after the model saw it.
 */
static void predict(struct evalloop *l, u32 seg, double *p, struct next_stats *a)
{
	const struct sweep *w = l->w;
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	const struct gpugov_sample *s = sweep_sample(w, seg, t->nr - 1);
	double rate[GPUGOV_MAX_OPPS];
	struct gpugov_pcstall_pred pr;
	u32 i;

	switch (l->model) {
	case MODEL_ACCREAC:
		for (i = 0; i < t->nr; i++)
			p[i] = (double)sweep_sample(w, seg, i)->insts;
		return;
	case MODEL_ACCPC:
		accpc_update(&l->acc, w, seg);
		accpc_predict(&l->acc, w, seg, rate);
		for (i = 0; i < t->nr; i++)
			p[i] = rate[i] * (double)s->interval_ns;
		a->hits = l->acc.hits;
		a->lookups = l->acc.lookups;
		return;
	case GPUGOV_PRED_PCSTALL:
		gpugov_pcstall_lookup(&l->st.pcstall, s, &pr);
		for (i = 0; i < t->nr; i++)
			p[i] = (double)gpugov_pcstall_work(s, &pr, t->opp[i].core_khz);
		a->hits += pr.hits;
		a->lookups += pr.hits + pr.misses;
		return;
	default:
		gpugov_predict(&l->st, l->model, s, t, l->d.time_ps);
		for (i = 0; i < t->nr; i++)
			p[i] = l->d.time_ps[i] ? (double)s->insts *
				(double)gpugov_busy_ps(s) / (double)l->d.time_ps[i] :
				(double)s->insts;
	}
}

/* Score the prediction @p of epoch @next against the sweep. */
static void score(const struct sweep *w, u32 next, const double *p,
		  struct next_stats *a)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	double act[GPUGOV_MAX_OPPS], work = 0, bias = 0, e;
	u32 i;

	for (i = 0; i < t->nr; i++) {
		act[i] = (double)sweep_sample(w, next, i)->insts;
		e = (p[i] - act[i]) / act[i];
		work += fmax(0, 1 - fabs(e));
		bias += e;
	}
	a->epochs++;
	a->work += work / t->nr;
	a->bias += bias / t->nr;
	a->slope += slope_accuracy(slope(t, p), slope(t, act));
}

/* One model over one trace. */
static void run_model(const struct sweep *w, int model, struct next_stats *a)
{
	static struct evalloop l;
	struct gpugov_policy_params par;
	double p[GPUGOV_MAX_OPPS];
	u32 seg, top = w->t.hdr.opps.nr - 1;

	gpugov_policy_defaults(&par);
	evalloop_init(&l, w, model, &par);
	memset(a, 0, sizeof(*a));
	for (seg = 0; seg + 1 < w->t.nr_seg; seg++) {
		gpugov_pred_observe(&l.st, sweep_sample(w, seg, top));
		predict(&l, seg, p, a);
		if (full_epoch(w, seg + 1))
			score(w, seg + 1, p, a);
	}
}

/* A row: two names, then the scores (@hit < 0: "-"). */
static void add_row(struct table *t, const char *c1, const char *c2,
		    unsigned long epochs, double work, double slope_acc,
		    double bias, double hit)
{
	char n[TABLE_CELL], wc[TABLE_CELL], sc[TABLE_CELL], b[TABLE_CELL];
	char h[TABLE_CELL] = TABLE_NONE;

	snprintf(n, sizeof(n), "%lu", epochs);
	table_num(wc, "%.1f", 100 * work);
	table_num(sc, "%.1f", 100 * slope_acc);
	table_num(b, "%+.1f", 100 * bias);
	if (hit >= 0)
		table_num(h, "%.1f", 100 * hit);
	table_add(t, c1, c2, n, wc, sc, b, h);
}

static double hit_rate(const struct next_stats *a)
{
	return a->lookups ? (double)a->hits / a->lookups : -1;
}

static void print_help(void)
{
	printf("usage: gpugov-replay nextepoch [--predictor NAME]... [--csv|--json]\n"
	       "          [--coremem-gpu NAME|FILE] EPOCH_SWEEP_TRACE...\n"
	       "PCSTALL section 6.1 prediction accuracy with no policy in the loop:\n"
	       "every epoch is observed at the top OPP (the run a sweep continues\n"
	       "from) and each model predicts the instructions of the next epoch at\n"
	       "every OPP. work_accuracy_pct: mean over the OPPs of\n"
	       "max(0, 1 - |predicted - actual| / actual); slope_accuracy_pct: the same\n"
	       "of the least-squares slope dI/df (the sensitivity); bias_pct: mean\n"
	       "signed work error; pc_hit_pct: PC-table hit rate (pcstall, accpc).\n"
	       "Per workload (one per trace file) and the mean over workloads.\n"
	       "Models: the predictors (default: all but busy), accreac (the previous\n"
	       "epoch's true work at every OPP) and accpc (PCSTALL's PC table holding\n"
	       "true per-OPP rates), both evaluation only.\n");
	fputs(COREMEM_HELP PCSTALL_HELP, stdout);
	printf("Exit status: 0 success, 1 unreadable trace, 2 bad usage or not an\n"
	       "epoch sweep.\n");
}

static int next_opt(int c, void *ctx)
{
	struct next_opts *o = ctx;

	if (c == 'p')
		return set_wanted(o->want, model_find(optarg));
	return EXIT_USAGE;
}

static int parse_next_args(int argc, char **argv, struct next_opts *o)
{
	static const struct option opts[] = {
		{ "predictor", required_argument, NULL, 'p' },
		FORMAT_LONG_OPTS,
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	const struct cmdline cl = { .cmd = "nextepoch", .opts = opts, .help = print_help,
				    .own = next_opt, .o = o, .fmt = &o->fmt,
				    .models = true };
	int ret;

	memset(o, 0, sizeof(*o));
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
	want_all_but_busy(o->want, NR_MODELS);
	return cmdline_need_traces("nextepoch", argc);
}

int cmd_nextepoch(int argc, char **argv)
{
	static const char *const wcols[] = { "workload", "model", "epochs",
					     "work_accuracy_pct", "slope_accuracy_pct",
					     "bias_pct", "pc_hit_pct" };
	static const char *const ocols[] = { "model", "workloads", "epochs",
					     "work_accuracy_pct", "slope_accuracy_pct",
					     "bias_pct", "pc_hit_pct" };
	static struct next_stats sum[NR_MODELS];
	static double hits[NR_MODELS];
	static unsigned long nwl[NR_MODELS];
	struct next_stats a;
	struct next_opts o;
	struct table wt, ot;
	struct sweep w;
	char wl[TABLE_CELL];
	int ret, i, m;

	ret = parse_next_args(argc, argv, &o);
	if (ret)
		return ret;
	table_init(&wt, "next-epoch prediction accuracy at every OPP, observed at the top "
		   "OPP, per workload", o.fmt, wcols, 7);
	table_init(&ot, "next-epoch prediction accuracy at every OPP, observed at the top "
		   "OPP, mean over workloads", o.fmt, ocols, 7);
	for (i = optind; i < argc; i++) {
		ret = epoch_sweep_open(&w, argv[i], "nextepoch");
		if (ret)
			return ret;
		for (m = 0; m < NR_MODELS; m++) {
			if (!o.want[m] || !model_fits(m, &w))
				continue;
			run_model(&w, m, &a);
			add_row(&wt, w.name, model_name(m), a.epochs,
				a.epochs ? a.work / a.epochs : 0,
				a.epochs ? a.slope / a.epochs : 0,
				a.epochs ? a.bias / a.epochs : 0, hit_rate(&a));
			if (!a.epochs)
				continue;
			sum[m].epochs += a.epochs;
			sum[m].work += a.work / a.epochs;
			sum[m].slope += a.slope / a.epochs;
			sum[m].bias += a.bias / a.epochs;
			hits[m] += fmax(0, hit_rate(&a));
			nwl[m]++;
		}
		sweep_free(&w);
	}
	for (m = 0; m < NR_MODELS; m++) {
		if (!nwl[m])
			continue;
		snprintf(wl, sizeof(wl), "%lu", nwl[m]);
		add_row(&ot, model_name(m), wl, sum[m].epochs, sum[m].work / nwl[m],
			sum[m].slope / nwl[m], sum[m].bias / nwl[m],
			m == GPUGOV_PRED_PCSTALL || m == MODEL_ACCPC ? hits[m] / nwl[m] : -1);
	}
	table_json_begin(stdout, o.fmt);
	table_print(&wt, stdout);
	table_print(&ot, stdout);
	table_json_end(stdout, o.fmt);
	table_free(&wt);
	table_free(&ot);
	return EXIT_OK;
}
