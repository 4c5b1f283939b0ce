// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_deadline.c - the `deadline` objective's time bound and learned
 * miss factors (the objective itself: gpugov_policy.c, docs/predictors.md).
 *
 * Interactive GPU work arrives at its own pace (frames); a slower clock
 * costs the user nothing while the work still fits the interval it
 * arrived in.  An OPP f is feasible when
 *	miss(f) * T(f) <= max(I * util / 100 unless saturated,
 *			      T(top) * (100 + slack) / 100)
 * with T(f) the model's prediction of the interval's work at f, I the
 * interval and miss(f) what this file learns: how much the model has
 * under-predicted at f.  A saturated sample (busy all interval: back-to-back
 * work, or paced work running late) only says the demand was at least
 * that much, so then only the slack bound applies, and T(f) is at least
 * what the saturated sample before it predicted, relative to T(top)
 * (gpugov_deadline_recent()).
 *
 * Reactive prediction is one interval behind (PCSTALL section 3.3): work
 * that changes kind (a memory-bound frame, then a compute-bound one), or a
 * model that cannot see a cost (a memory clock's, store stalls'), makes the
 * work take longer at the OPP chosen than predicted.  After each decision
 * the next interval says how the work fared at the OPP chosen, and a miss
 * raises that OPP's factor at once.  Time does not fall when either clock
 * does, so the OPPs no faster in both clocks get at least the same factor.
 * Every factor decays towards 1.0, so that an OPP left after a miss is
 * tried again some tens of intervals later.
 *
 * Work that varies from interval to interval (the frames of a game) makes
 * a prediction from the last interval miss by that much too, and that is
 * the work's doing, not the model's.  So a miss of an estimate counts only
 * beyond the spread the work shows at a fixed clock (the mean relative
 * change of the busy share between consecutive intervals at the same OPP,
 * where no model is involved), and only by as much as it exceeds it.
 * (Counted in full, each heavier frame of frames varying by 15% raised the
 * factors as the model's error and kept the clock a step above
 * simple_ondemand's: docs/results.md.)
 *
 * Some predictions cannot under-predict the work they were made from: the
 * time at the OPP the work was measured at (the measurement itself, every
 * model), and a bound rather than an estimate (gpugov_pred_bounded(): the
 * busy-only model before it has seen two clocks, time proportional to the
 * period).  When the next interval takes longer than such a prediction,
 * the work changed (a heavier frame), which the model could not know.
 * That is what the headroom (util) is for: such a miss raises the factors
 * only where the work outgrew the limit the decision allowed, which says
 * the headroom is too small for how this work changes, and only by the
 * growth the headroom did not allow for.  (Each heavier frame
 * of work that varies from frame to frame had raised the factors of the
 * OPP in force and every slower one, and kept the work above the clock
 * simple_ondemand chose.)
 *
 * A factor is the model's error, so it is never more than the clocks allow
 * a model to be wrong by (gpugov_deadline_learn()): beyond that, the work
 * grew, and a factor learned from a heavy frame had kept the light frames
 * after it at a higher clock (the ratchet of issue 26).  The spread also
 * learns from the interval after a move, against the share expected
 * there: a move risks the model's error across OPPs as well as the work's
 * variation.  And the time a factor says the model under-predicts costs
 * energy too: a move is made only where it saves energy even so
 * (gpugov_deadline_worth_moving(); the hunting of issue 26).
 */
#include "gpugov_deadline.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

/* A miss factor decays by 1/MISS_DECAY of its excess over 1.0 each interval. */
#define MISS_DECAY	16
/*
 * The error a move must save more than (gpugov_deadline_worth_moving())
 * decays by 1/ERR_DECAY: half of it in 44 intervals, where a miss factor
 * halves in 11.  A factor that has decayed lets the bound try the OPP
 * again; a move that saves less than the model's error there is not worth
 * trying as often (the GEMV of tokens under CRISP, paced: 59 switches in
 * 60 tokens, 27 with the error decaying as the factors, 10 with this).
 */
#define ERR_DECAY	64
/* The spread is a running mean of weight 1/8 (Q16). */
#define SPREAD_BETA	(GPUGOV_Q16_ONE / 8)
/*
 * Headroom per unit of spread, Q16: 5/2.  For variation of Gaussian kind
 * the mean change between two intervals is sqrt(2/pi) ~ 0.8 of its
 * standard deviation, so 2.5 spreads cover a growth of two standard
 * deviations: all but about one interval in 40.
 */
#define HEADROOM_PER_SPREAD	(GPUGOV_Q16_ONE * 5 / 2)

/**
 * gpugov_deadline_init() - nothing learned: every factor 1.0
 * @dl: state
 */
void gpugov_deadline_init(struct gpugov_deadline_state *dl)
{
	u32 i;

	for (i = 0; i < GPUGOV_MAX_OPPS; i++) {
		dl->miss_q16[i] = GPUGOV_Q16_ONE;
		dl->err_q16[i] = GPUGOV_Q16_ONE;
		dl->held_q16[i] = 0;
	}
	dl->spread_q16 = 0;
	dl->prior_q16 = GPUGOV_Q16_ONE;
	gpugov_deadline_restart(dl);
}

/**
 * gpugov_deadline_restart() - forget the last expectation (after a
 * resume, whose interval is not work); the factors stay
 * @dl: state
 */
void gpugov_deadline_restart(struct gpugov_deadline_state *dl)
{
	dl->expect_ps = 0;
	dl->expect_q16 = 0;
	dl->expect_slow_q16 = 0;
	dl->limit_ps = 0;
	dl->limit_q16 = 0;
	dl->expect_opp = GPUGOV_MAX_OPPS;
	dl->expect_ref = 0;
	dl->expect_exact = false;
	dl->prev_sat = false;
	dl->last_opp = GPUGOV_MAX_OPPS;
}

/*
 * Update the spread from a sample at OPP @cur that filled the share @share
 * of its interval (Q16; @sat: saturated), unsaturated: at the OPP of the
 * sample before, unsaturated too, the relative change of the share since,
 * |U - U_last| / U_last (no model involved: the work's own variation);
 * after a move to @cur, the relative error of the share the decision
 * expected there, |U - E| / E (the work's variation and the model's error
 * across OPPs, what a move risks).  Into a running mean of weight
 * SPREAD_BETA.
 */
static void learn_spread(struct gpugov_deadline_state *dl, u32 cur,
			 u64 share, bool sat)
{
	u32 u = (u32)min_t(u64, share, GPUGOV_Q16_ONE);
	u64 ref = 0, diff, rel;

	if (!sat && dl->last_opp == cur)
		ref = dl->last_q16;
	else if (!sat && dl->expect_opp == cur && dl->last_opp < GPUGOV_MAX_OPPS)
		ref = min_t(u64, dl->expect_q16, GPUGOV_Q16_ONE);
	if (ref) {
		diff = u > ref ? u - ref : ref - u;
		rel = min_t(u64, gpugov_ratio_q16(diff, ref), GPUGOV_Q16_ONE);
		dl->spread_q16 = (u32)gpugov_ewma_q16(SPREAD_BETA, rel,
						      dl->spread_q16);
		dl->prior_q16 = (u32)gpugov_ewma_q16(SPREAD_BETA, 0,
						     dl->prior_q16);
	}
	dl->last_opp = sat ? GPUGOV_MAX_OPPS : cur;
	dl->last_q16 = u;
}

/*
 * The largest slowdown any work can have at OPP @opp against OPP @ref, Q16:
 * each part of its time waits on one clock, so at most the ratio of @ref's
 * clock to @opp's, of the core or the memory, whichever is larger.
 */
static u64 slowdown_bound_q16(const struct gpugov_opp_table *t, u32 opp,
			      u32 ref)
{
	const struct gpugov_opp *o = &t->opp[opp], *r = &t->opp[ref];
	u64 b = gpugov_ratio_q16(r->core_khz, o->core_khz);

	if (o->mem_khz && r->mem_khz)
		b = max_t(u64, b, gpugov_ratio_q16(r->mem_khz, o->mem_khz));
	return max_t(u64, b, GPUGOV_Q16_ONE);
}

/*
 * Raise the factor of @cur to @r and that of every OPP no faster in both
 * clocks to at least as much.
 */
static void raise_miss(struct gpugov_deadline_state *dl,
		       const struct gpugov_opp_table *t, u32 cur, u64 r)
{
	const struct gpugov_opp *c = &t->opp[cur];
	u32 m = (u32)min_t(u64, r, GPUGOV_RATIO_MAX), i;

	for (i = 0; i < t->nr; i++)
		if (t->opp[i].core_khz <= c->core_khz &&
		    t->opp[i].mem_khz <= c->mem_khz) {
			dl->miss_q16[i] = max_t(u32, dl->miss_q16[i], m);
			dl->err_q16[i] = max_t(u32, dl->err_q16[i], m);
		}
}

/**
 * gpugov_deadline_learn() - learn from a busy sample how the last
 * decision's prediction turned out
 * @dl: state
 * @t: OPP table
 * @cur: OPP the sample ran at
 * @s: the sample, not idle
 *
 * The work filled the share U of its interval where the last decision
 * expected the share E: ratios, because busy/total alone gives no more
 * (its units differ per driver, and the governor's own clock measures the
 * interval with jitter).  Where a counter source reports the work's own
 * intervals and the work filled one (the interval stretched with the
 * work), busy time B compares with the expected busy time D instead.
 *
 * A miss of an estimate beyond the work's spread S (U > E * (1 + S), or
 * B > D * (1 + S)) multiplies the factor by U / (E * (1 + S)) (or
 * B / (D * (1 + S))): the model under-predicted by that much more than the
 * work varies.  A miss of an exact prediction (U > L, the share the
 * decision allowed, or B > the limit) is the work growing by g = U / E,
 * and the headroom already allowed for L / I of it (util): the factor
 * becomes g * L / I, so that work predicted to fit the limit would fit the
 * whole interval were it to grow by g again.  Saturated, the limit is all
 * there is: g.
 *
 * Either way the factor is the model's error at f, and it stays with f
 * for tens of intervals: what the work did must not be learned as one.
 * No model can be wrong by more than the clocks allow: work at f is at
 * most b(f) = max(core_top / core_f, mem_top / mem_f) slower than at the
 * fastest OPP allowed, each part of its time waiting on one clock, and
 * the decision predicted the slowdown sigma(f) = T(f) / T(top), so
 *	miss(f) <= b(f) / sigma(f)
 * and any more is the work's growth.  (A frame 3-5x heavier every 8
 * frames had raised the factor of the light frames' OPP, and every slower
 * one's, at each spike: the light frames' OPP climbed 2 -> 3 -> 4 -> 5,
 * issue 26.  A bound, time scaling with the clock, predicts b(f) itself
 * and teaches nothing; the perfect model of the frame before, only what
 * its frames' memory-bound part leaves.)
 *
 * The top OPP is not judged: there is nothing faster to move to, and its
 * misses (more work than the last interval's) would make every slower
 * OPP look worse.
 */
void gpugov_deadline_learn(struct gpugov_deadline_state *dl,
			   const struct gpugov_opp_table *t, u32 cur,
			   const struct gpugov_sample *s)
{
	u64 got = gpugov_ratio_q16(s->busy_ns, s->interval_ns);
	u64 want = dl->expect_q16, limit = dl->limit_q16;
	u64 room = min_t(u64, dl->limit_q16, GPUGOV_Q16_ONE), r, bound;
	bool sat = gpugov_saturated(s);
	u32 i;

	learn_spread(dl, cur, got, sat);
	if (s->caps && sat) {
		got = gpugov_busy_ps(s);
		want = dl->expect_ps;
		limit = dl->limit_ps;
		room = GPUGOV_Q16_ONE;
	}
	if (!dl->expect_exact)
		want = gpugov_mul_q16(want, GPUGOV_Q16_ONE + dl->spread_q16);
	if (dl->expect_opp == cur && cur < dl->expect_ref && want &&
	    got > want && (!dl->expect_exact || got > limit)) {
		r = gpugov_mul_q16(gpugov_ratio_q16(got, want),
				   dl->miss_q16[cur]);
		if (dl->expect_exact)
			r = gpugov_mul_q16(r, room);
		bound = gpugov_ratio_q16(slowdown_bound_q16(t, cur,
							    dl->expect_ref),
					 dl->expect_slow_q16);
		raise_miss(dl, t, cur, min_t(u64, r, bound));
	}
	for (i = 0; i < t->nr; i++) {
		dl->miss_q16[i] -= (dl->miss_q16[i] - GPUGOV_Q16_ONE) / MISS_DECAY;
		dl->err_q16[i] -= (dl->err_q16[i] - GPUGOV_Q16_ONE) / ERR_DECAY;
	}
}

/* max(I * util, min(I / (1 + h), I * util_max)), shares in percent */
static u64 fit_ps(u64 interval_ps, u64 h, u32 util, u32 util_max)
{
	return max_t(u64, gpugov_mul_div(interval_ps, util, 100),
		     min_t(u64, gpugov_mul_div64(interval_ps, GPUGOV_Q16_ONE,
						 GPUGOV_Q16_ONE + h),
			   gpugov_mul_div(interval_ps, util_max, 100)));
}

/**
 * gpugov_deadline_limits() - the longest feasible busy times
 * @dl: state (the work's spread)
 * @p: tunables: util_pct, util_max_pct, slack_pct
 * @s: the sample
 * @top_ps: its work's predicted time at the top OPP
 * @limit_ps: out: the limit of the OPP in force and of those above it
 * @down_ps: out: the limit of the OPPs below the one in force
 *
 * The headroom is for the next interval bringing more work than this one.
 * Work whose variation is unknown gets util's: it may fill the share
 * util / 100 of the interval I.  Work that has shown a spread S at a fixed
 * OPP (learn_spread()) needs the headroom h = 2.5 * S, and may fill
 * I / (1 + h), never less than util's share nor more than util_max's.  S is
 * taken as a running mean started from the spread util's headroom allows
 * for, (100 / util - 1) / 2.5, of which the weight w = (7/8)^n is left
 * after n spread samples:
 *	h = 2.5 * S + (100 - util) / util * w
 * so the headroom is util's at first, and less only once the work has
 * shown over some intervals that it varies less.  A move down needs one
 * spread more (h + S), and that whatever util's headroom: work whose share
 * sits at the limit would otherwise move down and back up with its own
 * variation, one interval in two.  (Held to util's share at least, a move
 * down had no more headroom than a stay for work varying by more than
 * 4 %: a steady game whose 50 ms polls hold 1 or 2 of its frames, or 2 or
 * 3, moved down at each light window and back up at the next, 8 to 10
 * times a second on panfrost at 24, 30 and 50 Hz.)
 *
 * Each limit: unless saturated, I * max(util, min(100 / (1 + h),
 * util_max)) / 100 for the OPP in force and those above it, I *
 * min(100 / (1 + h + S), util_max) / 100 for those below; at least
 * T(top) * (100 + slack) / 100.
 */
void gpugov_deadline_limits(const struct gpugov_deadline_state *dl,
			    const struct gpugov_policy_params *p,
			    const struct gpugov_sample *s, u64 top_ps,
			    u64 *limit_ps, u64 *down_ps)
{
	u32 util = min_t(u32, p->util_pct, 100);
	u32 util_max = min_t(u32, p->util_max_pct, 100);
	u64 slack = gpugov_mul_div(top_ps, 100 + min_t(u32, p->slack_pct, 1000),
				   100);
	u64 interval_ps, h;

	*limit_ps = slack;
	*down_ps = slack;
	if (gpugov_saturated(s) || !util)
		return;
	interval_ps = gpugov_mul_div(s->interval_ns, GPUGOV_PS_PER_NS, 1);
	/* rounded up: nothing learned, exactly util's share */
	h = gpugov_mul_q16(dl->spread_q16, HEADROOM_PER_SPREAD) +
	    div_u64((u64)dl->prior_q16 * (100 - util) + util - 1, util);
	*limit_ps = max_t(u64, slack, fit_ps(interval_ps, h, util, util_max));
	*down_ps = max_t(u64, slack, fit_ps(interval_ps, h + dl->spread_q16,
					    0, util_max));
}

/**
 * gpugov_deadline_fits() - whether work predicted to take @time_ps at
 * @opp fits @limit_ps once the model's misses there are allowed for
 * @dl: state
 * @opp: OPP index
 * @time_ps: predicted busy time there
 * @limit_ps: from gpugov_deadline_limits()
 */
bool gpugov_deadline_fits(const struct gpugov_deadline_state *dl, u32 opp,
			  u64 time_ps, u64 limit_ps)
{
	return gpugov_mul_q16(time_ps, dl->miss_q16[opp]) <= limit_ps;
}

/**
 * gpugov_deadline_worth_moving() - whether a move to @best saves energy
 *	even if the model errs there as it has before
 * @dl: state (the miss factors, after gpugov_deadline_learn())
 * @pw: power model coefficients
 * @t: OPP table
 * @s: the sample
 * @d: the decision: its predicted times and energies, d->cur in force
 * @best: the OPP of least predicted energy
 *
 * The OPP in force was measured; @best is predicted, and where the model
 * has under-predicted the time at @best (by m > 1: its miss factor as
 * learned, decaying by 1/ERR_DECAY only), it under-predicts the energy
 * too: leakage and uncore power last as long as the work, and an energy
 * model prices power times time.  A move whose saving is smaller than
 * that error is as likely to cost as to save, and
 * the work measured at @best sends the clock back at the next poll (a
 * steady memory-bound GEMV switched between two OPPs at every interval,
 * issue 26).  So the move is made only if
 *	E(best, m(best) * T(best)) < E(cur)
 * A switch cost in units of the model's own demonstrated error: none
 * where it has not missed, and it does not rank the OPPs (a factor left by
 * an odd interval only holds the clock where the saving is that small).
 *
 * Return: true to move.
 */
bool gpugov_deadline_worth_moving(const struct gpugov_deadline_state *dl,
				  const struct gpugov_power_params *pw,
				  const struct gpugov_opp_table *t,
				  const struct gpugov_sample *s,
				  const struct gpugov_decision *d, u32 best)
{
	if (dl->err_q16[best] <= GPUGOV_Q16_ONE)
		return true;
	return gpugov_energy_pj(pw, t, best, s,
				gpugov_mul_q16(d->time_ps[best],
					       dl->err_q16[best])) <
	       d->energy_pj[d->cur];
}

/**
 * gpugov_deadline_recent() - the slowdowns of the saturated sample before
 * apply to this one's decision; remember this one's
 * @dl: state
 * @d: the decision's predictions for @s (time_ps[] at every OPP of d->hi)
 * @s: the sample
 *
 * Back-to-back work has no idle time to absorb an interval run too slow:
 * each one is lost for good.  A model predicts the next interval from the
 * last one's work, and where work of two kinds alternates (a memory-bound
 * interval among compute-bound ones) one memory-bound interval would send
 * the clock down for a compute-bound one to pay in full (PCSTALL section
 * 3.3).  So on a saturated sample an OPP must also fit the work of the
 * saturated sample before: T(f) is judged as at least T(top) times the
 * slowdown T(f) / T(top) predicted there for that sample
 * (gpugov_deadline_time_ps()).  A move down needs two intervals that
 * agree, and one odd interval cannot make it.  A sample that is not
 * saturated ends the run: paced work has the idle time to absorb a slow
 * interval, and its misses are the headroom's.  (The largest slowdown of
 * the last 8 samples, a phase, cost the models that predicted right most
 * of their back-to-back saving: every change of phase waited 8 intervals;
 * docs/results.md.)
 */
void gpugov_deadline_recent(struct gpugov_deadline_state *dl,
			    const struct gpugov_decision *d,
			    const struct gpugov_sample *s)
{
	u64 top = d->time_ps[d->hi];
	bool sat = gpugov_saturated(s) && top;
	u32 i;

	for (i = 0; i <= d->hi; i++) {
		dl->held_q16[i] = sat && dl->prev_sat ? dl->prev_q16[i] : 0;
		if (sat)
			dl->prev_q16[i] = (u32)min_t(u64,
					gpugov_ratio_q16(d->time_ps[i], top),
					GPUGOV_RATIO_MAX);
	}
	for (; i < GPUGOV_MAX_OPPS; i++)
		dl->held_q16[i] = 0;
	dl->prev_sat = sat;
}

/**
 * gpugov_deadline_time_ps() - the time `deadline` judges @opp by
 * @dl: state, after gpugov_deadline_recent() of the decision's sample
 * @d: the decision
 * @opp: OPP index
 *
 * Return: the predicted time, and back to back at least the slowdown held
 * from the sample before times this work's time at the top OPP.
 */
u64 gpugov_deadline_time_ps(const struct gpugov_deadline_state *dl,
			    const struct gpugov_decision *d, u32 opp)
{
	return max_t(u64, d->time_ps[opp],
		     gpugov_mul_q16(d->time_ps[d->hi], dl->held_q16[opp]));
}

/**
 * gpugov_deadline_expect() - remember what the decision just made expects
 * @dl: state
 * @d: the decision (its limit_ps 0 unless the objective is `deadline`)
 * @s: the sample it was made from
 */
void gpugov_deadline_expect(struct gpugov_deadline_state *dl,
			    const struct gpugov_decision *d,
			    const struct gpugov_sample *s)
{
	u64 interval_ps = gpugov_mul_div(s->interval_ns, GPUGOV_PS_PER_NS, 1);

	dl->expect_opp = d->chosen;
	dl->expect_ref = d->hi;
	dl->expect_exact = d->bounded || d->chosen == d->cur;
	dl->expect_ps = gpugov_mul_q16(d->time_ps[d->chosen],
				       dl->miss_q16[d->chosen]);
	dl->expect_q16 = gpugov_ratio_q16(dl->expect_ps, interval_ps);
	dl->expect_slow_q16 = gpugov_ratio_q16(d->time_ps[d->chosen],
					       d->time_ps[d->hi]);
	dl->limit_ps = d->limit_ps;
	dl->limit_q16 = gpugov_ratio_q16(d->limit_ps, interval_ps);
	if (!d->limit_ps)
		dl->prev_sat = false;
}
