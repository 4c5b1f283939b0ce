// SPDX-License-Identifier: GPL-2.0
/*
 * test_reference.c - seeded randomized comparison of every fixed-point
 * predictor and policy with the double-precision reference (ref_model.h).
 *
 * Cases span counters up to 2^40, intervals from 1 us to 10 s, clocks from
 * 20 MHz to 4 GHz and tables of 1 to 32 OPPs (at least 1% apart, as real
 * OPP tables are).  Predicted times and energies must agree within 0.1%;
 * the chosen OPP must be the reference's, except where the reference
 * itself cannot tell them apart within 0.1% (metrics, the slowdown bound,
 * or the hysteresis threshold).
 *
 * A further set takes CRISP to the ends of its range: intervals up to 10^7 s
 * and memory clocks down to 1 kHz, where its sums reach U64_MAX and must
 * saturate there, as the reference does past 2^64, not wrap.
 */
#include <stdio.h>
#include <stdlib.h>
#include "tap.h"
#include "rng.h"
#include "ref_model.h"
#include "gpugov_fixed.h"

#define CASES	100000
#define TOL	1e-3

/* the predictors' ranges: ordinary, with memory clocks, at their ends */
enum range { PLAIN, MEM, EXTREME };

static void random_table(struct gpugov_opp_table *t)
{
	double f = rng_log(20e3, 2e6);
	u32 uv = (u32)rng_range(500000, 800000);
	int em = rng_unit() < 0.3;
	u32 want = (u32)rng_range(1, GPUGOV_MAX_OPPS), n = 0;

	while (n < want && f <= 4e6) {
		struct gpugov_opp *o = &t->opp[n++];

		o->core_khz = (u32)f;
		o->mem_khz = 0;
		o->uv = uv;
		o->power_uw = em ? (u32)(f * (uv / 1e6) * (uv / 1e6) * 300 + 50000) : 0;
		f *= 1.01 + rng_unit() * 0.5;
		uv += (u32)rng_range(0, 40000);
	}
	t->nr = n;
}

static u64 random_counter(double busy_cyc)
{
	double r = rng_unit();

	if (r < 0.02)
		return rng_range(0, 1ULL << 40);	/* nonsense, clamped */
	if (r < 0.05)
		return 0;
	return (u64)(busy_cyc * rng_unit() * (r < 0.1 ? 1.2 : 1.0));
}

/* @max_ns: the longest interval */
static void random_sample(struct gpugov_sample *s,
			  const struct gpugov_opp_table *t, double max_ns)
{
	double busy_cyc;

	memset(s, 0, offsetof(struct gpugov_sample, waves));
	s->interval_ns = (u64)rng_log(1e3, max_ns);
	s->busy_ns = (u64)(s->interval_ns * (0.02 + 0.98 * rng_unit()));
	if (rng_unit() < 0.01)
		s->busy_ns = s->interval_ns + rng_range(0, 1000);
	s->core_khz = t->opp[rng_range(0, t->nr - 1)].core_khz;
	if (rng_unit() < 0.1)
		s->core_khz = (u32)rng_log(20e3, 4e6);
	s->caps = GPUGOV_CAP_ALL;
	busy_cyc = (double)s->busy_ns * s->core_khz / 1e6;
	s->load_stall_cyc = random_counter(busy_cyc * 0.5);
	s->store_stall_cyc = random_counter(busy_cyc * 0.3);
	s->lcp_cyc = random_counter(busy_cyc);
	s->lcp_core_cyc = random_counter(s->lcp_cyc * 1.2);
	s->lcp_wait_cyc = random_counter(s->lcp_cyc * 1.2);
	s->l2_busy_cyc = random_counter(busy_cyc);
	s->dram_busy_cyc = random_counter(busy_cyc);
	s->load_out_cyc = random_counter(busy_cyc);
	s->lead_cyc = random_counter(busy_cyc);
	s->crit_cyc = random_counter(busy_cyc);
}

/* The busy model's time at @f from @t at @f1, a share @c of it scaling */
static double ref_busy_fit(double t, double c, double f1, double f)
{
	return t * (1 - c) + t * c * f1 / f;
}

/* The table's highest core clock below @f, 0 if none. */
static double ref_step_below(const struct gpugov_opp_table *tab, double f)
{
	double step = 0;
	u32 i;

	for (i = 0; i < tab->nr; i++)
		if (tab->opp[i].core_khz < f)
			step = fmax(step, tab->opp[i].core_khz);
	return step;
}

/*
 * The busy model's probe (pred_busy.c) of a phase that has not @moved, on
 * a table of one memory clock: at the next clock below the sample's, the
 * time @t itself where the whole
 * history is at the sample's clock within 1/20 of its utilisation and the
 * bound @bound fits the interval.  Returns the probe's time, or @bound;
 * @alt as in ref_busy_time().
 */
static double ref_busy_probe(const struct gpugov_sample *s,
			     const struct gpugov_opp_table *tab, double f2,
			     const u32 *hk, const double *hb, int hn, int moved,
			     double bound, double *alt)
{
	double t = ref_busy_ps(s), interval = s->interval_ns * 1000.0;
	double util1 = s->interval_ns ? t / interval : 0, spread = 0;
	int i, edge;

	if (moved || hn < GPUGOV_BUSY_HIST || util1 <= 0 ||
	    f2 != ref_step_below(tab, s->core_khz))
		return bound;
	for (i = 1; i < (int)tab->nr; i++)
		if (tab->opp[i].mem_khz != tab->opp[0].mem_khz)
			return bound;	/* OPPs that move a memory clock */
	for (i = 0; i < hn; i++) {
		if (hk[i] != s->core_khz)
			return bound;
		spread = fmax(spread, fabs(fmin(hb[i] / util1, 32.0) - 1));
	}
	edge = fabs(spread - 0.05) < 1e-4 || fabs(bound - interval) < 1e-4 * interval;
	if (spread <= 0.05 && bound <= interval) {
		*alt = edge ? bound : t;
		return t;
	}
	*alt = edge ? t : bound;
	return bound;
}

/*
 * The busy model (pred_busy.c): the fit down to the history's lowest clock
 * lo, below it ~ 1/f; at the table's next clock below lo the fit itself
 * where it explains every point within 1/20 and even ~ 1/f fits the
 * interval there; with no fit, the probe (ref_busy_probe()).  @alt is the
 * other answer where either test is too close to call in double precision,
 * else the same.
 */
static double ref_busy_time(const struct gpugov_sample *s,
			    const struct gpugov_opp_table *tab, double f2,
			    const u32 *hk, const double *hb, int hn, int moved,
			    double *alt)
{
	double t = ref_busy_ps(s), interval = s->interval_ns * 1000.0;
	double resid, lo = f2, step, bound, fit, c;
	int i, edge;

	c = ref_busy_fraction(hk, hb, hn, s->core_khz, s->interval_ns ?
			      t / interval : 1.0, &resid);
	for (i = 0; i < hn; i++)
		lo = i ? fmin(lo, hk[i]) : hk[i];
	step = ref_step_below(tab, lo);
	bound = ref_busy_fit(t, c, s->core_khz, fmax(lo, f2)) * fmax(lo, f2) / f2;
	*alt = bound;
	if (resid < 0)
		return ref_busy_probe(s, tab, f2, hk, hb, hn, moved, bound, alt);
	if (f2 >= lo || f2 < step)
		return bound;
	fit = ref_busy_fit(t, c, s->core_khz, f2);
	edge = fabs(resid - 0.05) < 1e-4 || fabs(bound - interval) < 1e-4 * interval;
	if (edge)
		*alt = fit;
	if (resid <= 0.05 && bound <= interval) {
		*alt = edge ? bound : fit;
		return fit;
	}
	return bound;
}

/* @alt: a second acceptable answer (ref_busy_time()), else the same */
static double ref_time(enum gpugov_pred_id id, const struct gpugov_sample *s,
		       const struct gpugov_opp_table *tab, double f2, double m2,
		       const u32 *hk, const double *hb, int hn, int moved,
		       double *alt)
{
	*alt = -1;
	switch (id) {
	case GPUGOV_PRED_STALL:
		return ref_linear(s, s->load_stall_cyc, f2);
	case GPUGOV_PRED_LEAD:
		return ref_linear(s, s->lead_cyc, f2);
	case GPUGOV_PRED_CRIT:
		return ref_linear(s, s->crit_cyc, f2);
	case GPUGOV_PRED_CRISP:
		return ref_crisp(s, s->lcp_cyc, s->lcp_core_cyc, s->lcp_wait_cyc,
				 s->l2_busy_cyc, s->dram_busy_cyc, f2, m2);
	case GPUGOV_PRED_CRISP_L:
		return ref_crisp(s, s->load_out_cyc, 0, 0, s->l2_busy_cyc,
				 s->dram_busy_cyc, f2, m2);
	default:
		return ref_busy_time(s, tab, f2, hk, hb, hn, moved, alt);
	}
}

/*
 * 0.1%, or 8 units (ps, pJ): each of the few truncating steps of a model
 * loses less than one unit.
 */
static int close_enough(double got, double want)
{
	return fabs(got - want) <= fmax(TOL * want, 8.0);
}

/*
 * Feed the busy-only model a short history at random table clocks with a
 * hidden two-part workload, so that its fit has something to find, or, in
 * a quarter of the cases, the sample's own busy share at its clock within
 * +-7% (steady work, which the probe is for); the reference gets the
 * utilisations the model kept.
 */
static int busy_history(struct gpugov_pred_state *st,
			const struct gpugov_opp_table *t,
			struct gpugov_sample *s, u32 *hk, double *hb)
{
	int i, n = (int)rng_range(0, GPUGOV_BUSY_HIST + 3), hn = 0;
	double mem = rng_unit(), work = rng_log(1e3, 1e9);
	int steady = rng_unit() < 0.25;
	struct gpugov_sample h = *s;

	for (i = 0; i < n; i++) {
		if (steady) {
			h.busy_ns = (u64)(s->busy_ns * (0.93 + 0.14 * rng_unit()));
			gpugov_pred_observe(st, &h);
			continue;
		}
		h.core_khz = t->opp[rng_range(0, t->nr - 1)].core_khz;
		h.interval_ns = (u64)(work * 4);
		h.busy_ns = (u64)(work * (mem + (1 - mem) * 1e6 / h.core_khz) *
				  (0.97 + 0.06 * rng_unit()));
		gpugov_pred_observe(st, &h);
	}
	gpugov_pred_observe(st, s);
	/* Mirror the state for the reference, newest first. */
	for (i = 0; i < (int)st->busy.nr; i++) {
		u32 slot = (st->busy.head + GPUGOV_BUSY_HIST - 1 - i) % GPUGOV_BUSY_HIST;

		hk[hn] = st->busy.khz[slot];
		hb[hn++] = (double)st->busy.util[slot] / (1 << 24);
	}
	return hn;
}

/*
 * Give @t and @s memory clocks from @lo_khz up: every OPP one of three,
 * the sample one of them (or, now and then, another), as on a GPU whose
 * OPPs pair each core clock with each memory clock.
 */
static void random_mem_clocks(struct gpugov_opp_table *t,
			      struct gpugov_sample *s, double lo_khz)
{
	u32 mk[3], i;

	for (i = 0; i < 3; i++)
		mk[i] = (u32)rng_log(lo_khz, 4e6);
	for (i = 0; i < t->nr; i++)
		t->opp[i].mem_khz = mk[rng_range(0, 2)];
	s->mem_khz = rng_unit() < 0.1 ? (u32)rng_log(lo_khz, 4e6) :
		     mk[rng_range(0, 2)];
}

/*
 * The model's times against the reference's; at the EXTREME range the
 * reference is cut at 2^64, where the model saturates.
 */
static void test_predictor(enum gpugov_pred_id id, enum range range)
{
	static const char *const range_names[] = {
		[PLAIN] = "", [MEM] = " with memory clocks",
		[EXTREME] = " at 10^7 s and 1 kHz memory clocks",
	};
	static struct gpugov_sample s;
	struct gpugov_opp_table t;
	struct gpugov_pred_state st;
	u64 tp[GPUGOV_MAX_OPPS];
	u32 hk[GPUGOV_BUSY_HIST];
	double hb[GPUGOV_BUSY_HIST], worst = 0;
	long bad = 0, c;
	u32 i;
	int hn;

	rng_seed(0x5eed0000 + id + range * 0x100);
	for (c = 0; c < CASES; c++) {
		random_table(&t);
		random_sample(&s, &t, range == EXTREME ? 1e16 : 1e10);
		if (range != PLAIN)
			random_mem_clocks(&t, &s, range == EXTREME ? 1.0 : 100e3);
		gpugov_pred_init(&st);
		hn = busy_history(&st, &t, &s, hk, hb);
		gpugov_predict(&st, id, &s, &t, tp);
		for (i = 0; i < t.nr; i++) {
			double alt, want = ref_time(id, &s, &t, t.opp[i].core_khz,
						    t.opp[i].mem_khz, hk, hb,
						    hn, st.busy.moved, &alt);
			double err;

			want = fmin(want, 0x1p64);
			if (alt >= 0 && close_enough((double)tp[i], alt))
				want = alt;
			err = want > 0 ? fabs(tp[i] - want) / want : 0;
			worst = err > worst ? err : worst;
			if (!close_enough((double)tp[i], want) && bad++ < 3)
				tap_diag("%s case %ld opp %u: got %llu want %.1f",
					 gpugov_predictor(id)->name, c, i,
					 (unsigned long long)tp[i], want);
		}
	}
	tap_ok(!bad, "%s%s: %d cases, all OPP times within 0.1%% of the reference "
	       "(worst %.2e, %ld off)", gpugov_predictor(id)->name,
	       range_names[range], CASES, worst, bad);
}

/* The reference's best among OPPs whose slowdown slack is at least @thr. */
static u32 ref_argmin(const struct gpugov_policy_params *p,
		      const struct gpugov_opp_table *t,
		      const struct ref_decision *rd, double thr)
{
	u32 i, best = t->nr - 1;

	for (i = 0; i < t->nr; i++)
		if ((p->objective != GPUGOV_OBJ_ENERGY || rd->feasible_slack[i] >= thr) &&
		    rd->metric[i] < rd->metric[best])
			best = i;
	return best;
}

static int metric_close(const struct ref_decision *rd, u32 a, u32 b)
{
	return fabs(rd->metric[a] - rd->metric[b]) <= TOL * rd->metric[b];
}

/*
 * Is @got what the reference would choose once everything it cannot
 * resolve to 0.1% is allowed to fall either way: metrics, the slowdown
 * bound of `energy`, the hysteresis threshold?
 */
static int decision_ok(const struct gpugov_policy_params *p,
		       const struct gpugov_opp_table *t,
		       const struct ref_decision *rd, u32 got)
{
	double h = 1.0 - p->hysteresis_pct / 100.0;
	u32 strict = ref_argmin(p, t, rd, TOL), loose = ref_argmin(p, t, rd, -TOL);
	u32 j, alt;

	if (got == rd->chosen || metric_close(rd, got, rd->chosen))
		return 1;
	/* Any placement of the slowdown bound within 0.1% of where it is. */
	for (j = 0; j < t->nr; j++) {
		if (fabs(rd->feasible_slack[j]) > TOL)
			continue;
		alt = ref_argmin(p, t, rd, rd->feasible_slack[j]);
		if (got == alt || metric_close(rd, got, alt))
			return 1;
	}
	if (got == strict || got == loose || metric_close(rd, got, strict) ||
	    metric_close(rd, got, loose))
		return 1;
	return got == rd->cur && p->hysteresis_pct &&
	       (rd->metric[strict] > h * (1 - TOL) || rd->metric[loose] > h * (1 - TOL));
}

static void test_policy(enum gpugov_objective obj)
{
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	static struct gpugov_policy_state ps;
	struct gpugov_policy_params p;
	struct gpugov_opp_table t;
	struct gpugov_pred_state st;
	struct ref_decision rd;
	double tps[GPUGOV_MAX_OPPS];
	long bad_e = 0, bad_d = 0, c;
	u32 i;

	rng_seed(0x90110000 + obj);
	for (c = 0; c < CASES; c++) {
		gpugov_policy_defaults(&p);
		p.objective = obj;
		p.max_slowdown_pct = (u32)rng_range(0, 50);
		p.hysteresis_pct = rng_unit() < 0.5 ? 0 : (u32)rng_range(1, 20);
		p.power.dyn_uw = (u32)rng_log(1e4, 4e9);
		p.power.static_uw = (u32)rng_log(1e3, 2e9);
		p.power.uncore_uw = (u32)rng_log(1e3, 1e9);
		p.power.idle_uw = rng_unit() < 0.5 ? 0 : (u32)rng_log(1e3, 1e8);
		random_table(&t);
		random_sample(&s, &t, 1e10);
		gpugov_pred_init(&st);
		gpugov_predict(&st, GPUGOV_PRED_CRISP, &s, &t, d.time_ps);
		for (i = 0; i < t.nr; i++)
			tps[i] = (double)d.time_ps[i];
		gpugov_policy_state_init(&ps);
		gpugov_decide(&p, &ps, &t, &s, &d);
		ref_decide(&p, &t, &s, tps, &rd);
		for (i = 0; i < t.nr; i++)
			if (!close_enough((double)d.energy_pj[i],
					  ref_energy_pj(&p.power, &t, i, &s, tps[i])) &&
			    bad_e++ < 3)
				tap_diag("%s case %ld opp %u: energy %llu want %.1f",
					 gpugov_objective_names[obj], c, i,
					 (unsigned long long)d.energy_pj[i],
					 ref_energy_pj(&p.power, &t, i, &s, tps[i]));
		if (d.chosen >= t.nr || !decision_ok(&p, &t, &rd, d.chosen)) {
			if (bad_d++ < 3)
				tap_diag("%s case %ld: chose %u (metric %.6f), reference %u (%.6f)",
					 gpugov_objective_names[obj], c, d.chosen,
					 d.chosen < t.nr ? rd.metric[d.chosen] : -1.0,
					 rd.chosen, rd.metric[rd.chosen]);
		}
	}
	tap_ok(!bad_e, "%s: %d cases, energies within 0.1%% of the reference (%ld off)",
	       gpugov_objective_names[obj], CASES, bad_e);
	tap_ok(!bad_d, "%s: %d cases, same OPP as the reference up to 0.1%% ties (%ld differ)",
	       gpugov_objective_names[obj], CASES, bad_d);
}

int main(void)
{
	static const enum gpugov_pred_id ids[] = {
		GPUGOV_PRED_STALL, GPUGOV_PRED_LEAD, GPUGOV_PRED_CRIT,
		GPUGOV_PRED_CRISP, GPUGOV_PRED_CRISP_L, GPUGOV_PRED_BUSY,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ids); i++)
		test_predictor(ids[i], PLAIN);
	/* the models whose reference moves memory time to another clock */
	test_predictor(GPUGOV_PRED_CRISP, MEM);
	test_predictor(GPUGOV_PRED_CRISP_L, MEM);
	test_predictor(GPUGOV_PRED_CRISP, EXTREME);
	test_predictor(GPUGOV_PRED_CRISP_L, EXTREME);
	/* `target` (GRAPE) has its own reference in test_grape.c */
	for (i = 0; i <= GPUGOV_OBJ_ENERGY; i++)
		test_policy((enum gpugov_objective)i);
	return tap_done("reference");
}
