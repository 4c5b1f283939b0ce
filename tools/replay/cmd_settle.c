// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_settle.c - `gpugov-replay settle`: the `target` objective (GRAPE,
 * GRAPE) evaluated as GRAPE section V does, plus how many control
 * steps it needs to settle after a phase change.
 *
 * For each workload (an epoch sweep trace), model and target, the policy
 * `target` runs closed loop (evalloop.c; one control step per epoch).  W is
 * the work of the whole trace (the top OPP's instructions), B_top its busy
 * time at the top OPP.
 *
 * Goals.  A target of X% is by default (--goal run, GRAPE section V-A:
 * "25% of the maximum performance", in MIPS) the absolute rate
 * g = X% * W / B_top, given to the controller as an absolute target; with
 * --goal phase it is the policy's percent mode (X% of the maximum rate of
 * the current phase, as the model predicts it), and g as above is what the
 * run is judged against.  Absolute targets are given as they are.
 *
 * Goal error (GRAPE section V-A): achieved rate h = W / (busy time at
 * the OPPs chosen); shortfall = max(0, g - h) / g (only running below the
 * goal counts), as `run` reports it.
 *
 * Energy (section V-B, "race-to-idle" of section IV-C): the job must be
 * done by D = W / g.  Race-to-idle runs it at the top OPP, then idles at
 * --idle-uw until D; the controller idles likewise if it finishes early:
 *	E_race = E_top + P_idle * max(0, D - T_top)
 *	E_ctrl = E     + P_idle * max(0, D - T)
 * with T, E the wall time and energy of the run (epochs charged as `run`
 * charges them).  Also given: the cheapest static OPP that meets g, idling
 * alike, relative to race-to-idle (the best a fixed clock could do).
 *
 * Settling.  Per epoch n, the time the epoch's work should take for the
 * goal, within what the OPPs can do:
 *	G(n) = clamp(W(n) / g, B_top(n), B_low(n))
 * (--goal phase: B_top(n) * 100 / X, X% of that epoch's own top rate),
 * B_low(n) the time at the lowest OPP.
 * A(n) is the time it took at the OPP chosen.  The rate error of the
 * window of --window N epochs starting at j is
 *	e(j) = sum G / sum A - 1	over epochs j .. j+N-1
 * (> 0: faster than the goal).
 * Phase changes are found in the plant alone: with m(a, b) = W/B over
 * epochs [a, b) at the top and at the lowest OPP, epoch p (N <= p <= end-N)
 * is a change where c(p) = max over both OPPs of |ln(m(p, p+N) / m(p-N, p))|
 * exceeds ln(1 + --phase-change/100) and is the largest c within N-1
 * epochs either side (the first of equal values).  A phase runs from its
 * change (or epoch 0, "start") to the next.  Its settling time is the
 * number of steps k after the change such that every window starting from
 * the change + k on, within the phase, has |e| <= --band %; "never" if its
 * last window is still outside (or it is shorter than one window).  As the GRAPE paper counts only shortfall, the
 * same is given for e >= -band ("no shortfall"): the policy layer's
 * translator picks the least-energy OPP among those fast enough, which may
 * well be faster than the goal.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "evalloop.h"

#define MAX_TARGETS	8
#define MAX_WINDOW	100000	/* epochs */
#define MAX_PCT		1000	/* --band, --phase-change */
#define SETTLE_NEVER	-1

struct settle_opts {
	struct gpugov_policy_params params;
	struct gpugov_grape_params target[MAX_TARGETS];
	int nr_targets;
	bool want[NR_MODELS];
	u32 window;
	double band, change;	/* fractions */
	bool goal_run;		/* --goal run: percentages of the run's maximum */
	enum table_format fmt;
};

/**
 * struct plant - what the sweep says of each epoch, whatever the policy
 * @n: epochs
 * @work: instructions at the top OPP
 * @b_top: their busy time at the top OPP, ns
 * @b_low: their busy time at the lowest OPP, ns
 * @w, @bt: totals of @work and @b_top
 * @t_top, @e_top: wall time and energy at the top OPP
 */
struct plant {
	u32 n;
	double *work, *b_top, *b_low;
	double w, bt, t_top, e_top;
};

/**
 * struct tally - settling after phase changes, by one criterion
 * @settled: changes after which the phase settled
 * @steps: their settling steps
 */
struct tally {
	unsigned long settled;
	int *steps;
};

enum { BAND_BOTH, BAND_BELOW, NR_BANDS };

/**
 * struct summary - one (model, target) over every workload
 * @runs: workloads
 * @shortfall, @max_shortfall: sum and maximum of shortfalls, fractions
 * @log_e, @log_static: sums of ln(energy / race-to-idle's)
 * @static_runs: runs where some static OPP met the goal
 * @changes: phase changes (not starts)
 * @t: settling within the band (BAND_BOTH), without shortfall beyond it
 *	(BAND_BELOW)
 */
struct summary {
	unsigned long runs, static_runs, changes;
	double shortfall, max_shortfall, log_e, log_static;
	struct tally t[NR_BANDS];
};

/* Time the top OPP's work of epoch @seg takes at @opp (its top time if none). */
static double work_time(const struct sweep *w, u32 seg, u32 opp)
{
	u32 top = w->t.hdr.opps.nr - 1;
	double ns;

	if (sweep_work_time_ns(w, seg, top, opp, &ns))
		ns = (double)sweep_sample(w, seg, top)->busy_ns;
	return ns;
}

static int plant_load(struct plant *p, const struct sweep *w)
{
	u32 top = w->t.hdr.opps.nr - 1, seg;

	memset(p, 0, sizeof(*p));
	p->n = w->t.nr_seg;
	p->work = calloc(p->n, sizeof(double));
	p->b_top = calloc(p->n, sizeof(double));
	p->b_low = calloc(p->n, sizeof(double));
	if (!p->work || !p->b_top || !p->b_low)
		return -1;
	for (seg = 0; seg < p->n; seg++) {
		p->work[seg] = (double)sweep_sample(w, seg, top)->insts;
		p->b_top[seg] = work_time(w, seg, top);
		p->b_low[seg] = work_time(w, seg, 0);
		p->w += p->work[seg];
		p->bt += p->b_top[seg];
	}
	static_totals(w, top, &p->t_top, &p->e_top);
	return 0;
}

static void plant_free(struct plant *p)
{
	free(p->work);
	free(p->b_top);
	free(p->b_low);
}

/* G(n): the time epoch @n's work should take for the goal, achievable. */
static double goal_time(const struct gpugov_grape_params *g, const struct plant *p,
			u32 n)
{
	double t = g->mode == GPUGOV_GRAPE_PCT ? p->b_top[n] * 100.0 / g->target :
		   p->work[n] / (double)g->target * 1e9;

	return fmin(fmax(t, p->b_top[n]), fmax(p->b_low[n], p->b_top[n]));
}

/* Energy in pJ of idling at @idle_uw for @ns (uW * ns = 1e-3 pJ). */
static double idle_pj(u32 idle_uw, double ns)
{
	return idle_uw * fmax(0, ns) / 1000.0;
}

/* |ln| of the change of rate W/B from [p-n, p) to [p, p+n). */
static double rate_change(const double *work, const double *busy, u32 p, u32 n)
{
	double wa = 0, ba = 0, wb = 0, bb = 0;
	u32 i;

	for (i = 0; i < n; i++) {
		wb += work[p - n + i];
		bb += busy[p - n + i];
		wa += work[p + i];
		ba += busy[p + i];
	}
	if (!(wa > 0 && wb > 0 && ba > 0 && bb > 0))
		return 0;
	return fabs(log((wa / ba) / (wb / bb)));
}

/*
 * Phase starts (see the top): @start[0] = 0, then the changes.  @c is
 * scratch of p->n entries.  Return: the number of phases.
 */
static u32 find_phases(const struct plant *p, u32 win, double change, double *c,
		       u32 *start)
{
	u32 nr = 1, i, k;
	bool peak;

	start[0] = 0;
	if (p->n < 2 * win)
		return nr;
	for (i = win; i + win <= p->n; i++)
		c[i] = fmax(rate_change(p->work, p->b_top, i, win),
			    rate_change(p->work, p->b_low, i, win));
	for (i = win; i + win <= p->n; i++) {
		if (!(c[i] > log(1 + change)))
			continue;
		peak = true;
		for (k = max_t(u32, win, i + 1 - win); k + win <= p->n && k < i + win &&
		     peak; k++)
			peak = k < i ? c[k] < c[i] : c[k] <= c[i];
		if (peak)
			start[nr++] = i;
	}
	return nr;
}

/* Settling steps of the phase [@p, @q) given the chosen OPPs' times @a. */
static int settle_steps(const struct gpugov_grape_params *g, const struct plant *pl,
			const double *a, u32 p, u32 q, const struct settle_opts *o,
			int band)
{
	long j, last_bad = -1;
	double sg, sa;
	u32 i;

	if (q - p < o->window)
		return SETTLE_NEVER;
	for (j = p; j + o->window <= q; j++) {
		sg = sa = 0;
		for (i = 0; i < o->window; i++) {
			sg += goal_time(g, pl, (u32)j + i);
			sa += a[j + i];
		}
		if (!(sa > 0) || sg / sa - 1 < -o->band ||
		    (band == BAND_BOTH && sg / sa - 1 > o->band))
			last_bad = j;
	}
	if (last_bad == (long)(q - o->window))
		return SETTLE_NEVER;
	return last_bad < 0 ? 0 : (int)(last_bad + 1 - p);
}

static void fmt_target(char *buf, const struct gpugov_grape_params *g)
{
	snprintf(buf, TABLE_CELL, g->mode == GPUGOV_GRAPE_PCT ? "%llu%%" : "%llu",
		 (unsigned long long)g->target);
}

static void fmt_steps(char *buf, int steps)
{
	if (steps == SETTLE_NEVER)
		snprintf(buf, TABLE_CELL, "never");
	else
		snprintf(buf, TABLE_CELL, "%d", steps);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* Median and maximum of @n sorted values into cells ("-" if none). */
static void fmt_median_max(char *med, char *max, int *v, unsigned long n)
{
	if (!n) {
		snprintf(med, TABLE_CELL, TABLE_NONE);
		snprintf(max, TABLE_CELL, TABLE_NONE);
		return;
	}
	qsort(v, n, sizeof(*v), cmp_int);
	snprintf(med, TABLE_CELL, n % 2 ? "%.0f" : "%.1f",
		 n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0);
	snprintf(max, TABLE_CELL, "%d", v[n - 1]);
}

/**
 * struct run_ctx - one run's inputs and outputs
 * @w, @pl: the trace and its plant
 * @model: the model
 * @g: the target as given
 * @goal: the goal the controller is given (see set_goal())
 * @a: per epoch, the time its work took at the OPP chosen
 * @c: scratch for phase detection
 * @start: phase starts
 * @nr_phases: phases
 */
struct run_ctx {
	const struct sweep *w;
	const struct plant *pl;
	int model;
	const struct gpugov_grape_params *g;
	struct gpugov_grape_params goal;
	double *a, *c;
	u32 *start;
	u32 nr_phases;
};

/* The cheapest static OPP meeting the goal, with idle; -1 if none. */
static double best_static_pj(const struct run_ctx *r, u32 idle_uw, double goal,
			     double deadline)
{
	double ns, pj, busy, best = -1;
	u32 i, seg;

	for (i = 0; i < r->w->t.hdr.opps.nr; i++) {
		for (busy = 0, seg = 0; seg < r->pl->n; seg++)
			busy += work_time(r->w, seg, i);
		if (r->pl->w / busy * 1e9 < goal * (1 - 1e-9))
			continue;
		static_totals(r->w, i, &ns, &pj);
		pj += idle_pj(idle_uw, deadline - ns);
		if (best < 0 || pj < best)
			best = pj;
	}
	return best;
}

/* Cells "settled", "median", "max" of @n steps of @t from @first. */
struct tally_cells {
	char ok[TABLE_CELL], med[TABLE_CELL], max[TABLE_CELL];
};

static void fmt_tally(struct tally_cells *c, const struct tally *t,
		      unsigned long first)
{
	snprintf(c->ok, sizeof(c->ok), "%lu", t->settled - first);
	fmt_median_max(c->med, c->max, t->steps + first, t->settled - first);
}

/* Per-phase rows of one run, its settling into @s; return the changes. */
static unsigned long settle_phases(const struct run_ctx *r, const struct settle_opts *o,
				   struct table *pt, const char *tg, struct summary *s)
{
	char ps[TABLE_CELL], len[TABLE_CELL], steps[NR_BANDS][TABLE_CELL];
	int n[NR_BANDS], b;
	u32 k, p, q;

	for (k = 0; k < r->nr_phases; k++) {
		p = r->start[k];
		q = k + 1 < r->nr_phases ? r->start[k + 1] : r->pl->n;
		for (b = 0; b < NR_BANDS; b++) {
			n[b] = settle_steps(&r->goal, r->pl, r->a, p, q, o, b);
			fmt_steps(steps[b], n[b]);
			if (k && n[b] != SETTLE_NEVER)
				s->t[b].steps[s->t[b].settled++] = n[b];
		}
		snprintf(ps, sizeof(ps), "%u", p);
		snprintf(len, sizeof(len), "%u", q - p);
		table_add(pt, r->w->name, model_name(r->model), tg, ps,
			  k ? "change" : "start", len, steps[BAND_BOTH], steps[BAND_BELOW]);
	}
	return r->nr_phases - 1;
}

/* Add the rows of one run; its figures into @s. */
static void report_run(struct run_ctx *r, const struct evalloop *l,
		       const struct settle_opts *o, struct table *rt,
		       struct table *pt, struct summary *s)
{
	char tg[TABLE_CELL], sf[TABLE_CELL], e[TABLE_CELL], st[TABLE_CELL], ch[TABLE_CELL];
	unsigned long first[NR_BANDS] = { s->t[BAND_BOTH].settled, s->t[BAND_BELOW].settled };
	struct tally_cells c[NR_BANDS];
	u32 idle = o->params.power.idle_uw;
	double goal = goal_rate(&r->goal, r->pl->w, r->pl->bt);
	double deadline = r->pl->w / goal * 1e9;
	double race = r->pl->e_top + idle_pj(idle, deadline - r->pl->t_top);
	double short_f = l->busy_ns > 0 ? fmax(0, goal - l->work / l->busy_ns * 1e9) / goal : 1;
	double e_ctrl = l->pj + idle_pj(idle, deadline - l->ns);
	double stat = best_static_pj(r, idle, goal, deadline);
	unsigned long changes;
	int b;

	fmt_target(tg, r->g);
	changes = settle_phases(r, o, pt, tg, s);
	for (b = 0; b < NR_BANDS; b++)
		fmt_tally(&c[b], &s->t[b], first[b]);
	snprintf(sf, sizeof(sf), "%.2f", 100 * short_f);
	table_num(e, "%.4f", e_ctrl / race);
	table_num(st, "%.4f", stat < 0 ? NAN : stat / race);
	snprintf(ch, sizeof(ch), "%lu", changes);
	table_add(rt, r->w->name, model_name(r->model), tg, sf, e, st, ch,
		  c[0].ok, c[0].med, c[0].max, c[1].ok, c[1].med, c[1].max);
	s->runs++;
	s->shortfall += short_f;
	s->max_shortfall = fmax(s->max_shortfall, short_f);
	s->log_e += log(e_ctrl / race);
	if (stat > 0) {
		s->log_static += log(stat / race);
		s->static_runs++;
	}
	s->changes += changes;
}

static void add_summary_row(struct table *t, int model,
			    const struct gpugov_grape_params *g, struct summary *s)
{
	char tg[TABLE_CELL], n[TABLE_CELL], sf[TABLE_CELL], msf[TABLE_CELL];
	char e[TABLE_CELL], st[TABLE_CELL], ch[TABLE_CELL];
	struct tally_cells c[NR_BANDS];
	int b;

	fmt_target(tg, g);
	snprintf(n, sizeof(n), "%lu", s->runs);
	snprintf(sf, sizeof(sf), "%.2f", 100 * s->shortfall / s->runs);
	snprintf(msf, sizeof(msf), "%.2f", 100 * s->max_shortfall);
	table_num(e, "%.4f", exp(s->log_e / s->runs));
	table_num(st, "%.4f", s->static_runs ?
		  exp(s->log_static / s->static_runs) : NAN);
	snprintf(ch, sizeof(ch), "%lu", s->changes);
	for (b = 0; b < NR_BANDS; b++)
		fmt_tally(&c[b], &s->t[b], 0);
	table_add(t, model_name(model), tg, n, sf, msf, e, st, ch,
		  c[0].ok, c[0].med, c[0].max, c[1].ok, c[1].med, c[1].max);
}

/*
 * The goal given to the controller for target @g: as given, or with
 * --goal run a percentage turned into the absolute rate X% * W / B_top
 * (GRAPE section V-A: "25% of the maximum performance" of the whole
 * benchmark, in MIPS).
 */
static void set_goal(struct run_ctx *r, const struct gpugov_grape_params *g,
		     const struct settle_opts *o)
{
	r->g = g;
	r->goal = *g;
	if (o->goal_run && g->mode == GPUGOV_GRAPE_PCT) {
		r->goal.mode = GPUGOV_GRAPE_ABS;
		r->goal.target = (u64)llround(goal_rate(g, r->pl->w, r->pl->bt));
	}
}

/* Run @r->model at @r->goal over the trace; fills r->a. */
static void run_target(struct run_ctx *r, const struct settle_opts *o,
		       struct evalloop *l)
{
	struct gpugov_policy_params par = o->params;
	u32 seg;

	par.objective = GPUGOV_OBJ_TARGET;
	par.grape = r->goal;
	evalloop_init(l, r->w, r->model, &par);
	for (seg = 0; seg < r->pl->n; seg++) {
		r->a[seg] = work_time(r->w, seg, l->cur);
		evalloop_step(l, seg);
	}
}

static void print_help(void)
{
	printf("usage: gpugov-replay settle [--predictor NAME]... [--target N%%|N]...\n"
	       "          [--goal run|phase] [--window N] [--band PCT] [--phase-change PCT]\n"
	       "          [--idle-uw UW] [policy options] [--csv|--json] EPOCH_SWEEP_TRACE...\n"
	       "The objective `target` (GRAPE) closed loop, one control step per epoch,\n"
	       "per workload (trace file), model and target (default 25%%, 50%%, 75%%,\n"
	       "100%% of the maximum rate). --goal run (default, GRAPE): N%% is the\n"
	       "absolute rate N%% x (the run's work / its busy time at the top OPP);\n"
	       "--goal phase: the policy's percent mode (N%% of the current phase's\n"
	       "maximum, as the model predicts it).\n"
	       "  shortfall_pct     max(0, goal - achieved) / goal over the run (Santriaji & Hoffmann, MICRO 2016)\n"
	       "  energy_vs_race    energy / race-to-idle's, both idling at --idle-uw\n"
	       "                    until the goal's deadline W / goal (default 0 uW)\n"
	       "  static_vs_race    the same for the cheapest static OPP meeting the goal\n"
	       "  settle steps      after each phase change (a change of the top- or\n"
	       "                    lowest-OPP rate over --window epochs (default 16) by\n"
	       "                    more than --phase-change %% (default 50)), the steps\n"
	       "                    until every --window-epoch window of the phase has\n"
	       "                    its rate within --band %% (default 2) of the goal;\n"
	       "                    nsf_*: until none is more than --band %% below it\n"
	       "Models: the predictors (default: all but busy) and accreac (the true\n"
	       "per-OPP work of the previous epoch). See the source for the formulas.\n");
	print_policy_help_end("bad usage or not an\nepoch sweep", false);
}

/* --band, --phase-change: a percentage 0..MAX_PCT, to a fraction. */
static int parse_pct(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= 0 && v <= MAX_PCT))
		return -1;
	*out = v / 100;
	return 0;
}

static int add_target(struct settle_opts *o, const char *val)
{
	struct gpugov_policy_params p = o->params;

	if (o->nr_targets == MAX_TARGETS) {
		fprintf(stderr, "gpugov-replay settle: at most %d --target\n",
			MAX_TARGETS);
		return EXIT_USAGE;
	}
	if (parse_policy_opt("target", val, &p))
		return -1;
	o->target[o->nr_targets++] = p.grape;
	return 0;
}

/* settle's own options (struct cmdline's @own). */
static int settle_opt(int c, void *ctx)
{
	struct settle_opts *o = ctx;
	u32 u;

	switch (c) {
	case 'p':
		return set_wanted(o->want, model_find(optarg));
	case 't':
		return add_target(o, optarg);
	case 'w':
		if (parse_u32(optarg, strlen(optarg), &u) || !u || u > MAX_WINDOW)
			return -1;
		o->window = u;
		return 0;
	case 'b':
		return parse_pct(optarg, &o->band);
	case 'g':
		return parse_pct(optarg, &o->change);
	case 'G':
		if (strcmp(optarg, "run") && strcmp(optarg, "phase"))
			return -1;
		o->goal_run = !strcmp(optarg, "run");
		return 0;
	default:
		return EXIT_USAGE;
	}
}

static int parse_settle_args(int argc, char **argv, struct settle_opts *o)
{
	static const struct option opts[] = {
		{ "predictor", required_argument, NULL, 'p' },
		{ "target", required_argument, NULL, 't' },
		{ "window", required_argument, NULL, 'w' },
		{ "band", required_argument, NULL, 'b' },
		{ "phase-change", required_argument, NULL, 'g' },
		{ "goal", required_argument, NULL, 'G' },
		FORMAT_LONG_OPTS,
		COREMEM_LONG_OPT,
		PCSTALL_LONG_OPTS,
		POLICY_SHARED_LONG_OPTS,
		{ NULL, 0, NULL, 0 },
	};
	static const char *const defaults[] = { "25%", "50%", "75%", "100%" };
	static const struct cmdline_accepts accepts[] = {
		{ "window", "1..%u", MAX_WINDOW },
		{ "band", "a percentage 0..%u", MAX_PCT },
		{ "phase-change", "a percentage 0..%u", MAX_PCT },
		{ "goal", "run or phase" },
		{ NULL },
	};
	const struct cmdline cl = { .cmd = "settle", .opts = opts, .help = print_help,
				    .own = settle_opt, .o = o, .fmt = &o->fmt,
				    .par = &o->params, .accepts = accepts,
				    .models = true };
	int ret, v;

	memset(o, 0, sizeof(*o));
	gpugov_policy_defaults(&o->params);
	o->window = 16;
	o->band = 0.02;
	o->change = 0.5;
	o->goal_run = true;
	ret = cmdline_parse(argc, argv, &cl);
	if (ret)
		return ret;
	if (!o->nr_targets)
		for (v = 0; v < (int)ARRAY_SIZE(defaults); v++)
			add_target(o, defaults[v]);
	want_all_but_busy(o->want, NR_MODELS);
	return cmdline_need_traces("settle", argc);
}

/* Room for @more settling steps in @t. */
static int tally_grow(struct tally *t, u32 more)
{
	int *grown = realloc(t->steps, (t->settled + more) * sizeof(int));

	if (!grown)
		return -1;
	t->steps = grown;
	return 0;
}

/* Every model and target over one trace. */
static int eval_trace(const struct sweep *w, const struct settle_opts *o,
		      struct table *rt, struct table *pt,
		      struct summary s[NR_MODELS][MAX_TARGETS])
{
	static struct evalloop l;
	struct run_ctx r = { .w = w };
	struct plant pl = { 0 };
	int m, k, ret = -1;

	r.pl = &pl;
	r.a = calloc(w->t.nr_seg, sizeof(double));
	r.c = calloc(w->t.nr_seg, sizeof(double));
	r.start = calloc(w->t.nr_seg, sizeof(u32));
	if (!r.a || !r.c || !r.start || plant_load(&pl, w))
		goto out;
	r.nr_phases = find_phases(&pl, o->window, o->change, r.c, r.start);
	for (m = 0; m < NR_MODELS; m++) {
		if (!o->want[m] || !model_fits(m, w))
			continue;
		for (k = 0; k < o->nr_targets; k++) {
			if (tally_grow(&s[m][k].t[BAND_BOTH], r.nr_phases) ||
			    tally_grow(&s[m][k].t[BAND_BELOW], r.nr_phases))
				goto out;
			r.model = m;
			set_goal(&r, &o->target[k], o);
			run_target(&r, o, &l);
			report_run(&r, &l, o, rt, pt, &s[m][k]);
		}
	}
	ret = 0;
out:
	plant_free(&pl);
	free(r.a);
	free(r.c);
	free(r.start);
	return ret;
}

int cmd_settle(int argc, char **argv)
{
	static const char *const rcols[] = { "workload", "model", "target", "shortfall_pct",
					     "energy_vs_race", "static_vs_race", "changes",
					     "settled", "median_steps", "max_steps",
					     "nsf_settled", "nsf_median_steps", "nsf_max_steps" };
	static const char *const pcols[] = { "workload", "model", "target", "epoch",
					     "kind", "epochs", "settle_steps",
					     "no_shortfall_steps" };
	static const char *const scols[] = { "model", "target", "workloads",
					     "mean_shortfall_pct", "max_shortfall_pct",
					     "energy_vs_race", "static_vs_race", "changes",
					     "settled", "median_steps", "max_steps",
					     "nsf_settled", "nsf_median_steps", "nsf_max_steps" };
	static struct summary sum[NR_MODELS][MAX_TARGETS];
	struct settle_opts o;
	struct table rt, pt, st;
	struct sweep w;
	int ret, a, m, k;

	ret = parse_settle_args(argc, argv, &o);
	if (ret)
		return ret;
	table_init(&rt, "target control per workload", o.fmt, rcols, 13);
	table_init(&pt, "settling per phase", o.fmt, pcols, 8);
	table_init(&st, "target control over all workloads", o.fmt, scols, 14);
	for (a = optind; a < argc && !ret; a++) {
		ret = epoch_sweep_open(&w, argv[a], "settle");
		if (ret)
			break;
		if (eval_trace(&w, &o, &rt, &pt, sum))
			ret = EXIT_FAILURE_RUN;
		sweep_free(&w);
	}
	for (m = 0; m < NR_MODELS; m++)
		for (k = 0; k < o.nr_targets; k++)
			if (sum[m][k].runs)
				add_summary_row(&st, m, &o.target[k], &sum[m][k]);
	if (!ret) {
		table_json_begin(stdout, o.fmt);
		table_print(&rt, stdout);
		table_print(&pt, stdout);
		table_print(&st, stdout);
		table_json_end(stdout, o.fmt);
	}
	for (m = 0; m < NR_MODELS; m++)
		for (k = 0; k < o.nr_targets; k++) {
			free(sum[m][k].t[BAND_BOTH].steps);
			free(sum[m][k].t[BAND_BELOW].steps);
		}
	table_free(&rt);
	table_free(&pt);
	table_free(&st);
	return ret;
}
