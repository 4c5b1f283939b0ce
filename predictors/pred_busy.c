// SPDX-License-Identifier: GPL-2.0
/*
 * pred_busy.c - the busy-only fallback, for drivers that report nothing
 * but devfreq busy/total time (stock panfrost, lima, msm).
 *
 * Within a phase the same work is assumed to arrive every interval, so
 * the utilisation u = busy / interval follows the two-part model of CRISP
 * eq. (2) as a function of the clock period: u = a + b / f.  A
 * least-squares line through the recent (f1/f, u/u1) points, normalised to
 * the current point, has a slope equal to the fraction c of the current
 * busy time that scales with the core clock, and
 *	T(f2) = T * (1 - c) + T * c * f1 / f2.
 * With fewer than two distinct clocks in the phase nothing is known and c
 * is 1 (time proportional to the period): the conservative guess, which
 * never under-estimates the slowdown of going down; where the OPPs also
 * move a memory clock, the whole busy time then follows whichever clock
 * is slower relative to now, so it gets shorter only where both clocks
 * rise (memory-bound work does not speed up with the core clock alone).
 * Once fitted, the part that does not scale with the core
 * clock follows the memory clock (gpugov_mem_ps()), and the fit is
 * trusted only down to the lowest clock of the history: below it, the
 * time predicted there grows with the period, as if nothing were known,
 *	T(f2) = T_fit(f_lo) * f_lo / f2	for f2 < f_lo,
 * so that a slope fitted between two near clocks from work that varies
 * from interval to interval cannot send the work to the lowest OPP.  Each
 * step down widens the range the next decision may trust (safe probing),
 * and one step is taken on the fit itself: at the table's next clock below
 * f_lo, T_fit(f2) is predicted where
 *  - the fit explains its history: every point within 1/20 of the
 *    current utilisation of the fitted line (a spread of 5%, half of the
 *    10% headroom the default `deadline` keeps for work that changes), and
 *  - even T_fit(f_lo) * f_lo / f2 fits the interval: were the slope wrong
 *    and all of the time to scale, the work would still finish in time.
 * Without it, work that fits the next clock down only because part of it
 * does not scale (memory-bound frames) was held a clock too high for
 * good: the bound said it would not fit the headroom, and the history
 * never saw that clock.
 * A phase ends when, at an unchanged clock, the utilisation moves by more
 * than a quarter.
 *
 * A phase seen at one clock alone has no slope, and where the bound one
 * step down does not fit the headroom (a steady game above about 80 %
 * load), nothing lower is ever tried: the slope stays unknown for as long
 * as the phase lasts.  So the model probes, once per phase: where the
 * OPPs move the core clock alone (a stock driver's table), the full
 * history (GPUGOV_BUSY_HIST intervals) is at the sample's clock,
 * every point within 1/20 of the current utilisation (steady work, the
 * same test as the step above), and the bound at the next clock down fits
 * the whole interval, the time there is predicted as if nothing scaled,
 *	T(f2) = T,
 * the optimistic end of the range the bound closes.  Were the slope the
 * bound's, a frame that repeats still finishes in time; the interval at
 * f2 then gives the fit its second clock, and `deadline` moves back up if
 * the work does not fit its headroom there.  The phase is not probed again
 * once it has run at another clock (@moved), so compute-bound work pays
 * one probe per phase, not one every GPUGOV_BUSY_HIST intervals.
 *
 * Only ratios of busy to total time are used, because that is all a
 * driver's devfreq status gives (its units differ per driver), and the
 * poll interval jitters.  A saturated sample (busy all interval) only says
 * that the demand was at least that much: it is kept out of the fit, so
 * that back-to-back work, which saturates every interval, leaves c unknown
 * and is never predicted to lose nothing at a lower clock.  Two saturated
 * samples in a row end the phase: the work has outgrown a whole interval,
 * so a fit made from intervals it fitted no longer describes it, and no
 * later saturated sample would replace it.  (Paced frames polled more
 * often than they arrive give windows whose busy share follows the
 * frame's phase, not the clock; two such windows had fitted "nothing
 * scales", every window after them was saturated and kept out of the
 * fit, and the clock stayed low while the queue grew for seconds:
 * docs/results.md.)
 */
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

/*
 * Fit inputs are Q24 and clamped to 32.0, so that the sums of 8 products
 * of deviations stay below 2^61.
 */
#define BUSY_Q		24
#define BUSY_NORM_MAX	(32ULL << BUSY_Q)
#define BUSY_PHASE_PCT	25
/* Q24: the fit explains its history within 1/20 (see the top comment) */
#define BUSY_STEADY	((1LL << BUSY_Q) / 20)

/* v / ref in Q24, clamped to [0, 32] */
static s64 busy_norm(u64 v, u64 ref)
{
	return (s64)gpugov_ratio_fixed(v, ref, BUSY_Q, BUSY_NORM_MAX);
}

/**
 * gpugov_busy_observe() - add a sample to the fallback's history
 * @b: history
 * @s: new sample; idle samples and samples without a clock are ignored
 */
void gpugov_busy_observe(struct gpugov_busy_state *b,
			 const struct gpugov_sample *s)
{
	u64 util;

	if (!min_t(u64, s->busy_ns, s->interval_ns) || !s->core_khz)
		return;
	if (gpugov_saturated(s)) {
		/* the second in a row ends the phase (see the top comment) */
		if (b->sat) {
			b->nr = 0;
			b->moved = false;
		}
		b->sat = true;
		return;
	}
	b->sat = false;
	util = busy_norm(min_t(u64, s->busy_ns, s->interval_ns),
			 s->interval_ns);
	if (b->nr) {
		u32 last = (b->head + GPUGOV_BUSY_HIST - 1) % GPUGOV_BUSY_HIST;
		u64 prev = b->util[last];
		u64 diff = util > prev ? util - prev : prev - util;

		if (b->khz[last] != s->core_khz) {
			b->moved = true;
		} else if (div64_u64(diff, BUSY_PHASE_PCT) >
			   div64_u64(prev, 100)) {
			b->nr = 0;
			b->moved = false;
		}
	}
	b->khz[b->head] = s->core_khz;
	b->util[b->head] = util;
	b->head = (b->head + 1) % GPUGOV_BUSY_HIST;
	b->nr = min_t(u32, b->nr + 1, GPUGOV_BUSY_HIST);
}

#define BUSY_C_SHIFT	30
#define BUSY_C_ONE	BIT_ULL(BUSY_C_SHIFT)

/*
 * Fraction (Q30) of the busy time at @f1 that scales with the core clock;
 * BUSY_C_UNKNOWN where the history cannot tell: it has fewer than two
 * clocks.  The clocks compared are the history's own, not @f1: a saturated
 * sample is not in the history, and a history at one other clock than
 * @f1 has no slope either (it once read as "nothing scales").
 */
#define BUSY_C_UNKNOWN	(BUSY_C_ONE + 1)

/* The sample's utilisation, Q24: the point the fit is normalised to. */
static u64 busy_util(const struct gpugov_sample *s)
{
	return busy_norm(min_t(u64, s->busy_ns, s->interval_ns),
			 s->interval_ns);
}

/* Whether the history can tell a slope: two clocks, and work to scale. */
static bool busy_fitted(const struct gpugov_busy_state *b, u64 util1)
{
	u32 i, newest = b->khz[(b->head + GPUGOV_BUSY_HIST - 1) %
			       GPUGOV_BUSY_HIST];

	if (b->nr < 2 || !util1)
		return false;
	for (i = 1; i < b->nr; i++)
		if (b->khz[(b->head + GPUGOV_BUSY_HIST - 1 - i) %
			   GPUGOV_BUSY_HIST] != newest)
			return true;
	return false;
}

/*
 * ... and, where it can tell, in @lowest the lowest clock of the history
 * and in @steady whether every point lies within BUSY_STEADY of the line
 */
static u64 busy_scaling(const struct gpugov_busy_state *b, u32 f1, u64 util1,
			u32 *lowest, bool *steady)
{
	s64 x[GPUGOV_BUSY_HIST], y[GPUGOV_BUSY_HIST];
	s64 xm = 0, ym = 0, sxx = 0, sxy = 0;
	u32 i, lo = U32_MAX;
	u64 c;

	if (!busy_fitted(b, util1))
		return BUSY_C_UNKNOWN;
	for (i = 0; i < b->nr; i++) {
		u32 slot = (b->head + GPUGOV_BUSY_HIST - 1 - i) %
			   GPUGOV_BUSY_HIST;

		lo = min_t(u32, lo, b->khz[slot]);
		x[i] = busy_norm(f1, b->khz[slot]);	/* period / period1 */
		y[i] = busy_norm(b->util[slot], util1);
		xm += x[i];
		ym += y[i];
	}
	*lowest = lo;
	xm = div64_s64(xm, b->nr);
	ym = div64_s64(ym, b->nr);
	for (i = 0; i < b->nr; i++) {
		sxx += (x[i] - xm) * (x[i] - xm);
		sxy += (x[i] - xm) * (y[i] - ym);
	}
	c = sxy <= 0 || sxx <= 0 ? 0 :
	    gpugov_ratio_fixed(sxy, sxx, BUSY_C_SHIFT, BUSY_C_ONE);
	*steady = true;
	for (i = 0; i < b->nr; i++) {
		s64 r = y[i] - ym - (((x[i] - xm) * (s64)c) >> BUSY_C_SHIFT);

		if (r > BUSY_STEADY || r < -BUSY_STEADY)
			*steady = false;
	}
	return c;
}

/* Whether the OPPs move a memory clock too. */
static bool moves_mem(const struct gpugov_opp_table *t)
{
	u32 i;

	for (i = 1; i < t->nr; i++)
		if (t->opp[i].mem_khz != t->opp[0].mem_khz)
			return true;
	return false;
}

/* Whether the sample says which memory clock it ran at. */
static bool knows_mem(const struct gpugov_sample *s)
{
	return (s->caps & GPUGOV_CAP_MEM_KHZ) && s->mem_khz;
}

/* The highest core clock of @t below @khz, or @khz if none. */
static u32 step_below(const struct gpugov_opp_table *t, u32 khz)
{
	u32 i, best = 0;

	for (i = 0; i < t->nr; i++)
		if (t->opp[i].core_khz < khz)
			best = max_t(u32, best, t->opp[i].core_khz);
	return best ? best : khz;
}

/*
 * The fitted time at OPP @o: the part that scales, @scaling, at @o's core
 * clock and the rest, @rest, at its memory clock where the fit is trusted,
 * at or above @lowest (the lowest clock of its history); below, the time
 * at @lowest (@low_part: @scaling at @lowest) stretched by the clock
 * ratio, unless @o is the step below @lowest (at or above @step) and the
 * fit's own time there fits the interval.  The sample's terms are
 * computed once per decision, this for every OPP.
 */
static inline u64 fitted_ps(const struct gpugov_sample *s,
			    const struct gpugov_opp *o, u64 rest, u64 scaling,
			    u32 lowest, u64 low_part, u32 step, u64 interval)
{
	u64 m = gpugov_mem_ps(s, rest, o), low;

	if (o->core_khz < lowest) {
		low = gpugov_scale_ps(gpugov_sat_add(m, low_part), lowest,
				      o->core_khz);
		if (o->core_khz < step || low > interval)
			return low;
	}
	return gpugov_sat_add(m, gpugov_scale_ps(scaling, s->core_khz,
						 o->core_khz));
}

/*
 * The clock to probe (see the top comment), 0 if none: the next clock
 * below the sample's, where the phase has run at that clock alone for the
 * whole history, steadily, and even the bound there, the sample's @busy
 * time scaled by f1 / f2, fits the @interval (both in ps).
 */
static u32 busy_probe(const struct gpugov_busy_state *b,
		      const struct gpugov_sample *s,
		      const struct gpugov_opp_table *t, u64 busy, u64 interval)
{
	u64 util1 = busy_util(s);
	u32 i, f2;

	if (b->moved || b->nr < GPUGOV_BUSY_HIST || !util1)
		return 0;
	for (i = 0; i < b->nr; i++) {
		s64 y = busy_norm(b->util[i], util1) - (1LL << BUSY_Q);

		if (b->khz[i] != s->core_khz || y > BUSY_STEADY ||
		    y < -BUSY_STEADY)
			return 0;
	}
	f2 = step_below(t, s->core_khz);
	if (f2 == s->core_khz ||
	    gpugov_scale_ps(busy, s->core_khz, f2) > interval)
		return 0;
	return f2;
}

static void busy_predict(const struct gpugov_pred_state *st,
			 const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t, u64 *time_ps)
{
	u64 busy = gpugov_busy_ps(s);
	u64 interval = gpugov_mul_div(s->interval_ns, GPUGOV_PS_PER_NS, 1);
	u32 lowest = 0, step;
	bool steady = false;
	u64 c = busy_scaling(&st->busy, s->core_khz, busy_util(s), &lowest,
			     &steady);
	u64 scaling = gpugov_mul_div(busy, (u32)min_t(u64, c, BUSY_C_ONE),
				     BUSY_C_ONE);
	/* A memory clock the OPPs move, known for the sample too. */
	bool two = moves_mem(t) && knows_mem(s);
	u32 i, probe = 0;
	u64 low_part = 0;

	/* The probe's bound is the core clock's: tables of one memory clock */
	if (c == BUSY_C_UNKNOWN && !moves_mem(t))
		probe = busy_probe(&st->busy, s, t, busy, interval);
	step = steady ? step_below(t, lowest) : lowest;
	if (c != BUSY_C_UNKNOWN)
		low_part = gpugov_scale_ps(scaling, s->core_khz, lowest);
	for (i = 0; i < t->nr; i++) {
		const struct gpugov_opp *o = &t->opp[i];

		if (c == BUSY_C_UNKNOWN) {
			u64 scaled = gpugov_scale_ps(busy, s->core_khz,
						     o->core_khz);

			time_ps[i] = two ? max_t(u64, scaled,
						 gpugov_mem_ps(s, busy, o)) :
				     o->core_khz == probe ? busy : scaled;
			continue;
		}
		time_ps[i] = fitted_ps(s, o, busy - scaling, scaling, lowest,
				       low_part, step, interval);
	}
}

/*
 * Unfitted, T(f2) = T * max(f1 / f2, m1 / m2) bounds the time of the same
 * work a + b = T at any OPP, a * f1 / f2 + b * m1 / m2, from above: an
 * upper bound, not an estimate, unless the OPPs move a memory clock the
 * sample does not report (its time is then scaled by the core clock alone).
 * A probe's T at f2 is the range's other end, and is no estimate either:
 * `deadline` counts a longer interval there only where it outgrew the
 * limit (gpugov_deadline.c), and the bound it was allowed on fits.
 */
static bool busy_bounded(const struct gpugov_pred_state *st,
			 const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t)
{
	return !busy_fitted(&st->busy, busy_util(s)) &&
	       (!moves_mem(t) || knows_mem(s));
}

const struct gpugov_predictor gpugov_pred_busy = {
	.name = "busy",
	.caps = 0,
	.predict = busy_predict,
	.bounded = busy_bounded,
};
