// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_policy.c - choose the next OPP from per-OPP predictions.
 *
 * Metrics are compared as Q16 ratios to the prediction at the OPP in force
 * (DESIGN.md section 4), which keeps every product below 2^64 for
 * intervals up to 10 s, clocks up to 4 GHz and counters up to 2^40:
 *	rE = E(f) / E(cur), rT = T(f) / T(cur), each clamped below 2^32
 *	edp  = rE * rT,  ed2p = rE * rT^2,  energy = rE
 * The lowest metric wins, the lower OPP on a tie.  `energy` only considers
 * OPPs whose predicted time is within max_slowdown percent of the top
 * OPP's (seed 000 section 5.2 "reduce energy while maintaining a
 * performance constraint").  With hysteresis h, the OPP in force (metric
 * 1.0 by construction) is kept unless the best is better by more than h%.
 *
 * `deadline` (the default) is for work that arrives at its own pace
 * (frames, as in games, UIs and video) as well as for back-to-back work:
 * spend the least energy without losing throughput against the top OPP.
 * The interval's work, predicted to take T(f), must fit the share
 * util_pct of the interval I it arrived in, or be within slack_pct of the
 * top OPP's time:
 *	feasible(f)  <=>  T(f) <= max(I * util / 100, T(top) * (100 + slack) / 100)
 * and among the feasible OPPs the one of least predicted energy (idle
 * power for the rest of the interval included) wins.  T(f) here is the
 * demand: the most any of the last GPUGOV_RECENT_NR busy intervals' work
 * is predicted to take at f.  Reactive prediction is one interval behind
 * (PCSTALL section 3.3): work whose kind alternates (a memory-bound frame,
 * then a compute-bound one) would otherwise miss every other deadline at
 * the clock the memory-bound frame allowed.  A sample busy all
 * interval (back-to-back work, or paced work running late) says only that
 * the demand was at least that much: then only the slack bound applies,
 * which sends busy-only predictions (time proportional to the period until
 * the clock slope is known) to the top OPP at once, as simple_ondemand's
 * upthreshold does.  Unlike `energy`, whose bound is relative to the top
 * OPP's busy time, idle time is free to fill: a slower clock costs the user
 * nothing while the work still fits its interval (the deadline of the
 * frame-based governors, with CRISP section 5.2's "reduce energy while
 * maintaining a performance constraint" as the rule within it).
 *
 * `target` holds a work rate with minimum energy through the GRAPE
 * controller (seed 002, gpugov_grape.c), which keeps state between
 * decisions in struct gpugov_policy_state and ranks fast-enough OPPs by the
 * predicted energy computed here.  GRAPE measures rate as instructions per
 * busy second; a sample without an instruction counter has no rate, so a
 * percent target then becomes what it means for the work at hand, an
 * `energy` decision whose slowdown bound is 100 / target - 1 (an absolute
 * target cannot be judged without work units: the top OPP).
 */
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

const char *const gpugov_objective_names[GPUGOV_NR_OBJ] = {
	[GPUGOV_OBJ_PERFORMANCE] = "performance",
	[GPUGOV_OBJ_EDP] = "edp",
	[GPUGOV_OBJ_ED2P] = "ed2p",
	[GPUGOV_OBJ_ENERGY] = "energy",
	[GPUGOV_OBJ_TARGET] = "target",
	[GPUGOV_OBJ_DEADLINE] = "deadline",
};

const char *const gpugov_reason_names[GPUGOV_NR_REASON] = {
	[GPUGOV_REASON_BEST] = "best",
	[GPUGOV_REASON_HYSTERESIS] = "hysteresis",
	[GPUGOV_REASON_PERFORMANCE] = "performance",
	[GPUGOV_REASON_IDLE] = "idle",
	[GPUGOV_REASON_TARGET] = "target",
	[GPUGOV_REASON_SATURATED] = "saturated",
};

/**
 * gpugov_objective_find() - id of the objective named @name
 * @name: name, not necessarily NUL-terminated
 * @len: its length
 *
 * Return: the enum gpugov_objective value, or -1.
 */
int gpugov_objective_find(const char *name, size_t len)
{
	int i;

	for (i = 0; i < GPUGOV_NR_OBJ; i++)
		if (strlen(gpugov_objective_names[i]) == len &&
		    !memcmp(gpugov_objective_names[i], name, len))
			return i;
	return -1;
}

/**
 * gpugov_policy_defaults() - defaults: `deadline` with 90% of the interval
 * and 1% slack, 5% slowdown for `energy`, no hysteresis, and
 * a power model in which static power is about a third of busy power at
 * 1 V and 1 GHz (GPUWattch-style split, seed 000 section 4)
 * @p: parameters to fill
 */
void gpugov_policy_defaults(struct gpugov_policy_params *p)
{
	memset(p, 0, sizeof(*p));
	p->objective = GPUGOV_OBJ_DEADLINE;
	p->max_slowdown_pct = 5;
	p->util_pct = 90;
	p->slack_pct = 1;
	p->power.dyn_uw = 2000000;
	p->power.static_uw = 800000;
	p->power.uncore_uw = 200000;
	gpugov_grape_defaults(&p->grape);
}

/**
 * gpugov_policy_state_init() - forget what the objectives learned
 * @ps: state to reset; `target` re-initialises its controller at its next
 *	decision
 */
void gpugov_policy_state_init(struct gpugov_policy_state *ps)
{
	u32 i;

	memset(ps, 0, sizeof(*ps));
	for (i = 0; i < GPUGOV_MAX_OPPS; i++)
		ps->miss_q16[i] = GPUGOV_Q16_ONE;
	ps->expect_opp = GPUGOV_MAX_OPPS;
}

/**
 * gpugov_policy_restart() - forget the work in flight (after a resume): the
 * recent intervals' demand and the last decision's expectation; what was
 * learned of the model (miss factors, GRAPE's tables) stays
 * @ps: state
 */
void gpugov_policy_restart(struct gpugov_policy_state *ps)
{
	ps->recent_nr = 0;
	ps->recent_head = 0;
	ps->expect_opp = GPUGOV_MAX_OPPS;
}

static u64 metric_q16(enum gpugov_objective obj, u64 re, u64 rt)
{
	u64 edp = min_t(u64, gpugov_mul_q16(re, rt), GPUGOV_RATIO_MAX);

	switch (obj) {
	case GPUGOV_OBJ_ENERGY:
	case GPUGOV_OBJ_TARGET:
	case GPUGOV_OBJ_DEADLINE:
		return re;
	case GPUGOV_OBJ_ED2P:
		return min_t(u64, gpugov_mul_q16(edp, rt), GPUGOV_RATIO_MAX);
	case GPUGOV_OBJ_EDP:
		return edp;
	default:
		return rt;
	}
}

/* Below 1/16 a Q16 metric has fewer than 4096 steps: refine. */
#define REFINE_BELOW	(GPUGOV_Q16_ONE >> 4)

/* Objective at OPP @i relative to OPP @ref. */
static u64 metric_rel(enum gpugov_objective obj, const struct gpugov_decision *d,
		      u32 i, u32 ref)
{
	return metric_q16(obj, gpugov_ratio_q16(d->energy_pj[i], d->energy_pj[ref]),
			  gpugov_ratio_q16(d->time_ps[i], d->time_ps[ref]));
}

/*
 * The time bound of `energy` and `deadline`: the demand may not exceed
 * @limit_ps where @limit_q16 is U64_MAX, else T(f) / T(top) may not exceed
 * @limit_q16.
 */
struct time_bound {
	u64 limit_q16;
	u64 limit_ps;
	const u32 *miss_q16;
};

static bool feasible(const struct time_bound *b,
		     const struct gpugov_decision *d, u32 i, u32 top)
{
	if (b->limit_q16 == U64_MAX)
		return gpugov_mul_q16(d->demand_ps[i], b->miss_q16[i]) <=
		       b->limit_ps;
	return gpugov_ratio_q16(d->time_ps[i], d->time_ps[top]) <= b->limit_q16;
}

/*
 * d->demand_ps[] of the sample's predictions and the recent intervals';
 * the sample joins the recent ones unless idle.
 */
static void update_demand(struct gpugov_policy_state *ps, u32 nr,
			  bool idle, struct gpugov_decision *d)
{
	u32 i, k;

	if (!idle) {
		memcpy(ps->recent_ps[ps->recent_head], d->time_ps,
		       nr * sizeof(d->time_ps[0]));
		ps->recent_head = (ps->recent_head + 1) % GPUGOV_RECENT_NR;
		ps->recent_nr = min_t(u32, ps->recent_nr + 1, GPUGOV_RECENT_NR);
	}
	for (i = 0; i < nr; i++) {
		d->demand_ps[i] = d->time_ps[i];
		for (k = 0; k < ps->recent_nr; k++)
			d->demand_ps[i] = max_t(u64, d->demand_ps[i],
						ps->recent_ps[k][i]);
	}
}

/* A miss factor decays by 1/MISS_DECAY of its excess over 1.0 each interval. */
#define MISS_DECAY	16

/*
 * Learn how the last decision's prediction turned out: the work of this
 * interval ran at the OPP that decision chose.  It filled the share U of
 * its interval where the share E was expected: ratios, because busy/total
 * alone gives no more (its units differ per driver, and the governor's own
 * clock measures the interval with jitter).  Where a counter source
 * reports the work's own intervals and the work filled one (back-to-back
 * work: the interval stretched with the work), the busy time B compares
 * with the predicted demand D instead.  A miss (U > E, or B > D) raises
 * that OPP's factor by U / E (or B / D) at once; every factor then decays
 * towards 1.0, so that an OPP left after a miss is tried again some tens
 * of intervals later.
 */
static void learn_miss(struct gpugov_policy_state *ps, u32 nr, u32 cur,
		       const struct gpugov_sample *s)
{
	u64 got = gpugov_ratio_q16(s->busy_ns, s->interval_ns), want, r;
	u32 i;

	want = ps->expect_q16;
	if (s->caps && gpugov_saturated(s)) {
		got = gpugov_busy_ps(s);
		want = ps->expect_ps;
	}
	if (ps->expect_opp == cur && want && got > want) {
		r = gpugov_mul_q16(gpugov_ratio_q16(got, want), ps->miss_q16[cur]);
		ps->miss_q16[cur] = (u32)min_t(u64, r, GPUGOV_RATIO_MAX);
	}
	for (i = 0; i < nr; i++)
		ps->miss_q16[i] -= (ps->miss_q16[i] - GPUGOV_Q16_ONE) / MISS_DECAY;
}

/*
 * OPP of least metric relative to @ref, the lower on ties, among the
 * feasible ones (the top OPP always is).  With @ref = d->cur the stored
 * metrics are used.
 */
static u32 argmin_metric(enum gpugov_objective obj,
			 const struct gpugov_opp_table *t,
			 const struct gpugov_decision *d, u32 ref,
			 const struct time_bound *b)
{
	u32 top = t->nr - 1, best = top, i;
	u64 mbest = ref == d->cur ? d->metric_q16[top] :
		    metric_rel(obj, d, top, ref);

	for (i = 0; i < top; i++) {
		u64 m;

		if (!feasible(b, d, i, top))
			continue;
		m = ref == d->cur ? d->metric_q16[i] : metric_rel(obj, d, i, ref);
		if (m < mbest || (m == mbest && i < best)) {
			best = i;
			mbest = m;
		}
	}
	return best;
}

/* GRAPE's choice; false if the sample has no work units to control. */
static bool decide_target(const struct gpugov_policy_params *p,
			  struct gpugov_policy_state *ps,
			  const struct gpugov_opp_table *t,
			  const struct gpugov_sample *s, struct gpugov_decision *d)
{
	struct gpugov_grape_obs o;

	if (!(s->caps & GPUGOV_CAP_INSTS))
		return false;
	if (!ps->grape_ready) {
		gpugov_grape_init(&ps->grape, &p->grape, t);
		ps->grape_ready = true;
	}
	gpugov_grape_obs_from_sample(s, t, &o);
	if (p->grape.mode == GPUGOV_GRAPE_PCT)
		o.max_rate = gpugov_grape_max_rate(o.work, d->time_ps[t->nr - 1]);
	d->best = gpugov_grape_step(&ps->grape, &p->grape, t, &o, d->energy_pj);
	d->chosen = d->best;
	d->reason = GPUGOV_REASON_TARGET;
	return true;
}

/*
 * `deadline`'s bound (see the top of this file), in ps:
 *	max(I * util / 100 unless saturated, T(top) * (100 + slack) / 100)
 */
static void deadline_bound(const struct gpugov_policy_params *p,
			   const struct gpugov_policy_state *ps,
			   const struct gpugov_sample *s,
			   const struct gpugov_decision *d, u32 top,
			   struct time_bound *b)
{
	u64 fit = 0;

	if (!gpugov_saturated(s))
		fit = gpugov_mul_div(gpugov_mul_div(s->interval_ns,
						    GPUGOV_PS_PER_NS, 1),
				     min_t(u32, p->util_pct, 100), 100);
	b->limit_q16 = U64_MAX;
	b->limit_ps = max_t(u64, fit,
			    gpugov_mul_div(d->demand_ps[top],
					   100 + min_t(u32, p->slack_pct, 1000),
					   100));
}

static void decide(const struct gpugov_policy_params *p,
		   struct gpugov_policy_state *ps,
		   const struct gpugov_opp_table *t,
		   const struct gpugov_sample *s, struct gpugov_decision *d)
{
	enum gpugov_objective obj = p->objective;
	u32 top = t->nr - 1, i, pass, best, slowdown = p->max_slowdown_pct;
	struct gpugov_energy_base eb;
	struct time_bound b = { .limit_q16 = U64_MAX, .limit_ps = U64_MAX,
				.miss_q16 = ps->miss_q16 };

	d->cur = gpugov_opp_nearest(t, s->core_khz, s->mem_khz);
	gpugov_energy_base_init(&p->power, s, &eb);
	for (i = 0; i < t->nr; i++)
		d->energy_pj[i] = gpugov_energy_at(&p->power, &eb, &t->opp[i],
						   d->time_ps[i]);
	for (i = 0; i < t->nr; i++)
		d->metric_q16[i] = metric_rel(p->objective, d, i, d->cur);
	if (min_t(u64, s->busy_ns, s->interval_ns))
		learn_miss(ps, t->nr, d->cur, s);
	update_demand(ps, t->nr, !min_t(u64, s->busy_ns, s->interval_ns), d);

	if (!min_t(u64, s->busy_ns, s->interval_ns)) {
		d->best = 0;
		d->chosen = 0;
		d->reason = GPUGOV_REASON_IDLE;
		return;
	}
	if (obj == GPUGOV_OBJ_TARGET) {
		if (decide_target(p, ps, t, s, d))
			return;
		obj = p->grape.mode == GPUGOV_GRAPE_PCT ? GPUGOV_OBJ_ENERGY :
		      GPUGOV_OBJ_PERFORMANCE;
		slowdown = (u32)div_u64(10000, max_t(u64, p->grape.target, 1)) - 100;
	}
	if (obj == GPUGOV_OBJ_PERFORMANCE) {
		d->best = top;
		d->chosen = top;
		d->reason = GPUGOV_REASON_PERFORMANCE;
		return;
	}

	/* Slowdown bound of `energy`: T(f) <= T(top) * (100 + max) / 100. */
	if (obj == GPUGOV_OBJ_ENERGY)
		b.limit_q16 = div_u64((u64)GPUGOV_Q16_ONE * (100 + slowdown), 100);
	else if (obj == GPUGOV_OBJ_DEADLINE)
		deadline_bound(p, ps, s, d, top, &b);
	best = argmin_metric(obj, t, d, d->cur, &b);
	for (pass = 0; pass < 2 && d->metric_q16[best] < REFINE_BELOW; pass++) {
		i = argmin_metric(obj, t, d, best, &b);
		if (i == best)
			break;
		best = i;
	}
	d->best = best;
	d->chosen = best;
	d->reason = obj == GPUGOV_OBJ_DEADLINE && gpugov_saturated(s) ?
		    GPUGOV_REASON_SATURATED : GPUGOV_REASON_BEST;
	if (best != d->cur && p->hysteresis_pct && feasible(&b, d, d->cur, top) &&
	    d->metric_q16[best] * 100 >
	    (u64)GPUGOV_Q16_ONE * (100 - min_t(u32, p->hysteresis_pct, 100))) {
		d->chosen = d->cur;
		d->reason = GPUGOV_REASON_HYSTERESIS;
	}
}

/**
 * gpugov_decide() - fill in energies and metrics and choose the next OPP
 * @p: policy parameters
 * @ps: what the objectives remember (initialised by
 *	gpugov_policy_state_init(), kept per device)
 * @t: a valid OPP table
 * @s: the last interval's sample
 * @d: decision; d->time_ps[] must hold the predictions for @s
 *
 * The reported metrics are relative to the OPP in force.  Far from it they
 * can be too small for Q16 to order to 0.1% (an ED2P of 10^-6 of the
 * current one): when the best is below REFINE_BELOW, the minimum is looked
 * for again relative to the first estimate of the best, where the
 * candidates are all near 1.0.
 */
void gpugov_decide(const struct gpugov_policy_params *p,
		   struct gpugov_policy_state *ps,
		   const struct gpugov_opp_table *t,
		   const struct gpugov_sample *s, struct gpugov_decision *d)
{
	decide(p, ps, t, s, d);
	ps->expect_opp = d->chosen;
	ps->expect_ps = gpugov_mul_q16(d->demand_ps[d->chosen],
				       ps->miss_q16[d->chosen]);
	ps->expect_q16 = gpugov_ratio_q16(ps->expect_ps,
					  gpugov_mul_div(s->interval_ns,
							 GPUGOV_PS_PER_NS, 1));
}
