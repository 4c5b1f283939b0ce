/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_grape.h - GRAPE: hold a work rate (performance target) with
 * minimum cost (GRAPE, Algorithms 1-3), in fixed point.
 *
 * One control step per interval:
 *   Algorithm 1 (controller), rates divided by a unit rate (the goal at
 *   the first step, see struct gpugov_grape_state.unit):
 *	g(t)  = g_ff - alpha * (I/l - g_user)		internal goal, line 2,
 *     from the feed-forward goal g_ff (= g_user where the top OPP was never
 *     slower than the goal; see gpugov_grape_step())
 *	e(t)  = g(t) - h(t)					line 3
 *	x-(t) = x(t-1);  p-(t) = p(t-1) + Q			lines 4-5
 *	k(t)  = p- s' / (s'^2 p- + R)				line 6
 *	x(t)  = x- + k (h - s' x-)				line 7
 *	p(t)  = (1 - k s') p-					line 8
 *	w(t)  = 1 / x(t)					line 9
 *	s(t)  = s(t-1) + w(t) e(t)				line 10
 *     x is the base speed (rate at speedup 1, the lowest OPP), w the
 *     "workload"; s' is the modelled speedup of the OPP that ran.
 *   Algorithm 3 (model update), beta = 0.85, with clamping.
 *   Algorithm 2 (translator): the cheapest OPP whose modelled speedup is
 *     at least s(t).
 * See docs/grape.md for the model tables, the constants and the fixed
 * point.
 */
#ifndef GPUGOV_GRAPE_H
#define GPUGOV_GRAPE_H

#include "gpugov_sample.h"

/* Controller values are Q24: 1.0 == GPUGOV_GRAPE_ONE. */
#define GPUGOV_GRAPE_SHIFT	24
#define GPUGOV_GRAPE_ONE	BIT_ULL(GPUGOV_GRAPE_SHIFT)

/*
 * Largest absolute target, work units per second, that the interfaces
 * take (the sysfs store, gpugov-replay --target): 4.3 G per busy second,
 * far above a GPU's warp instruction rate.  The controller itself works
 * with any u64 target.
 */
#define GPUGOV_GRAPE_TARGET_MAX	U32_MAX

enum gpugov_grape_mode {
	GPUGOV_GRAPE_ABS,	/* target: work units per second */
	GPUGOV_GRAPE_PCT,	/* target: percent of the maximum rate, 1..100 */
	GPUGOV_GRAPE_NR_MODES,
};

/**
 * struct gpugov_grape_params - GRAPE tunables
 * @mode: enum gpugov_grape_mode, how @target is given
 * @target: GPUGOV_GRAPE_ABS: work units (e.g. instructions) per second of
 *	busy time, >= 1 (interfaces take up to GPUGOV_GRAPE_TARGET_MAX);
 *	GPUGOV_GRAPE_PCT: percent of the maximum rate, 1..100 (the maximum
 *	is struct gpugov_grape_obs.max_rate where the caller has it, else
 *	the model's base speed times its top speedup)
 * @alpha_q16: correction constant alpha of Algorithm 1 line 2, Q16,
 *	0..4.0 (default 1.0)
 * @beta_q16: learning rate beta of Algorithm 3, Q16, 1..1.0 (default 0.85)
 * @q: process noise Q of the Kalman filter, Q24, 0..1.0 (default 0.01)
 * @r: measurement noise R of the Kalman filter, Q24, 0..1.0 (default 0.01)
 * @x0: initial base-speed estimate x(0), Q24 of the unit rate (default 1.0)
 * @p0: initial variance p(0), Q24, 0..1.0 (default 0)
 * @history_shift: 0: I/l and the goal integral run since gpugov_grape_init()
 *	(the paper); n in 1..32: both forget with a time constant of 2^n
 *	steps, for a governor that runs indefinitely
 */
struct gpugov_grape_params {
	u32 mode;
	u64 target;
	u32 alpha_q16;
	u32 beta_q16;
	u32 q;
	u32 r;
	u64 x0;
	u32 p0;
	u32 history_shift;
};

/**
 * struct gpugov_grape_obs - what one interval showed the controller
 * @work: work units (instructions) committed in the interval
 * @time_ns: the busy time they took; 0 (idle) skips the control update
 * @cur_opp: index of the OPP in force during the interval
 * @power_uw: measured average power over the interval, 0 if unknown (the
 *	cost tables then keep their shape)
 * @max_rate: the work rate r_top the top OPP would give in the current
 *	phase (work units/s), e.g. gpugov_grape_max_rate() of a predictor's
 *	time at the top OPP; 0 to use the model's estimate (base speed times
 *	the top speedup).  The maximum of GPUGOV_GRAPE_PCT, and in both modes
 *	the phase balance of gpugov_grape_step()
 */
struct gpugov_grape_obs {
	u64 work;
	u64 time_ns;
	u32 cur_opp;
	u64 power_uw;
	u64 max_rate;
};

/**
 * struct gpugov_grape_state - controller state and learned tables
 * @nr: OPPs the tables were built for
 * @nr_mem: distinct memory clocks (1 on a single-domain table)
 * @chosen: the last decision
 * @unit: the rate, in work units/s, that the Q24 value 1.0 stands for: the
 *	user goal at the first step (0: not set yet)
 * @x: base speed estimate x(t), Q24 of @unit
 * @p: variance p(t), Q24, at most 256
 * @k: Kalman gain k(t), Q24
 * @s: speedup signal s(t), Q24
 * @goal: internal goal g(t), Q24 of @unit
 * @user_goal: g_user(t), Q24 of @unit
 * @h: measured rate h(t), Q24 of @unit
 * @err: e(t), Q24 of @unit
 * @work: I, work since init (decayed with history_shift), Q8 work units
 * @goal_work: integral of g_user over the same time, Q8 work units
 * @time_ns: l, busy time since init (decayed alike)
 * @fast_ns: U, over the intervals where the top OPP is faster than the
 *	user goal, the busy time it saves against the goal's pace, up to the
 *	last interval where it is slower (decayed alike)
 * @fast_new_ns: U', the same since that interval; it joins @fast_ns at
 *	the next slower one
 * @slow_ns: D, over the intervals where the top OPP is slower than the
 *	goal, the busy time it loses against the goal's pace (decayed alike)
 * @phi: min(1, D / U), the share of the fast intervals' saving that the
 *	slow ones take, Q24 (0 before any slow interval)
 * @plan: the feed-forward goal g_ff(t), Q24 of @unit
 * @p_unit: power in uW that a cost of 1.0 stands for (0: not set yet)
 * @steps: control steps taken
 * @speedup: modelled speedup of each OPP, Q24 (1.0 = lowest OPP)
 * @cost: modelled cost (power) of each OPP, Q24
 * @core_cost: core part of @cost, fixed, Q24
 * @mu: speedup at the top core clock of each memory level, Q24
 * @mu_top: upper clamp of the top memory level's @mu (its initial value)
 * @cmem: memory part of the cost of each memory level, Q24
 * @level: memory level of each OPP
 * @core_max: highest core clock of the table, kHz
 */
struct gpugov_grape_state {
	u32 nr;
	u32 nr_mem;
	u32 chosen;
	u64 unit;
	u64 x;
	u64 p;
	u64 k;
	u64 s;
	u64 goal;
	u64 user_goal;
	u64 h;
	s64 err;
	u64 work;
	u64 goal_work;
	u64 time_ns;
	u64 fast_ns;
	u64 fast_new_ns;
	u64 slow_ns;
	u64 phi;
	u64 plan;
	u64 p_unit;
	u64 steps;
	u64 speedup[GPUGOV_MAX_OPPS];
	u64 cost[GPUGOV_MAX_OPPS];
	u64 core_cost[GPUGOV_MAX_OPPS];
	u64 mu[GPUGOV_MAX_OPPS];
	u64 mu_top;
	u64 cmem[GPUGOV_MAX_OPPS];
	u8 level[GPUGOV_MAX_OPPS];
	u32 core_max;
};

/**
 * struct gpugov_grape_status - controller state in work units, for debugfs
 * and tracepoints
 * @user_goal_rate: g_user(t), work units/s
 * @goal_rate: internal goal g(t), work units/s
 * @measured_rate: h(t), work units/s
 * @base_rate: base speed estimate x(t), work units/s
 * @avg_rate: I/l, work units/s
 * @speedup_q16: s(t), Q16
 * @gain_q24: k(t)
 * @variance_q24: p(t)
 * @steps: control steps taken
 * @chosen: the last decision
 */
struct gpugov_grape_status {
	u64 user_goal_rate;
	u64 goal_rate;
	u64 measured_rate;
	u64 base_rate;
	u64 avg_rate;
	u64 speedup_q16;
	u64 gain_q24;
	u64 variance_q24;
	u64 steps;
	u32 chosen;
};

void gpugov_grape_defaults(struct gpugov_grape_params *p);
bool gpugov_grape_params_ok(const struct gpugov_grape_params *p);
void gpugov_grape_init(struct gpugov_grape_state *g,
		       const struct gpugov_grape_params *p,
		       const struct gpugov_opp_table *t);
u32 gpugov_grape_step(struct gpugov_grape_state *g,
		      const struct gpugov_grape_params *p,
		      const struct gpugov_opp_table *t,
		      const struct gpugov_grape_obs *o, const u64 *cost);
u32 gpugov_grape_translate(const struct gpugov_grape_state *g, u64 s,
			   const u64 *cost);
void gpugov_grape_obs_from_sample(const struct gpugov_sample *s,
				  const struct gpugov_opp_table *t,
				  struct gpugov_grape_obs *o);
u64 gpugov_grape_max_rate(u64 work, u64 top_time_ps);
void gpugov_grape_get_status(const struct gpugov_grape_state *g,
			     struct gpugov_grape_status *st);

#endif /* GPUGOV_GRAPE_H */
