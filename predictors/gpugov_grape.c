// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_grape.c - GRAPE: a performance-target controller with
 * a Kalman-filtered base speed, an integral speedup law, a cheapest-OPP
 * translator and learned speedup/cost tables, in fixed point.
 *
 * Rates are divided by a unit rate fixed at the first control step
 * (the user goal then, in work units per second), so that the published
 * constants keep their meaning: x(0) = 1 says "the lowest OPP alone meets
 * the goal" (percent mode: "delivers the maximum rate"), the smallest
 * workload, which the seed's appendix recommends as the seed of the
 * filter for a convergence without oscillation.  With equal process and
 * measurement noise, the filter's gain does not depend on the unit at
 * all.  Controller values are Q24 (GPUGOV_GRAPE_ONE); every product and
 * quotient goes through the 128-bit helpers of gpugov_coremem.c,
 * saturates, and is clamped:
 *	speedups	[1/2^24, 65536]
 *	x(t)		[2^-20, 2^20]		(so w(t) = 1/x(t) <= 2^20)
 *	p(t)		[0, 256]
 *	rates, goals	[0, 2^24]
 *	costs		[1/256, 65536]
 * I and G are Q8 work units (any number of work units per interval below
 * 2^56), l is in ns; all three are halved together before one of them
 * reaches 2^62.
 *
 * Model tables (Algorithms 2, 3).  As in the seed, the speedup of an OPP
 * is that of its memory configuration at the top core clock, scaled
 * linearly by the core clock (section III-B, line 24 of Algorithm 2,
 * f_SM = f_max * s / s_MEM), and its cost the product of a core and a
 * memory cost (line 25):
 *	speedup_i = mu[m_i] * f_i / f_max
 *	cost_i    = c_core(f_i) * c_mem[m_i]
 * m_i is the rank of the OPP's memory clock among the table's distinct
 * memory clocks.  Initial values follow the seed's hardware description
 * (speedups 1..8 over 100..800 MHz, costs 1.0..2.5), normalised to the
 * table: mu[0] = f_max / f_min, so that the lowest OPP has speedup 1 and
 * speedups grow with the core clock; mu[m] = mu[0] * mem_m / mem_0 (linear,
 * as "initial actuator models assume ... linear"); c_core and c_mem rise
 * linearly with the clock from 1.0 to 2.5.  Algorithm 3 learns mu[m] for
 * m > 0 (level 0 is the reference: the core response is kept linear and
 * not learned, as section III-C finds sufficient) and c_mem[m] for every
 * level, each clamped between its neighbours (lines 3-8).
 */
#include "gpugov_grape.h"
#include "gpugov_coremem.h"
#include "gpugov_fixed.h"

#define GR_SH		GPUGOV_GRAPE_SHIFT
#define GR_ONE		GPUGOV_GRAPE_ONE
#define GR_S_MAX	(GR_ONE << 16)
#define GR_X_MIN	BIT_ULL(4)
#define GR_X_MAX	BIT_ULL(44)
#define GR_H_MAX	BIT_ULL(48)
#define GR_P_MAX	(GR_ONE << 8)
#define GR_C_MIN	(GR_ONE >> 8)
#define GR_C_MAX	(GR_ONE << 16)
#define GR_Q16_ONE	BIT(16)
#define GR_ALPHA_MAX	(4U << 16)
#define GR_HIST_MAX	BIT_ULL(62)
#define GR_WORK_SH	8		/* I and G are Q8 work units */
#define GR_NS_PER_S	1000000000ULL
#define GR_PS_PER_S	1000000000000ULL
/* Initial costs: 1.0 at the lowest clock, 2.5 at the highest. */
#define GR_COST_SPAN	(GR_ONE * 3 / 2)

/**
 * gpugov_grape_defaults() - the published constants and gpugov's choices
 * @p: parameters to fill
 *
 * Q = R = 0.01, x(0) = 1, p(0) = 0, beta = 0.85 (GRAPE section III and
 * the authors' implementation); alpha = 1 and the 100% target are
 * gpugov's (docs/grape.md explains them).
 */
void gpugov_grape_defaults(struct gpugov_grape_params *p)
{
	memset(p, 0, sizeof(*p));
	p->mode = GPUGOV_GRAPE_PCT;
	p->target = 100;
	p->alpha_q16 = GR_Q16_ONE;
	p->beta_q16 = 55706;		/* 0.85 */
	p->q = 167772;			/* 0.01 */
	p->r = 167772;
	p->x0 = GR_ONE;
	p->p0 = 0;
	p->history_shift = 0;
}

/**
 * gpugov_grape_params_ok() - are @p within the documented ranges?
 * @p: parameters
 *
 * The controller never traps on any input; this is what sysfs should
 * accept.
 *
 * Return: true if every field is in range.
 */
bool gpugov_grape_params_ok(const struct gpugov_grape_params *p)
{
	if (p->mode >= GPUGOV_GRAPE_NR_MODES || !p->target)
		return false;
	if (p->mode == GPUGOV_GRAPE_PCT && p->target > 100)
		return false;
	return p->alpha_q16 <= GR_ALPHA_MAX && p->beta_q16 &&
	       p->beta_q16 <= GR_Q16_ONE && p->q <= GR_ONE && p->r <= GR_ONE &&
	       p->x0 >= GR_X_MIN && p->x0 <= GR_X_MAX && p->p0 <= GR_ONE &&
	       p->history_shift <= 32;
}

static u64 gr_clamp(u64 v, u64 lo, u64 hi)
{
	return v < lo ? lo : (v > hi ? hi : v);
}

/* v +/- d, saturating at 0 and U64_MAX */
static u64 gr_move(u64 v, bool up, u64 d)
{
	return up ? gpugov_sat_add(v, d) : v - min_t(u64, v, d);
}

static void gr_refresh_level(struct gpugov_grape_state *g,
			     const struct gpugov_opp_table *t, u32 m)
{
	u32 i;

	for (i = 0; i < g->nr; i++) {
		if (g->level[i] != m)
			continue;
		u64 sp = gpugov_mul_div64(g->mu[m],
					  max_t(u32, t->opp[i].core_khz, 1),
					  g->core_max);

		g->speedup[i] = gr_clamp(sp, 1, GR_S_MAX);
		g->cost[i] = gr_clamp(gpugov_mul_shr64(g->core_cost[i],
						       g->cmem[m], GR_SH),
				      GR_C_MIN, GR_C_MAX);
	}
}

/* 1.0 + 1.5 * (v - lo) / (hi - lo) */
static u64 gr_cost_ramp(u32 v, u32 lo, u32 hi)
{
	if (hi <= lo || v <= lo)
		return GR_ONE;
	return GR_ONE + gpugov_mul_div64(GR_COST_SPAN, min_t(u32, v, hi) - lo,
					 hi - lo);
}

/* Initial speedup and cost tables for @t (see the file comment). */
static void gr_tables(struct gpugov_grape_state *g,
		      const struct gpugov_opp_table *t)
{
	u32 lv[GPUGOV_MAX_OPPS];
	u32 cmin = U32_MAX, cmax = 1, i, j, m;

	g->nr_mem = 0;
	for (i = 0; i < g->nr; i++) {
		u32 mem = t->opp[i].mem_khz;

		cmin = min_t(u32, cmin, max_t(u32, t->opp[i].core_khz, 1));
		cmax = max_t(u32, cmax, t->opp[i].core_khz);
		/* insertion into the sorted distinct memory clocks */
		for (j = 0; j < g->nr_mem && lv[j] < mem; j++)
			;
		if (j < g->nr_mem && lv[j] == mem)
			continue;
		for (m = g->nr_mem; m > j; m--)
			lv[m] = lv[m - 1];
		lv[j] = mem;
		g->nr_mem++;
	}
	cmax = max_t(u32, cmax, cmin);
	g->core_max = cmax;
	for (m = 0; m < g->nr_mem; m++) {
		g->mu[m] = min_t(u64, gpugov_mul_div64(GR_ONE, cmax, cmin),
				 GR_S_MAX);
		u64 mu = gpugov_mul_div64(g->mu[m], max_t(u32, lv[m], 1),
					  max_t(u32, lv[0], 1));

		g->mu[m] = min_t(u64, mu, GR_S_MAX);
		g->cmem[m] = g->nr_mem > 1 ?
			     gr_cost_ramp(lv[m], lv[0], lv[g->nr_mem - 1]) : GR_ONE;
	}
	g->mu_top = g->nr_mem ? g->mu[g->nr_mem - 1] : GR_ONE;
	for (i = 0; i < g->nr; i++) {
		for (m = 0; m + 1 < g->nr_mem && lv[m] != t->opp[i].mem_khz; m++)
			;
		g->level[i] = (u8)m;
		g->core_cost[i] = gr_cost_ramp(t->opp[i].core_khz, cmin, cmax);
	}
	for (m = 0; m < g->nr_mem; m++)
		gr_refresh_level(g, t, m);
}

static void gr_speedup_range(const struct gpugov_grape_state *g, u64 *lo,
			     u64 *hi)
{
	u32 i;

	*lo = GR_ONE;
	*hi = GR_ONE;
	for (i = 0; i < g->nr; i++) {
		if (!i || g->speedup[i] < *lo)
			*lo = g->speedup[i];
		if (!i || g->speedup[i] > *hi)
			*hi = g->speedup[i];
	}
}

/**
 * gpugov_grape_init() - reset the controller and build its tables for @t
 * @g: state
 * @p: parameters (x(0), p(0))
 * @t: OPP table, ascending; entries beyond GPUGOV_MAX_OPPS are ignored
 *
 * s(0) is 1, the lowest OPP's speedup.  Call again whenever the OPP table
 * changes; a change of target needs nothing (the goal is read at every
 * step).
 */
void gpugov_grape_init(struct gpugov_grape_state *g,
		       const struct gpugov_grape_params *p,
		       const struct gpugov_opp_table *t)
{
	u64 lo, hi;

	memset(g, 0, sizeof(*g));
	g->nr = min_t(u32, t->nr, GPUGOV_MAX_OPPS);
	gr_tables(g, t);
	g->x = gr_clamp(p->x0, GR_X_MIN, GR_X_MAX);
	g->p = min_t(u64, p->p0, GR_ONE);
	gr_speedup_range(g, &lo, &hi);
	g->s = gr_clamp(GR_ONE, lo, hi);
}

/**
 * gpugov_grape_translate() - Algorithm 2: the cheapest OPP whose modelled
 * speedup is at least @s
 * @g: state
 * @s: speedup signal, Q24
 * @cost: per-OPP cost to minimise (any unit, e.g. predicted energy), or
 *	NULL for the learned cost table
 *
 * Ties go to the lower OPP.  If no OPP is fast enough, the fastest one
 * (the cheapest of equals).  The seed's SM and wavefront actuators have no
 * devfreq counterpart, and its memory-stall pre-selection of memory
 * configurations (lines 16-20) is replaced by the learned memory speedups.
 *
 * Return: an OPP index (0 for an empty table).
 */
u32 gpugov_grape_translate(const struct gpugov_grape_state *g, u64 s,
			   const u64 *cost)
{
	u32 i, best = U32_MAX, top = 0;
	u64 cbest = 0, ctop = 0;

	for (i = 0; i < g->nr; i++) {
		u64 c = cost ? cost[i] : g->cost[i];

		if (!i || g->speedup[i] > g->speedup[top] ||
		    (g->speedup[i] == g->speedup[top] && c < ctop)) {
			top = i;
			ctop = c;
		}
		if (g->speedup[i] >= s && (best == U32_MAX || c < cbest)) {
			best = i;
			cbest = c;
		}
	}
	return best == U32_MAX ? top : best;
}

/* The unit rate: the user goal at the first step, at least 1/s. */
static u64 gr_unit(const struct gpugov_grape_state *g,
		   const struct gpugov_grape_params *p,
		   const struct gpugov_grape_obs *o, u64 s_app)
{
	u64 rate = gpugov_mul_div64(o->work, GR_NS_PER_S, o->time_ns);
	u64 lo, hi, u;

	if (p->mode != GPUGOV_GRAPE_PCT) {
		u = p->target;
	} else if (o->max_rate) {
		u = o->max_rate;
	} else {
		gr_speedup_range(g, &lo, &hi);
		u = gpugov_mul_div64(rate, hi, max_t(u64, s_app, 1));
	}
	return max_t(u64, u, 1);
}

/*
 * (work / time_ns) / unit in Q(shift) fixed point, as
 * (work * 10^9 / unit) * 2^shift / time_ns: the first quotient is the time
 * the work takes at the unit rate, in Q16 ns, so that a rate far below the
 * unit keeps its precision (if that time does not fit, in whole ns).
 */
static u64 gr_norm_rate(u64 work, u64 time_ns, u64 unit, u32 shift)
{
	u64 a = gpugov_mul_div64(work, GR_NS_PER_S << 16, unit);

	if (a == U64_MAX)
		return gpugov_mul_div64(gpugov_mul_div64(work, GR_NS_PER_S, unit),
					1ULL << shift, time_ns);
	return gpugov_mul_div64(a, 1ULL << shift, time_ns) >> 16;
}

/*
 * r_top(t), Q24 of the unit rate, saturated: the rate the top OPP would
 * give in the interval's phase, from the caller's prediction
 * (@o->max_rate), else from GRAPE's model: x(t-1) times the top speedup.
 */
static u64 gr_top_rate(const struct gpugov_grape_state *g,
		       const struct gpugov_grape_obs *o)
{
	u64 lo, hi;

	if (o->max_rate)
		return gpugov_mul_div64(o->max_rate, GR_ONE, g->unit);
	gr_speedup_range(g, &lo, &hi);
	return gpugov_mul_shr64(g->x, hi, GR_SH);
}

/* g_user(t), Q24 of the unit rate; @top is r_top(t) */
static u64 gr_user_goal(const struct gpugov_grape_state *g,
			const struct gpugov_grape_params *p, u64 top)
{
	if (p->mode != GPUGOV_GRAPE_PCT)
		return min_t(u64, gpugov_mul_div64(p->target, GR_ONE, g->unit),
			     GR_H_MAX);
	return min_t(u64, gpugov_mul_div64(top, min_t(u64, p->target, 100),
					   100), GR_H_MAX);
}

/*
 * I, the goal's integral G, l and the phase balance U, U', D, with
 * optional forgetting; all six are halved together before any reaches
 * 2^62, which keeps their ratios.  The interval's work takes
 * t_goal = time * h / g_user at the goal's pace and t_top = time * h / r_top
 * at the top OPP.  Where t_top < t_goal (a fast interval) U' gains
 * t_goal - t_top; where t_top > t_goal (a slow one) D gains t_top - t_goal
 * and U' moves into U.  Then phi = min(1, D / U).
 */
static void gr_history(struct gpugov_grape_state *g,
		       const struct gpugov_grape_params *p,
		       const struct gpugov_grape_obs *o, u64 user, u64 top)
{
	u32 n = p->history_shift;
	u64 rate = gpugov_mul_shr64(user, g->unit, GR_SH - GR_WORK_SH);
	u64 gw = gpugov_mul_div64(rate, o->time_ns, GR_NS_PER_S);
	u64 t_goal = gpugov_mul_div64(o->time_ns, g->h, user);
	u64 t_top = gpugov_mul_div64(o->time_ns, g->h, top);

	if (n && n < 64) {
		g->work -= g->work >> n;
		g->goal_work -= g->goal_work >> n;
		g->time_ns -= g->time_ns >> n;
		g->fast_ns -= g->fast_ns >> n;
		g->fast_new_ns -= g->fast_new_ns >> n;
		g->slow_ns -= g->slow_ns >> n;
	}
	g->work = gpugov_sat_add(g->work,
				 gpugov_mul_shr64(o->work, 1ULL << GR_WORK_SH, 0));
	g->goal_work = gpugov_sat_add(g->goal_work, gw);
	g->time_ns = gpugov_sat_add(g->time_ns, o->time_ns);
	if (t_top < t_goal) {
		g->fast_new_ns = gpugov_sat_add(g->fast_new_ns, t_goal - t_top);
	} else if (t_top > t_goal) {
		g->slow_ns = gpugov_sat_add(g->slow_ns, t_top - t_goal);
		g->fast_ns = gpugov_sat_add(g->fast_ns, g->fast_new_ns);
		g->fast_new_ns = 0;
	}
	while (g->work > GR_HIST_MAX || g->goal_work > GR_HIST_MAX ||
	       g->time_ns > GR_HIST_MAX || g->fast_ns > GR_HIST_MAX ||
	       g->fast_new_ns > GR_HIST_MAX || g->slow_ns > GR_HIST_MAX) {
		g->work >>= 1;
		g->goal_work >>= 1;
		g->time_ns >>= 1;
		g->fast_ns >>= 1;
		g->fast_new_ns >>= 1;
		g->slow_ns >>= 1;
	}
	/* 0 before any slow interval; D / 0 is 1 */
	g->phi = g->slow_ns ? gpugov_ratio_fixed(g->slow_ns, g->fast_ns,
						 GR_SH, GR_ONE) : 0;
}

/*
 * The feed-forward goal g_ff(t), Q24 of the unit rate: where the top OPP
 * is faster than the goal (r_top > g_user),
 *	1 / g_ff = (1 - phi) / g_user + phi / r_top,
 *	g_ff = g_user * r_top / ((1 - phi) * r_top + phi * g_user),
 * elsewhere g_user.  See gpugov_grape_step().
 */
static u64 gr_plan(const struct gpugov_grape_state *g, u64 user, u64 top)
{
	u64 den;

	top = min_t(u64, top, GR_H_MAX);
	if (top <= user || !g->phi)
		return user;
	den = gpugov_sat_add(gpugov_mul_shr64(GR_ONE - g->phi, top, GR_SH),
			     gpugov_mul_shr64(g->phi, user, GR_SH));
	return min_t(u64, gpugov_mul_div64(user, top, den), GR_H_MAX);
}

/*
 * Algorithm 1 line 2, g(t) = g_user - alpha * (I/l - g_user), written for
 * a goal that may change over time as g_user - alpha * (I - G) / l with G
 * the integral of g_user: the same for a constant goal.  gpugov starts from
 * the feed-forward goal @ff instead of g_user (gpugov_grape_step()).
 */
static u64 gr_goal(const struct gpugov_grape_state *g,
		   const struct gpugov_grape_params *p, u64 ff)
{
	bool ahead = g->work >= g->goal_work;
	u64 d = ahead ? g->work - g->goal_work : g->goal_work - g->work;
	u64 c = gr_norm_rate(d, max_t(u64, g->time_ns, 1), g->unit,
			     GR_SH - GR_WORK_SH);

	c = gpugov_mul_shr64(c, min_t(u32, p->alpha_q16, GR_ALPHA_MAX), 16);
	return min_t(u64, gr_move(ff, !ahead, c), GR_H_MAX);
}

/* Algorithm 1 lines 4-9: the Kalman filter on the base speed x. */
static void gr_kalman(struct gpugov_grape_state *g,
		      const struct gpugov_grape_params *p, u64 s, u64 h)
{
	u64 pp = gpugov_sat_add(g->p, min_t(u64, p->q, GR_ONE));
	u64 s2 = gpugov_mul_shr64(s, s, GR_SH);
	u64 den = gpugov_sat_add(gpugov_mul_shr64(s2, pp, GR_SH),
				 min_t(u64, p->r, GR_ONE));
	u64 sx = gpugov_mul_shr64(s, g->x, GR_SH);
	u64 num = gpugov_mul_shr64(pp, s, GR_SH);

	/* k (h - s' x-) as one quotient: x may be a small difference */
	g->k = den ? gpugov_mul_div64(num, GR_ONE, den) : 0;
	if (den)
		g->x = gr_move(g->x, h >= sx,
			       gpugov_mul_div64(num, h >= sx ? h - sx : sx - h,
						den));
	g->x = gr_clamp(g->x, GR_X_MIN, GR_X_MAX);
	/* (1 - k s') p- = p- R / (s'^2 p- + R), without the cancellation */
	g->p = den ? min_t(u64, gpugov_mul_div64(pp, min_t(u64, p->r, GR_ONE),
						 den), GR_P_MAX) : pp;
	g->p = min_t(u64, g->p, GR_P_MAX);
}

/* Algorithm 3: learn the memory level's speedup and cost factors. */
static void gr_learn(struct gpugov_grape_state *g,
		     const struct gpugov_grape_params *p,
		     const struct gpugov_opp_table *t, u32 cur, u64 h, u64 w,
		     u64 power)
{
	u32 m = g->level[cur];
	u64 v, lo, hi;

	if (g->nr_mem > 1 && m > 0) {
		/* line 2: s_MEM = beta * f_max / f_SM * w * h + (1-beta) s_MEM */
		v = gpugov_mul_shr64(h, w, GR_SH);
		v = gpugov_mul_div64(v, g->core_max,
				     max_t(u32, t->opp[cur].core_khz, 1));
		v = gpugov_ewma_q16(p->beta_q16, v, g->mu[m]);
		/* lines 3-8: between the neighbouring levels */
		hi = m + 1 < g->nr_mem ? g->mu[m + 1] : g->mu_top;
		g->mu[m] = gr_clamp(v, g->mu[m - 1], hi);
	}
	if (power) {
		/* line 9: c_MEM = beta * cost / c_SM + (1 - beta) c_MEM */
		if (!g->p_unit)
			g->p_unit = max_t(u64, 1,
					  gpugov_mul_div64(power, GR_ONE,
							   g->cost[cur]));
		v = gpugov_mul_div64(power, GR_ONE, g->p_unit);
		v = gpugov_mul_div64(v, GR_ONE, g->core_cost[cur]);
		v = gpugov_ewma_q16(p->beta_q16, v, g->cmem[m]);
		lo = m ? g->cmem[m - 1] : GR_C_MIN;
		hi = m + 1 < g->nr_mem ? g->cmem[m + 1] : GR_C_MAX;
		g->cmem[m] = gr_clamp(v, lo, hi);
	}
	gr_refresh_level(g, t, m);
}

/**
 * gpugov_grape_step() - one control step: Algorithms 1, 3 and 2
 * @g: state, from gpugov_grape_init() with the same table
 * @p: parameters (may change between steps)
 * @t: OPP table; a different size than at init re-initialises @g
 * @o: the interval that just ended
 * @cost: per-OPP cost to minimise for the next interval (e.g. the policy
 *	layer's predicted energy), or NULL for the learned cost table
 *
 * The rate is h = work / time_ns, work per busy second.  The Kalman filter
 * (lines 6-8) uses the modelled speedup of the OPP that actually ran
 * (@o->cur_opp) as s(t-1): with a handful of OPPs it can differ much from
 * the signal, and h = s' * x is the filter's measurement model.  The
 * integral law then dithers between the two OPPs around the signal, which
 * time-slices them in the proportion that meets the goal on average,
 * deterministically (a first-order sigma-delta): one OPP per interval, no
 * separate schedule.  s(t) is kept within the table's speedups
 * (anti-windup).  An idle interval (@o->time_ns == 0) leaves the
 * controller and the tables alone.
 *
 * Feed-forward goal (line 2).  GRAPE section III's internal goal,
 * g(t) = g_user - alpha * (I/l - g_user), lowers the goal as soon as the
 * average rate is above it, and section V-A names the case where that
 * fails: a phase where the hardware is fast beyond the goal followed by one
 * where even the top OPP is slower than the goal ("not physically possible
 * to meet the performance target").  The slowdown bought in the first
 * cannot be repaid in the second, nor, in a loop of such phases, in the
 * next fast phase, whose own rate above the goal the next slow phase needs
 * too.  The paper leaves this to foreknowledge of the program.  gpugov
 * knows the top OPP's rate r_top in every interval (@o->max_rate, else the
 * model) and learns the pattern from the past: over the same history as I
 * and l, with w the interval's work,
 *	U = sum over r_top > g_user of  w / g_user - w / r_top,
 *	D = sum over r_top < g_user of  w / r_top - w / g_user,
 * the busy time the top OPP saves against the goal's pace where it is
 * faster, and loses where it is slower; phi = min(1, D / U) is the share
 * of the saving that the slow phases take.  Where r_top > g_user the
 * controller aims, instead of at g_user, at the rate that keeps that share,
 *	1 / g_ff = (1 - phi) / g_user + phi / r_top
 * (g_ff = g_user elsewhere), and line 2 becomes
 *	g(t) = g_ff - alpha * (I/l - g_user).
 * Over a history like the past, the fast intervals then take
 * (1 - phi) w / g_user + phi w / r_top and the slow ones (at the top OPP)
 * w / r_top, W / g_user - phi U + D in all: the goal's time when
 * phi = D / U; the integral correction is left with the model's errors.
 * U' holds the saving of the fast intervals since the last slow one and
 * joins U only at the next slow interval: counted at once, a fast phase
 * would lower phi while it runs, before the slow phase that takes its
 * saving has been seen.
 *
 * Where the top OPP was never slower than the goal (every percent-mode
 * goal, most absolute ones) D = 0, phi = 0, g_ff = g_user, and this is the
 * paper's law.  For the 100% goal of section V-A, the run's average rate
 * at the top OPP, D approaches U, phi 1 and g_ff r_top: the controller
 * runs the top OPP wherever the goal needs it.
 *
 * Return: the OPP index to run next.
 */
u32 gpugov_grape_step(struct gpugov_grape_state *g,
		      const struct gpugov_grape_params *p,
		      const struct gpugov_opp_table *t,
		      const struct gpugov_grape_obs *o, const u64 *cost)
{
	u64 s_app, h, w, user, top, lo, hi;
	u32 cur;

	if (g->nr != min_t(u32, t->nr, GPUGOV_MAX_OPPS))
		gpugov_grape_init(g, p, t);
	if (!g->nr)
		return 0;
	if (!o->time_ns) {
		g->chosen = gpugov_grape_translate(g, g->s, cost);
		return g->chosen;
	}
	cur = min_t(u32, o->cur_opp, g->nr - 1);
	s_app = g->speedup[cur];
	if (!g->unit)
		g->unit = gr_unit(g, p, o, s_app);
	h = min_t(u64, gr_norm_rate(o->work, o->time_ns, g->unit, GR_SH), GR_H_MAX);
	g->h = h;

	/* Algorithm 1 */
	top = gr_top_rate(g, o);
	user = gr_user_goal(g, p, top);
	gr_history(g, p, o, user, top);
	g->user_goal = user;
	g->plan = gr_plan(g, user, top);
	g->goal = gr_goal(g, p, g->plan);		/* line 2 */
	g->err = (s64)g->goal - (s64)h;			/* line 3 */
	gr_kalman(g, p, s_app, h);			/* lines 4-8 */
	w = gpugov_mul_div64(GR_ONE, GR_ONE, g->x);	/* line 9 */
	g->s = gr_move(g->s, g->err >= 0,		/* line 10 */
		       gpugov_mul_shr64(w, g->err >= 0 ? (u64)g->err :
					(u64)-g->err, GR_SH));

	/* Algorithm 3 */
	gr_learn(g, p, t, cur, h, w, o->power_uw);

	/* Algorithm 2 */
	gr_speedup_range(g, &lo, &hi);
	g->s = gr_clamp(g->s, lo, hi);
	g->chosen = gpugov_grape_translate(g, g->s, cost);
	g->steps++;
	return g->chosen;
}

/**
 * gpugov_grape_obs_from_sample() - a controller observation from a sample
 * @s: the interval's sample; the rate needs GPUGOV_CAP_INSTS (without it
 *	the work is 0 and the controller will ask for the top speed)
 * @t: OPP table (for the OPP in force)
 * @o: out; max_rate is left 0 for the caller to fill
 *
 * Power is energy_uj over the interval where the sample has
 * GPUGOV_CAP_ENERGY.
 */
void gpugov_grape_obs_from_sample(const struct gpugov_sample *s,
				  const struct gpugov_opp_table *t,
				  struct gpugov_grape_obs *o)
{
	memset(o, 0, sizeof(*o));
	o->work = (s->caps & GPUGOV_CAP_INSTS) ? s->insts : 0;
	o->time_ns = min_t(u64, s->busy_ns, s->interval_ns);
	o->cur_opp = t->nr ? gpugov_opp_nearest(t, s->core_khz, s->mem_khz) : 0;
	if ((s->caps & GPUGOV_CAP_ENERGY) && s->interval_ns)
		o->power_uw = gpugov_mul_div64(s->energy_uj, GR_NS_PER_S,
					       s->interval_ns);
}

/**
 * gpugov_grape_max_rate() - the work rate of the top OPP from a prediction
 * @work: work units of the interval
 * @top_time_ps: predicted busy time of that work at the top OPP
 *
 * Return: work units per second, saturated (0 for no work).
 */
u64 gpugov_grape_max_rate(u64 work, u64 top_time_ps)
{
	return gpugov_mul_div64(work, GR_PS_PER_S, top_time_ps);
}

/**
 * gpugov_grape_get_status() - the controller's state in work units
 * @g: state
 * @st: out
 */
void gpugov_grape_get_status(const struct gpugov_grape_state *g,
			     struct gpugov_grape_status *st)
{
	memset(st, 0, sizeof(*st));
	st->user_goal_rate = gpugov_mul_shr64(g->user_goal, g->unit, GR_SH);
	st->goal_rate = gpugov_mul_shr64(g->goal, g->unit, GR_SH);
	st->measured_rate = gpugov_mul_shr64(g->h, g->unit, GR_SH);
	st->base_rate = gpugov_mul_shr64(g->x, g->unit, GR_SH);
	st->avg_rate = gpugov_mul_div64(g->work, GR_NS_PER_S,
					max_t(u64, g->time_ns, 1)) >> GR_WORK_SH;
	st->speedup_q16 = g->s >> (GR_SH - 16);
	st->gain_q24 = g->k;
	st->variance_q24 = g->p;
	st->steps = g->steps;
	st->chosen = g->chosen;
}
