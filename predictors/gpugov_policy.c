// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_policy.c - choose the next OPP from per-OPP predictions.
 *
 * Metrics are compared as Q16 ratios to the prediction at the OPP in force
 * (DESIGN.md section 4), which keeps every product below 2^64 for
 * intervals up to 10 s, clocks up to 4 GHz and counters up to 2^40:
 *	rE = E(f) / E(cur), rT = T(f) / T(cur), each clamped below 2^32
 *	edp  = rE * rT,  ed2p = rE * rT^2,  energy = rE
 * The lowest metric wins, the lower OPP on a tie (under `deadline` the
 * faster one: wins_tie()).  `energy` only considers
 * OPPs whose predicted time is within max_slowdown percent of the top
 * OPP's (CRISP section 5.2 "reduce energy while maintaining a
 * performance constraint").  With hysteresis h, the OPP in force (metric
 * 1.0 by construction) is kept unless the best is better by more than h%.
 *
 * `deadline` (the default) is for work that arrives at its own pace
 * (frames, as in games, UIs and video) as well as for back-to-back work:
 * spend the least energy without losing throughput against the top OPP.
 * Among the OPPs where the interval's work still fits its interval, with
 * headroom, or is within slack_pct of the top OPP's time (the bound and
 * the miss factors it learns: gpugov_deadline.c), the one of least
 * predicted energy, idle power for the rest of the interval included, wins
 * (CRISP section 5.2's "reduce energy while maintaining a performance
 * constraint", with the frame's deadline as the constraint); of equal
 * energy, the faster, then the higher OPP, since a clock lowered for no
 * saving only costs time when the work changes kind.  A sample
 * busy all interval leaves only the slack bound, which sends busy-only
 * predictions (time proportional to the period until the clock slope is
 * known) to the top OPP at once, as simple_ondemand's upthreshold does.
 *
 * `target` holds a work rate with minimum energy through the GRAPE
 * controller (GRAPE, gpugov_grape.c), which keeps state between
 * decisions in struct gpugov_policy_state and ranks fast-enough OPPs by the
 * predicted energy computed here.  GRAPE measures rate as instructions per
 * busy second; a sample without an instruction counter has no rate, so a
 * percent target then becomes what it means for the work at hand, an
 * `energy` decision whose slowdown bound is 100 / target - 1 (an absolute
 * target cannot be judged without work units: the top OPP).
 *
 * The choice is made among the OPPs the device allows now (struct
 * gpugov_opp_range: PM QoS, thermal cap, sysfs min/max_freq).  Within
 * it, "the top OPP" above is the highest allowed one: slowdown bounds
 * and the deadline's no-loss bound are relative to what the device can
 * reach, so a thermal cap does not make every OPP infeasible.  Idle goes
 * to the lowest allowed OPP, hysteresis keeps the OPP in force only if it
 * is allowed, and GRAPE's choice (made over its own tables) is brought
 * into the range.
 */
#include "gpugov_policy.h"
#include "gpugov_frame.h"
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
 * gpugov_name_index() - index of @name in a table of names
 * @names: the table
 * @nr: its entries
 * @name: name, not necessarily NUL-terminated (a sysfs write)
 * @len: its length
 *
 * Return: the index, or -1.
 */
int gpugov_name_index(const char *const *names, int nr, const char *name,
		      size_t len)
{
	int i;

	for (i = 0; i < nr; i++)
		if (strlen(names[i]) == len && !memcmp(names[i], name, len))
			return i;
	return -1;
}

/**
 * gpugov_objective_find() - id of the objective named @name
 * @name: name, not necessarily NUL-terminated
 * @len: its length
 *
 * Return: the enum gpugov_objective value, or -1.
 */
int gpugov_objective_find(const char *name, size_t len)
{
	return gpugov_name_index(gpugov_objective_names, GPUGOV_NR_OBJ, name, len);
}

/**
 * gpugov_policy_defaults() - defaults: `deadline` with 90% of the interval
 * and 1% slack, 5% slowdown for `energy`, no hysteresis, decisions per
 * frame while fences give deadlines (react fence) and at polls otherwise,
 * and a power model in which static power is about a third of busy power at
 * 1 V and 1 GHz (GPUWattch-style split, CRISP section 4)
 * @p: parameters to fill
 */
void gpugov_policy_defaults(struct gpugov_policy_params *p)
{
	memset(p, 0, sizeof(*p));
	p->objective = GPUGOV_OBJ_DEADLINE;
	p->max_slowdown_pct = 5;
	p->util_pct = 90;
	p->util_max_pct = 100;
	p->slack_pct = 1;
	p->react = GPUGOV_REACT_FENCE;
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
	memset(ps, 0, sizeof(*ps));
	gpugov_deadline_init(&ps->deadline);
	gpugov_bounce_init(&ps->bounce);
}

/**
 * gpugov_policy_restart() - forget the work in flight (after a resume): the
 * last decision's expectation; what was learned of the model (miss
 * factors, GRAPE's tables) stays
 * @ps: state
 */
void gpugov_policy_restart(struct gpugov_policy_state *ps)
{
	gpugov_deadline_restart(&ps->deadline);
	gpugov_bounce_restart(&ps->bounce);
}

/* Below 1/16 a Q16 metric has fewer than 4096 steps: refine. */
#define REFINE_BELOW	(GPUGOV_Q16_ONE >> 4)

/*
 * Objective at OPP @i relative to OPP @ref; only the ratios the objective
 * uses are computed (this runs for every OPP).
 */
static u64 metric_rel(enum gpugov_objective obj, const struct gpugov_decision *d,
		      u32 i, u32 ref)
{
	u64 re, rt, edp;

	if (obj == GPUGOV_OBJ_ENERGY || obj == GPUGOV_OBJ_TARGET ||
	    obj == GPUGOV_OBJ_DEADLINE)
		return gpugov_ratio_q16(d->energy_pj[i], d->energy_pj[ref]);
	rt = gpugov_ratio_q16(d->time_ps[i], d->time_ps[ref]);
	if (obj != GPUGOV_OBJ_EDP && obj != GPUGOV_OBJ_ED2P)
		return rt;
	re = gpugov_ratio_q16(d->energy_pj[i], d->energy_pj[ref]);
	edp = min_t(u64, gpugov_mul_q16(re, rt), GPUGOV_RATIO_MAX);
	if (obj == GPUGOV_OBJ_ED2P)
		return min_t(u64, gpugov_mul_q16(edp, rt), GPUGOV_RATIO_MAX);
	return edp;
}

/*
 * The time bound of `energy`: T(f) / T(top) may not exceed @limit_q16; of
 * `deadline` (@dl set): gpugov_deadline_fits() @limit_ps, and an OPP other
 * than the one in force must be predicted faster than @cap_ps, the
 * slowest OPP a bounce holds off (gpugov_bounce_cap_ps()).
 */
struct time_bound {
	u64 limit_q16;
	u64 limit_ps;
	u64 limit_down_ps;
	u64 cap_ps;
	const struct gpugov_deadline_state *dl;
};

static bool feasible(const struct time_bound *b,
		     const struct gpugov_decision *d, u32 i, u32 top)
{
	if (i != d->cur && d->time_ps[i] >= b->cap_ps)
		return false;
	if (b->dl)
		return gpugov_deadline_fits(b->dl, i,
					    gpugov_deadline_time_ps(b->dl, d, i),
					    i < d->cur ? b->limit_down_ps :
					    b->limit_ps);
	return gpugov_ratio_q16(d->time_ps[i], d->time_ps[top]) <= b->limit_q16;
}

/**
 * wins_tie() - whether OPP @i is preferred to OPP @best of equal metric
 * @b: the time bound; @b->dl set under `deadline`
 * @d: decision
 * @i: candidate
 * @best: best so far
 *
 * In general the lower OPP: the less clock for the same metric.  Under
 * `deadline` the metric is energy, and an equal energy says that the lower
 * clock buys nothing: with an energy model whose power does not depend on
 * the memory clock (or the voltage model, whose voltage follows the core
 * clock), every memory clock of a core clock costs the same for work
 * predicted not to depend on it.  That prediction is one interval old
 * (PCSTALL section 3.3): where compute-bound and memory-bound intervals
 * alternate, the lower clock is paid in full by the next memory-bound
 * interval, before any miss factor is learned, for no saving at all.  So
 * of two OPPs of equal energy the one expected to be faster wins,
 * miss(f) * T(f), and of equal times the higher OPP (ascending (core,
 * mem) order: the higher clocks), which leaves the most headroom for the
 * work to change kind.
 *
 * Return: true if @i wins.
 */
static bool wins_tie(const struct time_bound *b,
		     const struct gpugov_decision *d, u32 i, u32 best)
{
	u64 ti, tb;

	if (!b->dl)
		return i < best;
	ti = gpugov_mul_q16(d->time_ps[i], b->dl->miss_q16[i]);
	tb = gpugov_mul_q16(d->time_ps[best], b->dl->miss_q16[best]);
	if (ti != tb)
		return ti < tb;
	return i > best;
}

/*
 * OPP of least metric relative to @ref, ties broken by wins_tie(), among
 * the feasible allowed ones (the top allowed one always is).  With @ref =
 * d->cur the stored metrics are used.
 */
static u32 argmin_metric(enum gpugov_objective obj,
			 const struct gpugov_opp_range *r,
			 const struct gpugov_decision *d, u32 ref,
			 const struct time_bound *b)
{
	u32 top = r->hi, best = top, i;
	u64 mbest = ref == d->cur ? d->metric_q16[top] :
		    metric_rel(obj, d, top, ref);

	for (i = r->lo; i < top; i++) {
		u64 m = ref == d->cur ? d->metric_q16[i] :
			metric_rel(obj, d, i, ref);

		/* the metric first: it is cheaper than the time bound */
		if (m > mbest || !feasible(b, d, i, top))
			continue;
		if (m < mbest || wins_tie(b, d, i, best)) {
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
	/* the percentage's maximum, and r_top of the feed-forward goal */
	o.max_rate = gpugov_grape_max_rate(o.work, d->time_ps[t->nr - 1]);
	d->best = gpugov_grape_step(&ps->grape, &p->grape, t, &o, d->energy_pj);
	d->chosen = d->best;
	d->reason = GPUGOV_REASON_TARGET;
	return true;
}

static void decide(const struct gpugov_policy_params *p,
		   struct gpugov_policy_state *ps,
		   const struct gpugov_opp_table *t,
		   const struct gpugov_opp_range *r,
		   const struct gpugov_sample *s, struct gpugov_decision *d)
{
	enum gpugov_objective obj = p->objective;
	u32 top = r->hi, i, pass, best, slowdown = p->max_slowdown_pct;
	struct time_bound b = { .limit_q16 = U64_MAX, .cap_ps = U64_MAX };

	d->cur = gpugov_opp_nearest(t, s->core_khz, s->mem_khz);
	d->limit_ps = 0;
	gpugov_energies_pj(&p->power, t, s, d->time_ps, d->energy_pj);
	for (i = 0; i < t->nr; i++)
		d->metric_q16[i] = metric_rel(p->objective, d, i, d->cur);
	if (!min_t(u64, s->busy_ns, s->interval_ns)) {
		d->best = r->lo;
		d->chosen = r->lo;
		d->reason = GPUGOV_REASON_IDLE;
		return;
	}
	gpugov_deadline_learn(&ps->deadline, t, d->cur, s);
	if (obj == GPUGOV_OBJ_TARGET) {
		if (decide_target(p, ps, t, s, d)) {
			d->best = clamp_t(u32, d->best, r->lo, r->hi);
			d->chosen = d->best;
			return;
		}
		obj = p->grape.mode == GPUGOV_GRAPE_PCT ? GPUGOV_OBJ_ENERGY :
		      GPUGOV_OBJ_PERFORMANCE;
		/*
		 * The target is u64 and div_u64() takes a u32 divisor: an
		 * absolute target of 2^32 would truncate to 0 there.  Only a
		 * percent needs the bound, and as GRAPE does it reads one
		 * beyond 1..100 as the nearest end of that range.
		 */
		slowdown = (u32)div_u64(10000, clamp_t(u64, p->grape.target,
						       1, 100)) - 100;
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
	if (obj == GPUGOV_OBJ_DEADLINE) {
		gpugov_deadline_recent(&ps->deadline, d, s);
		b.dl = &ps->deadline;
		gpugov_deadline_limits(&ps->deadline, p, s, d->time_ps[top],
				       &b.limit_ps, &b.limit_down_ps);
		b.cap_ps = gpugov_bounce_cap_ps(&ps->bounce, d, s->interval_ns);
	}
	best = argmin_metric(obj, r, d, d->cur, &b);
	for (pass = 0; pass < 2 && d->metric_q16[best] < REFINE_BELOW; pass++) {
		i = argmin_metric(obj, r, d, best, &b);
		if (i == best)
			break;
		best = i;
	}
	d->best = best;
	d->chosen = best;
	d->reason = obj == GPUGOV_OBJ_DEADLINE && gpugov_saturated(s) ?
		    GPUGOV_REASON_SATURATED : GPUGOV_REASON_BEST;
	if (best != d->cur && d->cur >= r->lo && d->cur <= top &&
	    feasible(&b, d, d->cur, top) &&
	    ((p->hysteresis_pct && d->metric_q16[best] * 100 >
	      (u64)GPUGOV_Q16_ONE * (100 - min_t(u32, p->hysteresis_pct, 100))) ||
	     (b.dl && !gpugov_deadline_worth_moving(b.dl, &p->power, t, s, d,
						     best)))) {
		d->chosen = d->cur;
		d->reason = GPUGOV_REASON_HYSTERESIS;
	}
	if (b.dl)
		d->limit_ps = d->chosen < d->cur ? b.limit_down_ps : b.limit_ps;
}

/**
 * gpugov_decision_predict() - fill in a decision's predictions for a sample
 * @st: model state (after gpugov_pred_observe() of @s)
 * @wanted: the model asked for
 * @s: the last interval's sample
 * @t: a valid OPP table
 * @d: decision: its time_ps[] at every OPP of @t, and whether they are
 *	bounds (bounded), which the `deadline` objective's learning needs
 *	(gpugov_deadline.c)
 *
 * Return: the model used (gpugov_predict()).
 */
enum gpugov_pred_id gpugov_decision_predict(const struct gpugov_pred_state *st,
					    enum gpugov_pred_id wanted,
					    const struct gpugov_sample *s,
					    const struct gpugov_opp_table *t,
					    struct gpugov_decision *d)
{
	enum gpugov_pred_id used = gpugov_predict(st, wanted, s, t, d->time_ps);

	d->bounded = gpugov_pred_bounded(st, used, s, t);
	return used;
}

/**
 * gpugov_decide_in() - fill in energies and metrics and choose the next OPP
 *	among the allowed ones
 * @p: policy parameters
 * @ps: what the objectives remember (initialised by
 *	gpugov_policy_state_init(), kept per device)
 * @t: a valid OPP table
 * @r: the allowed OPPs, r->lo <= r->hi < t->nr (out-of-range values are
 *	brought into the table; d->lo and d->hi record the range used)
 * @s: the last interval's sample
 * @d: decision, its predictions for @s from gpugov_decision_predict()
 *
 * The reported metrics are relative to the OPP in force.  Far from it they
 * can be too small for Q16 to order to 0.1% (an ED2P of 10^-6 of the
 * current one): when the best is below REFINE_BELOW, the minimum is looked
 * for again relative to the first estimate of the best, where the
 * candidates are all near 1.0.
 */
void gpugov_decide_in(const struct gpugov_policy_params *p,
		      struct gpugov_policy_state *ps,
		      const struct gpugov_opp_table *t,
		      const struct gpugov_opp_range *r,
		      const struct gpugov_sample *s, struct gpugov_decision *d)
{
	struct gpugov_opp_range in;

	in.hi = min_t(u32, r->hi, t->nr - 1);
	in.lo = min_t(u32, r->lo, in.hi);
	d->lo = in.lo;
	d->hi = in.hi;
	decide(p, ps, t, &in, s, d);
	gpugov_deadline_expect(&ps->deadline, d, s);
	gpugov_bounce_note(&ps->bounce, d, s->interval_ns);
}

/**
 * gpugov_decide() - gpugov_decide_in() with every OPP allowed
 * @p: policy parameters
 * @ps: what the objectives remember
 * @t: a valid OPP table
 * @s: the last interval's sample
 * @d: decision, its predictions for @s from gpugov_decision_predict()
 */
void gpugov_decide(const struct gpugov_policy_params *p,
		   struct gpugov_policy_state *ps,
		   const struct gpugov_opp_table *t,
		   const struct gpugov_sample *s, struct gpugov_decision *d)
{
	struct gpugov_opp_range all = { 0, t->nr - 1 };

	gpugov_decide_in(p, ps, t, &all, s, d);
}
