// SPDX-License-Identifier: GPL-2.0
/*
 * test_grape.c - the GRAPE controller (predictors/gpugov_grape.c, GRAPE
 * Algorithms 1-3).
 *
 * 1. A double-precision reference of one control step (Algorithms 1, 3
 *    and 2, written from the formulas) from 100 000 seeded random states
 *    and observations: goal, Kalman estimate, variance and gain, speedup
 *    signal, learned tables within 0.1%, and the same OPP except where the
 *    reference cannot separate two choices by 0.1%.
 * 2. Hand-worked first step, and closed-loop traces on synthetic plants
 *    with known speedups: settling, shortfall (GRAPE section V-A counts
 *    only running below the goal), time-slicing between two OPPs, a phase
 *    change, (core, mem) pairs with learned memory speedups and costs;
 *    loops of phases where the top OPP is slower than the goal in some
 *    (the feed-forward goal: the phase balance U, U', D and phi).
 * 3. Adversarial inputs: empty and one-entry tables, idle intervals,
 *    maximal counters, zero clocks, out-of-range parameters; a fuzz.
 * 4. Determinism, defaults and parameter validation, helpers.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpugov_grape.h"
#include "gpugov_fixed.h"
#include "rng.h"
#include "tap.h"

#define CASES	100000
#define TOL	1e-3
#define ONE	16777216.0	/* Q24 */
#define MHZ	1000U

static double q24(u64 v)
{
	return (double)v / ONE;
}

/* ---- the double-precision reference of one step --------------------- */

struct ref_grape {
	double x, p, k, s, goal, user, h, w, top, phi, plan;
	double mu[GPUGOV_MAX_OPPS], cmem[GPUGOV_MAX_OPPS];
	double speedup[GPUGOV_MAX_OPPS], cost[GPUGOV_MAX_OPPS];
	u32 chosen;
};

static double dclamp(double v, double lo, double hi)
{
	return v < lo ? lo : (v > hi ? hi : v);
}

/* the modelled speedup and cost of every OPP from mu and c_mem */
static void ref_tables(const struct gpugov_grape_state *g,
		       const struct gpugov_opp_table *t, struct ref_grape *r)
{
	u32 i;

	for (i = 0; i < g->nr; i++) {
		u32 m = g->level[i];

		r->speedup[i] = dclamp(r->mu[m] * t->opp[i].core_khz / g->core_max,
				       1 / ONE, 65536);
		r->cost[i] = dclamp(q24(g->core_cost[i]) * r->cmem[m], 1 / 256.0, 65536);
	}
}

static u32 ref_translate(u32 nr, const double *sp, const double *cost, double s)
{
	u32 i, best = nr, top = 0;

	for (i = 0; i < nr; i++) {
		if (sp[i] > sp[top] || (sp[i] == sp[top] && cost[i] < cost[top]))
			top = i;
		if (sp[i] >= s && (best == nr || cost[i] < cost[best]))
			best = i;
	}
	return best == nr ? top : best;
}

static void ref_step(const struct gpugov_grape_state *g0,
		     const struct gpugov_grape_params *p,
		     const struct gpugov_opp_table *t,
		     const struct gpugov_grape_obs *o, struct ref_grape *r)
{
	u32 cur = o->cur_opp < g0->nr ? o->cur_opp : g0->nr - 1, i, m = g0->level[cur];
	double unit = (double)g0->unit, beta = p->beta_q16 / 65536.0;
	double rate = (double)o->work * 1e9 / o->time_ns;
	double sa, hi = 0, lo = 1e300, pp, work, gw, tm, e, v, tg, tt;
	double fast, fnew, slow, hs = 1;

	for (i = 0; i < g0->nr; i++) {
		r->speedup[i] = q24(g0->speedup[i]);
		hi = fmax(hi, r->speedup[i]);
		lo = fmin(lo, r->speedup[i]);
	}
	for (i = 0; i < g0->nr_mem; i++) {
		r->mu[i] = q24(g0->mu[i]);
		r->cmem[i] = q24(g0->cmem[i]);
	}
	sa = r->speedup[cur];
	r->h = fmin(rate / unit, 1 << 24);
	/* Algorithm 1 line 2, with I, G and l over the history */
	r->top = o->max_rate ? (double)o->max_rate / unit : q24(g0->x) * hi;
	if (p->mode == GPUGOV_GRAPE_ABS)
		r->user = fmin((double)p->target / unit, 1 << 24);
	else
		r->user = fmin(r->top * p->target / 100.0, 1 << 24);
	work = g0->work / 256.0;
	gw = g0->goal_work / 256.0;
	tm = (double)g0->time_ns;
	fast = (double)g0->fast_ns;
	fnew = (double)g0->fast_new_ns;
	slow = (double)g0->slow_ns;
	if (p->history_shift) {
		hs = (double)(1ULL << p->history_shift);
		work -= work / hs;
		gw -= gw / hs;
		tm -= floor(tm / hs);
		fast -= floor(fast / hs);
		fnew -= floor(fnew / hs);
		slow -= floor(slow / hs);
	}
	work += (double)o->work;
	gw += r->user * unit * o->time_ns / 1e9;
	tm += (double)o->time_ns;
	/* the phase balance and the feed-forward goal */
	tg = floor(o->time_ns * r->h / r->user);
	tt = floor(o->time_ns * r->h / r->top);
	if (tt < tg) {
		fnew += tg - tt;
	} else if (tt > tg) {
		slow += tt - tg;
		fast += fnew;
		fnew = 0;
	}
	r->phi = slow > 0 ? fmin(slow / fast, 1) : 0;
	r->plan = r->user;
	if (fmin(r->top, 1 << 24) > r->user && r->phi > 0)
		r->plan = r->user * r->top / ((1 - r->phi) * r->top + r->phi * r->user);
	r->goal = dclamp(r->plan - p->alpha_q16 / 65536.0 * (work - gw) * 1e9 / tm / unit,
			 0, 1 << 24);
	e = r->goal - r->h;				/* line 3 */
	pp = q24(g0->p) + p->q / ONE;			/* lines 4-5 */
	r->k = pp * sa / (sa * sa * pp + p->r / ONE);	/* line 6 */
	r->x = dclamp(q24(g0->x) + r->k * (r->h - sa * q24(g0->x)), 1 / 1048576.0, 1048576);
	r->p = fmin((1 - r->k * sa) * pp, 256);		/* line 8 */
	r->w = 1 / r->x;				/* line 9 */
	r->s = q24(g0->s) + r->w * e;			/* line 10 */
	/* Algorithm 3 */
	if (g0->nr_mem > 1 && m > 0) {
		v = beta * g0->core_max / t->opp[cur].core_khz * r->w * r->h +
		    (1 - beta) * r->mu[m];
		r->mu[m] = dclamp(v, r->mu[m - 1],
				  m + 1 < g0->nr_mem ? r->mu[m + 1] : q24(g0->mu_top));
	}
	if (o->power_uw) {
		double pu = g0->p_unit ? (double)g0->p_unit :
			    fmax(floor((double)o->power_uw / q24(g0->cost[cur])), 1);

		v = beta * (o->power_uw / pu) / q24(g0->core_cost[cur]) + (1 - beta) * r->cmem[m];
		r->cmem[m] = dclamp(v, m ? r->cmem[m - 1] : 1 / 256.0,
				    m + 1 < g0->nr_mem ? r->cmem[m + 1] : 65536);
	}
	ref_tables(g0, t, r);
	/* Algorithm 2 */
	hi = 0;
	lo = 1e300;
	for (i = 0; i < g0->nr; i++) {
		hi = fmax(hi, r->speedup[i]);
		lo = fmin(lo, r->speedup[i]);
	}
	r->s = dclamp(r->s, lo, hi);
	r->chosen = ref_translate(g0->nr, r->speedup, r->cost, r->s);
}

/* ---- random tables, states and observations ----------------------- */

static void random_table(struct gpugov_opp_table *t)
{
	u32 nc = (u32)rng_range(1, 16), nm = rng_unit() < 0.7 ? 1 : (u32)rng_range(2, 4);
	double f = rng_log(50e3, 1e6), mf = rng_log(200e3, 1e6);
	u32 i, j, mem[4];

	memset(t, 0, sizeof(*t));
	for (j = 0; j < nm; j++) {
		mem[j] = nm > 1 ? (u32)mf : 0;
		mf *= 1.1 + rng_unit();
	}
	for (i = 0; i < nc && t->nr + nm <= GPUGOV_MAX_OPPS && f < 4e6; i++) {
		for (j = 0; j < nm; j++) {
			t->opp[t->nr].core_khz = (u32)f;
			t->opp[t->nr++].mem_khz = mem[j];
		}
		f *= 1.02 + rng_unit() * 0.5;
	}
	if (!t->nr) {
		t->nr = 1;
		t->opp[0].core_khz = 1000000;
	}
}

/* Targets from 2% to 3x the plant's top rate @top (absolute), or 1..100%. */
static void random_params(struct gpugov_grape_params *p, double top)
{
	gpugov_grape_defaults(p);
	p->mode = rng_unit() < 0.5 ? GPUGOV_GRAPE_ABS : GPUGOV_GRAPE_PCT;
	p->target = p->mode == GPUGOV_GRAPE_ABS ? (u64)(top * rng_log(0.02, 3)) :
		    rng_range(1, 100);
	p->alpha_q16 = (u32)rng_range(0, 4 << 16);
	p->beta_q16 = (u32)rng_range(1, 1 << 16);
	p->q = (u32)rng_range(1000, 1 << 24);
	p->r = (u32)rng_range(1000, 1 << 24);
	p->history_shift = rng_unit() < 0.5 ? 0 : (u32)rng_range(1, 12);
}

/* An interval at OPP @cur of a plant with base rate @base (work/s at OPP 0). */
static void random_obs(struct gpugov_grape_obs *o, const struct gpugov_opp_table *t,
		       u32 cur, double base)
{
	double sp = (double)t->opp[cur].core_khz / t->opp[0].core_khz;

	memset(o, 0, sizeof(*o));
	o->cur_opp = cur;
	o->time_ns = (u64)rng_log(1e4, 1e10);
	o->work = (u64)(base * (1 + (sp - 1) * rng_unit()) * o->time_ns / 1e9 *
			(0.9 + 0.2 * rng_unit()));
	if (rng_unit() < 0.5)
		o->power_uw = (u64)rng_log(1e5, 1e8) * (cur + 1);
	if (rng_unit() < 0.5)
		o->max_rate = (u64)(base * sp * rng_log(1, 20));
}

static int rel_ok(double got, double want, double scale)
{
	return fabs(got - want) <= TOL * fmax(fabs(want), scale);
}

/* Could the reference pick @got when everything within 0.1% may go either way? */
static int choice_ok(const struct ref_grape *r, u32 nr, u32 got)
{
	double cg = r->cost[got], cb = r->cost[r->chosen];
	u32 i;

	if (got == r->chosen)
		return 1;
	if (r->speedup[got] < r->s * (1 - TOL))
		return 0;	/* too slow */
	if (cg <= cb * (1 + TOL))
		return 1;	/* as cheap */
	/* the reference's choice barely meets the signal: the next one is fine */
	if (r->speedup[r->chosen] <= r->s * (1 + TOL)) {
		for (i = 0; i < nr; i++)
			if (r->speedup[i] >= r->s * (1 + TOL) && r->cost[i] < cg * (1 - TOL))
				return 0;
		return 1;
	}
	return 0;
}

static void test_reference(void)
{
	static struct gpugov_grape_state g, g0;
	struct gpugov_grape_params p;
	struct gpugov_opp_table t;
	struct gpugov_grape_obs o;
	struct ref_grape r;
	long bad[8] = { 0 }, c, nplan = 0;
	double base;
	int k, n;
	u32 cur, i;

	rng_seed(0x62a9e);
	for (c = 0; c < CASES; c++) {
		random_table(&t);
		base = rng_log(1e6, 1e12);
		random_params(&p, base * t.opp[t.nr - 1].core_khz / t.opp[0].core_khz);
		gpugov_grape_init(&g, &p, &t);
		n = (int)rng_range(0, 6);
		cur = (u32)rng_range(0, t.nr - 1);
		for (k = 0; k <= n; k++) {
			g0 = g;
			random_obs(&o, &t, cur, base);
			if (rng_unit() < 0.05)
				o.cur_opp = t.nr + 3;	/* out of range: clamped */
			cur = gpugov_grape_step(&g, &p, &t, &o, NULL);
		}
		if (!g0.unit)
			continue;	/* the reference starts from a set unit */
		ref_step(&g0, &p, &t, &o, &r);
		nplan += r.plan > r.user * (1 + 1e-3);
		if (!rel_ok(q24(g.goal), r.goal, r.plan + 1e-6) && bad[0]++ < 3)
			tap_diag("case %ld: goal %.6f, reference %.6f", c, q24(g.goal), r.goal);
		if ((!rel_ok(q24(g.phi), r.phi, 1e-4) || !rel_ok(q24(g.plan), r.plan, 1e-6)) &&
		    bad[7]++ < 3)
			tap_diag("case %ld: phi %.6f g_ff %.6f, reference %.6f %.6f", c,
				 q24(g.phi), q24(g.plan), r.phi, r.plan);
		if (!rel_ok(q24(g.x), r.x, 1e-4) && bad[1]++ < 3)
			tap_diag("case %ld: x %.8f, reference %.8f", c, q24(g.x), r.x);
		if ((!rel_ok(q24(g.p), r.p, 1e-4) || !rel_ok(q24(g.k), r.k, 1e-5)) && bad[2]++ < 3)
			tap_diag("case %ld: p %.8f k %.8f, reference %.8f %.8f", c,
				 q24(g.p), q24(g.k), r.p, r.k);
		if (!rel_ok(q24(g.s), r.s, q24(g0.s) + r.w * fabs(r.goal - r.h)) && bad[3]++ < 3)
			tap_diag("case %ld: s %.6f, reference %.6f", c, q24(g.s), r.s);
		for (i = 0; i < g.nr_mem; i++) {
			if (!rel_ok(q24(g.mu[i]), r.mu[i], 1e-5) && bad[4]++ < 3)
				tap_diag("case %ld: mu[%u] %.6f, reference %.6f", c, i,
					 q24(g.mu[i]), r.mu[i]);
			if (!rel_ok(q24(g.cmem[i]), r.cmem[i], 1e-5) && bad[5]++ < 3)
				tap_diag("case %ld: c_mem[%u] %.6f, reference %.6f", c, i,
					 q24(g.cmem[i]), r.cmem[i]);
		}
		if (!choice_ok(&r, g.nr, cur) && bad[6]++ < 3)
			tap_diag("case %ld: OPP %u (s %.4f), reference %u (s %.4f)", c, cur,
				 q24(g.speedup[cur]), r.chosen, r.s);
	}
	tap_ok(!bad[0], "reference: %d steps, internal goal g(t) within 0.1%% (%ld off)",
	       CASES, bad[0]);
	tap_ok(!bad[7] && nplan > CASES / 100,
	       "reference: phase share phi and feed-forward goal g_ff within 0.1%% (%ld off; "
	       "g_ff above g_user in %ld steps)", bad[7], nplan);
	tap_ok(!bad[1], "reference: Kalman estimate x(t) within 0.1%% (%ld off)", bad[1]);
	tap_ok(!bad[2], "reference: variance p(t) and gain k(t) within 0.1%% (%ld off)", bad[2]);
	tap_ok(!bad[3], "reference: speedup signal s(t) within 0.1%% (%ld off)", bad[3]);
	tap_ok(!bad[4] && !bad[5],
	       "reference: learned memory speedups and costs within 0.1%% (%ld, %ld off)",
	       bad[4], bad[5]);
	tap_ok(!bad[6], "reference: same OPP up to 0.1%% ties (%ld differ)", bad[6]);
}

/* ---- hand-worked step and synthetic plants ------------------------ */

/* The seed's SM clocks: 8 P-states, 100..800 MHz. */
static struct gpugov_opp_table paper_table(void)
{
	struct gpugov_opp_table t = { .nr = 8 };
	u32 i;

	for (i = 0; i < 8; i++)
		t.opp[i].core_khz = (i + 1) * 100 * MHZ;
	return t;
}

static void test_first_step(void)
{
	static struct gpugov_grape_state g;
	struct gpugov_opp_table t = paper_table();
	struct gpugov_grape_params p;
	struct gpugov_grape_obs o = { .work = 500, .time_ns = 1000000000, .cur_opp = 0 };
	struct gpugov_grape_status st;
	u32 i, opp;
	int ok = 1;

	gpugov_grape_defaults(&p);
	p.mode = GPUGOV_GRAPE_ABS;
	p.target = 1000;
	gpugov_grape_init(&g, &p, &t);
	for (i = 0; i < 8; i++)
		ok &= g.speedup[i] == (i + 1) * (u64)ONE &&
		      fabs(q24(g.cost[i]) - (1 + 1.5 * i / 7)) < 1e-6;
	tap_ok(ok && g.s == (u64)ONE && g.x == (u64)ONE && g.p == 0,
	       "init: speedups 1..8, costs 1.0..2.5, s = x = 1, p = 0");
	/*
	 * Goal 1000/s, 500/s measured at the lowest OPP (s' = 1): h = 0.5;
	 * I/l = 0.5, so g = 1 + 1 * (1 - 0.5) = 1.5, e = 1;
	 * p- = 0.01, k = 0.01 / (0.01 + 0.01) = 0.5, x = 1 + 0.5 (0.5 - 1) = 0.75,
	 * p = 0.005, w = 4/3, s = 1 + 4/3 = 2.333: the cheapest OPP with a
	 * speedup of at least 2.333 is OPP 2 (300 MHz, speedup 3).
	 */
	opp = gpugov_grape_step(&g, &p, &t, &o, NULL);
	tap_ok(fabs(q24(g.goal) - 1.5) < 1e-6 && fabs(q24(g.k) - 0.5) < 1e-4 &&
	       fabs(q24(g.x) - 0.75) < 1e-4 && fabs(q24(g.p) - 0.005) < 1e-6 &&
	       fabs(q24(g.s) - 7 / 3.0) < 1e-4 && opp == 2,
	       "first step: g 1.5, k 0.5, x 0.75, p 0.005, s 2.333 -> OPP 2 (%.4f %.4f %.4f %.4f %.4f %u)",
	       q24(g.goal), q24(g.k), q24(g.x), q24(g.p), q24(g.s), opp);
	gpugov_grape_get_status(&g, &st);
	tap_ok(st.user_goal_rate == 1000 && st.goal_rate == 1500 && st.measured_rate == 500 &&
	       st.base_rate == 750 && st.avg_rate == 500 && st.speedup_q16 >> 12 == 37 &&
	       st.steps == 1 && st.chosen == 2,
	       "status in work units: goal 1000/s, internal 1500/s, base 750/s");
	o.time_ns = 0;
	g.chosen = 7;
	tap_ok(gpugov_grape_step(&g, &p, &t, &o, NULL) == 2 && g.steps == 1 &&
	       fabs(q24(g.x) - 0.75) < 1e-4,
	       "idle interval: no control update, the translator's choice again");
}

/*
 * A plant: work rate at OPP i is base * 1 / (m + (1 - m) * f_top / f_i)
 * relative to the top OPP's rate (m = fraction of memory-bound time at the
 * top clock), times a multiplicative noise of +-@noise.
 */
struct plant {
	double base, mem, noise;
};

static double plant_rate(const struct plant *pl, const struct gpugov_opp_table *t, u32 i)
{
	double top = t->opp[t->nr - 1].core_khz;

	return pl->base / (pl->mem + (1 - pl->mem) * top / t->opp[i].core_khz);
}

struct trace {
	int settle;		/* first step from which a 16-step mean stays within 2% */
	double shortfall;	/* (goal - achieved) / goal over the run, if below */
	double over;		/* (achieved - goal) / goal */
	double share[GPUGOV_MAX_OPPS];
};

static void run_plant(struct gpugov_grape_state *g, const struct gpugov_grape_params *p,
		      const struct gpugov_opp_table *t, const struct plant *pl,
		      double goal, int steps, struct trace *tr, u32 *opp)
{
	double win[16] = { 0 }, work = 0, want = 0;
	int k, j;

	memset(tr, 0, sizeof(*tr));
	tr->settle = -1;
	for (k = 0; k < steps; k++) {
		double r = plant_rate(pl, t, *opp) * (1 + pl->noise * (2 * rng_unit() - 1));
		struct gpugov_grape_obs o = {
			.work = (u64)(r * 1e-3), .time_ns = 1000000, .cur_opp = *opp,
			.max_rate = (u64)plant_rate(pl, t, t->nr - 1),
		};
		double mean = 0;

		tr->share[*opp] += 1.0 / steps;
		work += r * 1e-3;
		want += goal * 1e-3;
		win[k % 16] = r;
		for (j = 0; j < 16; j++)
			mean += win[j] / 16;
		if (k >= 15 && fabs(mean - goal) <= 0.02 * goal) {
			if (tr->settle < 0)
				tr->settle = k;
		} else {
			tr->settle = -1;
		}
		*opp = gpugov_grape_step(g, p, t, &o, NULL);
	}
	tr->over = (work - want) / want;
	tr->shortfall = tr->over < 0 ? -tr->over : 0;
}

static void test_plants(void)
{
	static struct gpugov_grape_state g;
	struct gpugov_opp_table t = paper_table();
	struct gpugov_grape_params p;
	struct plant pl = { .base = 1e9, .mem = 0, .noise = 0.02 };
	struct trace tr;
	int pct, worst_settle = 0, settle_25 = 0;
	double worst_short = 0, sum_short = 0;
	u32 opp, i;

	/*
	 * Compute-bound, targets 25..100% of the maximum in percent mode,
	 * starting at the top OPP.  Settling is a 16-step mean within 2%: at
	 * 25% (200 MHz) the neighbours are 50% away, and the controller
	 * dithers to pay back the start at full speed, so only the average
	 * is checked there.
	 */
	rng_seed(77);
	for (pct = 25; pct <= 100; pct += 25) {
		gpugov_grape_defaults(&p);
		p.target = pct;
		gpugov_grape_init(&g, &p, &t);
		opp = 7;
		run_plant(&g, &p, &t, &pl, 1e9 * pct / 100, 400, &tr, &opp);
		if (pct > 25)
			worst_settle = tr.settle > worst_settle || tr.settle < 0 ?
				       tr.settle : worst_settle;
		else
			settle_25 = tr.settle;
		worst_short = fmax(worst_short, tr.shortfall);
		sum_short += tr.shortfall / 4;
		tap_diag("compute-bound %d%%: settled at step %d, achieved %+.3f%% of the goal",
			 pct, tr.settle, 100 * tr.over);
	}
	tap_ok(worst_settle >= 0 && worst_settle <= 20,
	       "compute-bound plant, 50/75/100%%: settles within 20 steps (%d; 25%%: %d)",
	       worst_settle, settle_25);
	tap_ok(worst_short < 0.005 && sum_short < 0.0025,
	       "compute-bound plant, 25/50/75/100%%: shortfall mean %.3f%%, max %.3f%% "
	       "(GRAPE paper: 0.75%% mean)", 100 * sum_short, 100 * worst_short);

	/* Absolute target of 45% of the top rate: time-sliced 300 / 400 MHz. */
	gpugov_grape_defaults(&p);
	p.mode = GPUGOV_GRAPE_ABS;
	p.target = 450000000;
	pl.noise = 0;
	gpugov_grape_init(&g, &p, &t);
	opp = 0;
	run_plant(&g, &p, &t, &pl, 4.5e8, 1000, &tr, &opp);
	tap_ok(fabs(tr.over) < 0.005 && tr.share[2] + tr.share[3] > 0.97 &&
	       fabs(tr.share[3] / (tr.share[2] + tr.share[3]) - 0.6) < 0.05,
	       "45%% of the top rate: alternates 300 and 400 MHz, 60%% at 400 "
	       "(%.1f%% / %.1f%%), achieved %+.3f%%", 100 * tr.share[2], 100 * tr.share[3],
	       100 * tr.over);

	/*
	 * Phase change on 16 OPPs of 500..2000 MHz (gaps of 5-20%): compute
	 * bound, then half memory-bound, goal 70% of the compute-bound top
	 * rate, forgetting history with a time constant of 64 steps.
	 */
	t.nr = 16;
	for (i = 0; i < 16; i++)
		t.opp[i].core_khz = (500 + 100 * i) * MHZ;
	gpugov_grape_defaults(&p);
	p.mode = GPUGOV_GRAPE_ABS;
	p.target = 700000000;
	p.history_shift = 6;
	pl.noise = 0.02;
	gpugov_grape_init(&g, &p, &t);
	opp = 0;
	run_plant(&g, &p, &t, &pl, 7e8, 300, &tr, &opp);
	worst_short = tr.shortfall;
	worst_settle = tr.settle;
	pl.mem = 0.5;
	run_plant(&g, &p, &t, &pl, 7e8, 300, &tr, &opp);
	tap_ok(worst_settle >= 0 && worst_settle <= 20 && tr.settle >= 0 && tr.settle <= 20 &&
	       fmax(worst_short, tr.shortfall) < 0.005,
	       "phase change to half memory-bound: settles in %d steps (start: %d), "
	       "achieved %+.2f%%", tr.settle, worst_settle, 100 * tr.over);
}

/*
 * A loop of two phases on the seed's table: plant @sl for the work its top
 * OPP does in @ns intervals of 1 ms, then plant @f for the work of @nf,
 * @cycles times; an interval lasts 1 ms or until the phase's work is done,
 * and max_rate is the phase's top rate (a predictor's, without the noise).
 * Returns the achieved rate (work over time) relative to @goal, minus 1;
 * @top_fast gets the share of the fast phases' intervals at the top OPP,
 * @phi_drop the largest fall of phi within one fast phase.  @same (if not
 * NULL) is cleared if any step had phi != 0 or g_ff != g_user.
 */
static double run_phases(struct gpugov_grape_state *g, const struct gpugov_grape_params *p,
			 const struct gpugov_opp_table *t, const struct plant *f, int nf,
			 const struct plant *sl, int ns, int cycles, double goal,
			 double *top_fast, double *phi_drop, int *same)
{
	double work = 0, time = 0, nfast = 0;
	u32 opp = t->nr - 1;
	int c, ph;

	*top_fast = 0;
	*phi_drop = 0;
	for (c = 0; c < cycles; c++) {
		for (ph = 0; ph < 2; ph++) {
			const struct plant *pl = ph ? f : sl;
			double left = (ph ? nf : ns) * 1e-3 * plant_rate(pl, t, t->nr - 1);
			double phi0 = q24(g->phi);

			while (left > 0.5) {
				double r = plant_rate(pl, t, opp) *
					   (1 + pl->noise * (2 * rng_unit() - 1));
				double w = fmin(r * 1e-3, left);
				struct gpugov_grape_obs o = {
					.work = (u64)w, .time_ns = (u64)(w / r * 1e9),
					.cur_opp = opp,
					.max_rate = (u64)plant_rate(pl, t, t->nr - 1),
				};

				if (ph) {
					*top_fast += opp == t->nr - 1;
					nfast++;
				}
				left -= w;
				work += w;
				time += w / r;
				opp = gpugov_grape_step(g, p, t, &o, NULL);
				if (same && (g->phi || g->plan != g->user_goal))
					*same = 0;
			}
			if (ph)
				*phi_drop = fmax(*phi_drop, phi0 - q24(g->phi));
		}
	}
	*top_fast /= fmax(nfast, 1);
	return work / time / goal - 1;
}

static void test_phases(void)
{
	static struct gpugov_grape_state g;
	struct gpugov_opp_table t = paper_table();
	struct gpugov_grape_params p;
	/* top rates 4e9 (compute-bound) and 5e8 (90% memory-bound) */
	struct plant f = { .base = 4e9, .mem = 0, .noise = 0.01 };
	struct plant sl = { .base = 5e8, .mem = 0.9, .noise = 0.01 };
	double ach, top, drop, u, d;
	int same = 1;

	/*
	 * 60 ms of slow work, then 40 ms of fast work at the top OPP, 10
	 * times; the goal is the average rate at the top OPP, 1.9e9 (GRAPE
	 * section V-A's 100%): only the top OPP throughout meets it, and the
	 * slow phase, at the top OPP already, cannot make up a slowdown of the
	 * fast one.  Per cycle, against the goal's pace, the top OPP saves
	 * U = 40 * (4e9/1.9e9 - 1) ms in the fast phase and loses
	 * D = 60 * (1 - 5e8/1.9e9) ms in the slow one: phi = D/U = 1.
	 */
	rng_seed(0x9a5e);
	gpugov_grape_defaults(&p);
	p.mode = GPUGOV_GRAPE_ABS;
	p.target = 1900000000;
	gpugov_grape_init(&g, &p, &t);
	ach = run_phases(&g, &p, &t, &f, 40, &sl, 60, 10, 1.9e9, &top, &drop, NULL);
	u = 40 * (4e9 / 1.9e9 - 1);
	d = 60 * (1 - 5e8 / 1.9e9);
	tap_ok(ach > -0.01 && q24(g.phi) > 0.97,
	       "phases, goal = the top OPP's average (100%%): achieved %+.2f%% (shortfall "
	       "< 1%%), phi %.3f (D/U = %.3f), %.0f%% of the fast intervals at the top OPP",
	       100 * ach, q24(g.phi), fmin(d / u, 1), 100 * top);
	tap_ok(drop < 1e-6,
	       "phases: phi does not fall within a fast phase (its saving joins U at the "
	       "next slow interval; largest fall %.4f)", drop);

	/*
	 * Half that goal, 0.95e9: the slow phase (5e8) still falls short,
	 * by D = 60 * (1 - 5e8/0.95e9) ms a cycle, of U = 40 * (4e9/0.95e9 - 1)
	 * that the fast phase saves, phi 0.22 (at the end 10 slow phases
	 * against 9 fast ones: the last fast phase's saving is pending); the
	 * fast phase runs at ~1.2e9, far below the top OPP.
	 */
	gpugov_grape_init(&g, &p, &t);
	p.target = 950000000;
	ach = run_phases(&g, &p, &t, &f, 40, &sl, 60, 10, 0.95e9, &top, &drop, NULL);
	u = 40 * (4e9 / 0.95e9 - 1);
	d = 60 * (1 - 5e8 / 0.95e9);
	tap_ok(ach > -0.005 && ach < 0.1 && top < 0.2 &&
	       fabs(q24(g.phi) - 10 * d / (9 * u)) < 0.01,
	       "phases, 50%%: achieved %+.2f%%, phi %.3f (10 D / 9 U = %.3f), %.0f%% of the "
	       "fast intervals at the top OPP", 100 * ach, q24(g.phi), 10 * d / (9 * u),
	       100 * top);

	/* 4e8 is below both phases' top rates: D = 0, the paper's law */
	gpugov_grape_init(&g, &p, &t);
	p.target = 400000000;
	ach = run_phases(&g, &p, &t, &f, 40, &sl, 60, 5, 4e8, &top, &drop, &same);
	tap_ok(same && ach > -0.005 && g.slow_ns == 0,
	       "phases, a goal every phase's top OPP meets: phi 0 and g_ff = g_user at every "
	       "step (GRAPE's line 2 unchanged), achieved %+.2f%%", 100 * ach);
}

/* 4 core clocks x 2 memory clocks; the plant ignores the memory clock. */
static struct gpugov_opp_table pair_table(void)
{
	struct gpugov_opp_table t = { .nr = 8 };
	u32 i;

	for (i = 0; i < 8; i++) {
		t.opp[i].core_khz = (i / 2 + 1) * 200 * MHZ;
		t.opp[i].mem_khz = (i % 2 + 1) * 400 * MHZ;
	}
	return t;
}

/*
 * Run @steps intervals on the pair table of a plant whose time per unit of
 * work is a / f_core + b / f_mem (normalised to 1e9 work/s at 800/800 MHz),
 * with power 1 W * core cost ramp * (1.4 at the high memory clock); return
 * the share of the last half at the high memory clock and the achieved
 * rate over the last half relative to @goal.
 */
static void run_pairs(struct gpugov_grape_state *g, const struct gpugov_grape_params *p,
		      const struct gpugov_opp_table *t, double a, double b,
		      double goal, int steps, double *high, double *ach)
{
	double work = 0, want = 0;
	u32 opp = 7;
	int k;

	*high = 0;
	for (k = 0; k < steps; k++) {
		double r = 1e9 / (a * 800 * MHZ / t->opp[opp].core_khz +
				  b * 800 * MHZ / t->opp[opp].mem_khz);
		double pw = 1e6 * (1 + 1.5 * (t->opp[opp].core_khz - 200.0 * MHZ) / (600.0 * MHZ)) *
			    (t->opp[opp].mem_khz > 400 * MHZ ? 1.4 : 1.0);
		struct gpugov_grape_obs o = {
			.work = (u64)(r * 1e-3), .time_ns = 1000000, .cur_opp = opp,
			.power_uw = (u64)pw,
		};

		if (k >= steps / 2) {
			*high += (opp & 1) / (steps / 2.0);
			work += r * 1e-3;
			want += goal * 1e-3;
		}
		opp = gpugov_grape_step(g, p, t, &o, NULL);
	}
	*ach = work / want - 1;
}

static void test_pairs(void)
{
	static struct gpugov_grape_state g;
	struct gpugov_opp_table t = pair_table();
	struct gpugov_grape_params p;
	double high, ach;

	gpugov_grape_defaults(&p);
	gpugov_grape_init(&g, &p, &t);
	tap_ok(g.nr_mem == 2 && g.level[0] == 0 && g.level[1] == 1 &&
	       g.speedup[1] == 2 * (u64)ONE && g.speedup[7] == 8 * (u64)ONE &&
	       q24(g.mu[1]) == 8 && fabs(q24(g.cost[7]) - 6.25) < 1e-6,
	       "pairs: two memory levels, initial speedups linear in both clocks "
	       "(mu 4, 8), cost 2.5 x 2.5");
	p.mode = GPUGOV_GRAPE_ABS;
	p.target = 600000000;
	run_pairs(&g, &p, &t, 1, 0, 6e8, 400, &high, &ach);
	tap_ok(q24(g.mu[1]) < 6 && high < 0.05 && fabs(ach) < 0.01,
	       "pairs, memory-insensitive work at 60%%: mu of the high memory clock learned "
	       "down to %.2f (true 4), %.0f%% of the time at the low one, goal %+.2f%%",
	       q24(g.mu[1]), 100 * (1 - high), 100 * ach);
	tap_ok(fabs(q24(g.cmem[1]) / q24(g.cmem[0]) - 1.4) < 0.05,
	       "pairs: learned memory cost ratio %.3f (measured 1.4)",
	       q24(g.cmem[1]) / q24(g.cmem[0]));
	gpugov_grape_init(&g, &p, &t);
	run_pairs(&g, &p, &t, 0.2, 0.8, 6e8, 400, &high, &ach);
	/* 200/800 MHz gives 62.5%, 200/400 41.7%: 88% of the time at the first */
	tap_ok(high > 0.8 && ach > -0.01 && ach < 0.05,
	       "pairs, memory-bound work at 60%% (the low memory clock tops out at 56%%): "
	       "%.0f%% of the time at the high one, goal %+.2f%%", 100 * high, 100 * ach);
}

static void test_cost_override(void)
{
	static struct gpugov_grape_state g;
	struct gpugov_opp_table t = paper_table();
	struct gpugov_grape_params p;
	u64 cost[8] = { 9, 9, 9, 9, 9, 1, 9, 9 };

	gpugov_grape_defaults(&p);
	gpugov_grape_init(&g, &p, &t);
	tap_ok(gpugov_grape_translate(&g, 3 * (u64)ONE, NULL) == 2 &&
	       gpugov_grape_translate(&g, 3 * (u64)ONE + 1, NULL) == 3 &&
	       gpugov_grape_translate(&g, 3 * (u64)ONE, cost) == 5 &&
	       gpugov_grape_translate(&g, 6 * (u64)ONE + 1, cost) == 6 &&
	       gpugov_grape_translate(&g, 100 * (u64)ONE, cost) == 7,
	       "translator: cheapest with speedup >= s; caller costs; the fastest if none");
}

/* ---- adversarial ------------------------------------------------- */

static int grape_sane(const struct gpugov_grape_state *g, u32 chosen)
{
	u64 lo = U64_MAX, hi = 0;
	u32 i;

	if (!g->nr)
		return chosen == 0;
	for (i = 0; i < g->nr; i++) {
		lo = min_t(u64, lo, g->speedup[i]);
		hi = max_t(u64, hi, g->speedup[i]);
	}
	if (chosen >= g->nr)
		tap_diag("chosen %u of %u", chosen, g->nr);
	else if (g->x < 16 || g->x > 1ULL << 44)
		tap_diag("x %llu", (unsigned long long)g->x);
	else if (g->steps && (g->s < lo || g->s > hi))
		tap_diag("s %llu not in %llu..%llu", (unsigned long long)g->s,
			 (unsigned long long)lo, (unsigned long long)hi);
	else if (g->p > 256 * (u64)ONE)
		tap_diag("p %llu", (unsigned long long)g->p);
	return chosen < g->nr && g->x >= 16 && g->x <= 1ULL << 44 &&
	       (g->steps == 0 || (g->s >= lo && g->s <= hi)) && g->p <= 256 * (u64)ONE;
}

static void test_adversarial(void)
{
	static struct gpugov_grape_state g;
	struct gpugov_opp_table t = paper_table();
	struct gpugov_grape_params p;
	struct gpugov_grape_obs o;
	static const u64 odd[] = { 0, 1, 2, 1000, 1ULL << 32, 1ULL << 40,
				   (1ULL << 63) - 1, U64_MAX - 1, U64_MAX };
	u64 cost[GPUGOV_MAX_OPPS];
	long c, bad = 0;
	u32 i, r;

	gpugov_grape_defaults(&p);
	t.nr = 0;
	gpugov_grape_init(&g, &p, &t);
	memset(&o, 0, sizeof(o));
	o.time_ns = 1000;
	o.work = 1000;
	tap_ok(gpugov_grape_step(&g, &p, &t, &o, NULL) == 0 &&
	       gpugov_grape_translate(&g, 0, NULL) == 0, "empty table: OPP 0, no trap");
	t = paper_table();
	t.nr = 1;
	tap_ok(gpugov_grape_step(&g, &p, &t, &o, NULL) == 0 && grape_sane(&g, 0) &&
	       g.nr == 1, "one-entry table (re-initialised on the size change): OPP 0");
	t = paper_table();
	memset(&o, 0, sizeof(o));
	o.time_ns = 1;
	o.work = U64_MAX;
	o.power_uw = U64_MAX;
	o.max_rate = U64_MAX;
	o.cur_opp = U32_MAX;
	r = gpugov_grape_step(&g, &p, &t, &o, NULL);
	tap_ok(grape_sane(&g, r), "maximal work in 1 ns, maximal power, OPP out of range");
	o.work = 0;
	o.time_ns = U64_MAX;
	r = gpugov_grape_step(&g, &p, &t, &o, NULL);
	tap_ok(grape_sane(&g, r), "no work in 2^64 ns");
	for (i = 0; i < 8; i++)
		t.opp[i].core_khz = i < 4 ? 0 : U32_MAX;
	gpugov_grape_init(&g, &p, &t);
	o.work = 1000;
	o.time_ns = 1000;
	r = gpugov_grape_step(&g, &p, &t, &o, NULL);
	tap_ok(grape_sane(&g, r), "zero and 4.29 THz clocks");
	p.q = p.r = 0;
	p.x0 = 16;
	p.alpha_q16 = 4 << 16;
	p.beta_q16 = 1;
	p.mode = GPUGOV_GRAPE_ABS;
	p.target = U64_MAX;
	t = paper_table();
	gpugov_grape_init(&g, &p, &t);
	r = gpugov_grape_step(&g, &p, &t, &o, NULL);
	tap_ok(grape_sane(&g, r), "Q = R = 0, smallest x(0), largest alpha, target 2^64 - 1");

	rng_seed(0xfa11);
	for (c = 0; c < 20000; c++) {
		struct gpugov_opp_table tt;

		if (c % 50 == 0) {
			random_table(&tt);
			for (i = 0; i < tt.nr; i++) {
				if (rng_unit() < 0.1)
					tt.opp[i].core_khz = (u32)odd[rng_range(0, 4)];
				if (rng_unit() < 0.1)
					tt.opp[i].mem_khz = (u32)rng_u64();
			}
			t = tt;
			p.mode = (u32)rng_range(0, 2);
			p.target = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
			p.alpha_q16 = (u32)rng_u64();
			p.beta_q16 = (u32)rng_u64();
			p.q = (u32)rng_u64();
			p.r = (u32)rng_u64();
			p.x0 = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
			p.p0 = (u32)rng_u64();
			p.history_shift = (u32)rng_range(0, 70);
			gpugov_grape_init(&g, &p, &t);
		}
		o.work = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		o.time_ns = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		o.power_uw = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		o.max_rate = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		o.cur_opp = (u32)rng_range(0, 80);
		for (i = 0; i < GPUGOV_MAX_OPPS; i++)
			cost[i] = odd[rng_range(0, ARRAY_SIZE(odd) - 1)];
		r = gpugov_grape_step(&g, &p, &t, &o, rng_unit() < 0.5 ? cost : NULL);
		bad += !grape_sane(&g, r);
	}
	tap_ok(!bad, "20000 steps of extreme values and parameters: no trap, valid OPP, "
	       "state within its clamps (%ld bad)", bad);
}

/* ---- determinism, parameters, helpers ---------------------------- */

static void test_determinism(void)
{
	static struct gpugov_grape_state a, b;
	struct gpugov_opp_table t = pair_table();
	struct gpugov_grape_params p;
	struct gpugov_grape_obs o;
	u64 sum[2] = { 0, 0 };
	int pass, k;
	u32 opp;

	for (pass = 0; pass < 2; pass++) {
		struct gpugov_grape_state *g = pass ? &b : &a;

		rng_seed(99);
		gpugov_grape_defaults(&p);
		gpugov_grape_init(g, &p, &t);
		opp = 0;
		for (k = 0; k < 500; k++) {
			random_obs(&o, &t, opp, 1e9);
			opp = gpugov_grape_step(g, &p, &t, &o, NULL);
			sum[pass] = sum[pass] * 31 + opp;
		}
	}
	tap_ok(sum[0] == sum[1] && !memcmp(&a, &b, sizeof(a)),
	       "determinism: the same 500 observations give the same decisions and state");
}

static void test_params(void)
{
	struct gpugov_grape_params p, q;

	gpugov_grape_defaults(&p);
	tap_ok(p.beta_q16 == 55706 && p.q == 167772 && p.r == 167772 &&
	       p.x0 == (u64)ONE && p.p0 == 0 && p.alpha_q16 == 65536 &&
	       p.mode == GPUGOV_GRAPE_PCT && p.target == 100 && gpugov_grape_params_ok(&p),
	       "defaults: beta 0.85, Q = R = 0.01, x0 = 1, p0 = 0, alpha 1, 100%% target");
	q = p;
	q.target = 101;
	tap_ok(!gpugov_grape_params_ok(&q), "percent target above 100 rejected");
	q = p;
	q.target = 0;
	tap_ok(!gpugov_grape_params_ok(&q), "zero target rejected");
	q = p;
	q.mode = GPUGOV_GRAPE_ABS;
	q.target = 1ULL << 50;
	tap_ok(gpugov_grape_params_ok(&q), "absolute target of 2^50 work units/s accepted");
	q = p;
	q.beta_q16 = 0;
	tap_ok(!gpugov_grape_params_ok(&q), "beta = 0 rejected");
	q = p;
	q.x0 = 1ULL << 45;
	tap_ok(!gpugov_grape_params_ok(&q), "x0 beyond 2^20 rejected");
	q = p;
	q.history_shift = 33;
	tap_ok(!gpugov_grape_params_ok(&q), "history_shift beyond 32 rejected");
	q = p;
	q.mode = GPUGOV_GRAPE_NR_MODES;
	tap_ok(!gpugov_grape_params_ok(&q), "unknown mode rejected");
}

static void test_helpers(void)
{
	static struct gpugov_sample s;
	struct gpugov_opp_table t = paper_table();
	struct gpugov_grape_obs o;

	memset(&s, 0, sizeof(s));
	s.interval_ns = 2000000;
	s.busy_ns = 1500000;
	s.core_khz = 310 * MHZ;
	s.insts = 123456;
	s.energy_uj = 3000;
	s.caps = GPUGOV_CAP_INSTS | GPUGOV_CAP_ENERGY;
	gpugov_grape_obs_from_sample(&s, &t, &o);
	tap_ok(o.work == 123456 && o.time_ns == 1500000 && o.cur_opp == 2 &&
	       o.power_uw == 1500000 && o.max_rate == 0,
	       "observation from a sample: work, busy time, nearest OPP, 3 mJ / 2 ms = 1.5 W");
	s.caps = 0;
	gpugov_grape_obs_from_sample(&s, &t, &o);
	tap_ok(o.work == 0 && o.power_uw == 0, "no instructions or energy counters: zero");
	tap_ok(gpugov_grape_max_rate(1000, 2000000) == 500000000 &&
	       gpugov_grape_max_rate(0, 0) == 0 && gpugov_grape_max_rate(1, 0) == U64_MAX,
	       "max rate: 1000 units in 2 us = 5e8/s; no trap on zero time");
}

int main(void)
{
	test_first_step();
	test_plants();
	test_phases();
	test_pairs();
	test_cost_override();
	test_adversarial();
	test_determinism();
	test_params();
	test_helpers();
	test_reference();
	return tap_done("grape");
}
