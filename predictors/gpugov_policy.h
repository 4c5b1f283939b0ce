/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_policy.h - power model and objectives: turn per-OPP time
 * predictions into a choice of OPP (DESIGN.md section 4).
 */
#ifndef GPUGOV_POLICY_H
#define GPUGOV_POLICY_H

#include "gpugov_sample.h"
#include "gpugov_grape.h"
#include "gpugov_deadline.h"
#include "gpugov_bounce.h"
#include "gpugov_predict.h"

enum gpugov_objective {
	GPUGOV_OBJ_PERFORMANCE,
	GPUGOV_OBJ_EDP,
	GPUGOV_OBJ_ED2P,
	GPUGOV_OBJ_ENERGY,
	GPUGOV_OBJ_TARGET,
	GPUGOV_OBJ_DEADLINE,
	GPUGOV_NR_OBJ,
};

/**
 * struct gpugov_power_params - power model coefficients (all in uW)
 * @dyn_uw: dynamic power at 1 V, 1 GHz and full activity;
 *	P_dyn = dyn_uw * V^2 * f / 1 GHz
 * @static_uw: static (leakage) power at 1 V; P_static = static_uw * V
 * @uncore_uw: constant power of the rest of the GPU while busy
 * @idle_uw: constant power while idle for the rest of the interval
 * @idle_static_uw: leakage while idle at 1 V (clock-gated, not
 *	power-gated); P_idle = idle_static_uw * V + idle_uw, so idling at a
 *	high voltage costs more.  Both 0: power-gated when idle
 *
 * Used where the OPP table carries no energy-model power; with an energy
 * model (every OPP has power_uw), busy power is that table's value.
 */
struct gpugov_power_params {
	u32 dyn_uw;
	u32 static_uw;
	u32 uncore_uw;
	u32 idle_uw;
	u32 idle_static_uw;
};

/**
 * struct gpugov_policy_params - tunables of the OPP choice
 * @objective: what to minimise
 * @max_slowdown_pct: GPUGOV_OBJ_ENERGY: allowed slowdown vs the top OPP, %
 * @util_pct: GPUGOV_OBJ_DEADLINE: share of the interval the predicted busy
 *	time may fill while the work's variation is not known, %; the rest
 *	is headroom for prediction error and for the next interval bringing
 *	more work (gpugov_deadline_limits())
 * @util_max_pct: GPUGOV_OBJ_DEADLINE: the largest share of the interval
 *	work that has shown it varies little may fill, %; at or below
 *	@util_pct, @util_pct's headroom always
 * @slack_pct: GPUGOV_OBJ_DEADLINE: slowdown of the work itself vs the top
 *	OPP that is always allowed, %; the whole bound where the work
 *	filled its interval (back-to-back work)
 * @hysteresis_pct: move only if the metric improves by more than this, %
 * @frame_period_us: GPUGOV_OBJ_DEADLINE: the frame period a compositor or
 *	game states, us, 0 for unknown (gpugov_frame.c)
 * @react: enum gpugov_react: how gpugov decides between the device's polls
 * @power: power model coefficients
 * @grape: GPUGOV_OBJ_TARGET: the GRAPE controller's goal and constants
 */
struct gpugov_policy_params {
	enum gpugov_objective objective;
	u32 max_slowdown_pct;
	u32 util_pct;
	u32 util_max_pct;
	u32 slack_pct;
	u32 hysteresis_pct;
	u32 frame_period_us;
	u32 react;
	struct gpugov_power_params power;
	struct gpugov_grape_params grape;
};

/**
 * struct gpugov_policy_state - what the objectives remember between
 * decisions
 * @grape: the GRAPE controller (`target`)
 * @grape_ready: @grape has been initialised for the current table
 * @deadline: `deadline`'s miss factors, learned whatever the objective
 * @bounce: `deadline`'s last move down and the hold a bounce set
 */
struct gpugov_policy_state {
	struct gpugov_grape_state grape;
	bool grape_ready;
	struct gpugov_deadline_state deadline;
	struct gpugov_bounce bounce;
};

enum gpugov_reason {
	GPUGOV_REASON_BEST,		/* minimum of the objective */
	GPUGOV_REASON_HYSTERESIS,	/* best not enough better: stayed */
	GPUGOV_REASON_PERFORMANCE,	/* objective is performance */
	GPUGOV_REASON_IDLE,		/* no busy time: lowest OPP */
	GPUGOV_REASON_TARGET,		/* GRAPE's choice for the target rate */
	GPUGOV_REASON_SATURATED,	/* deadline: busy all interval, demand unknown */
	GPUGOV_NR_REASON,
};

/**
 * struct gpugov_decision - everything a decision computed, for debugfs,
 * tracepoints and the replay tools
 * @cur: OPP index in force during the sample (nearest to its clocks)
 * @best: minimum of the objective before hysteresis
 * @chosen: the OPP to run next
 * @reason: enum gpugov_reason
 * @lo: lowest OPP the choice was made among (struct gpugov_opp_range)
 * @hi: highest
 * @bounded: @time_ps are upper bounds, not estimates (with @time_ps, set
 *	by gpugov_decision_predict())
 * @limit_ps: `deadline`: the longest busy time allowed (gpugov_deadline.c);
 *	0 under the other objectives
 * @time_ps: predicted busy time at each OPP
 * @energy_pj: predicted energy of the interval at each OPP
 * @metric_q16: objective at each OPP relative to @cur's (Q16, 1.0 at @cur)
 */
struct gpugov_decision {
	u32 cur;
	u32 best;
	u32 chosen;
	u32 reason;
	u32 lo;
	u32 hi;
	bool bounded;
	u64 limit_ps;
	u64 time_ps[GPUGOV_MAX_OPPS];
	u64 energy_pj[GPUGOV_MAX_OPPS];
	u64 metric_q16[GPUGOV_MAX_OPPS];
};

/**
 * struct gpugov_opp_range - the OPPs the device may run at now
 * @lo: index of the lowest allowed OPP
 * @hi: index of the highest, lo <= hi < the table's nr
 *
 * PM QoS requests (a thermal cooling device's cap among them), sysfs
 * min_freq/max_freq and disabled OPPs narrow what a devfreq device may
 * run at; the policy chooses only within this range.
 */
struct gpugov_opp_range {
	u32 lo;
	u32 hi;
};

extern const char *const gpugov_objective_names[GPUGOV_NR_OBJ];
extern const char *const gpugov_reason_names[GPUGOV_NR_REASON];

int gpugov_name_index(const char *const *names, int nr, const char *name,
		      size_t len);
int gpugov_objective_find(const char *name, size_t len);
void gpugov_policy_defaults(struct gpugov_policy_params *p);
void gpugov_policy_state_init(struct gpugov_policy_state *ps);
void gpugov_policy_restart(struct gpugov_policy_state *ps);
u64 gpugov_idle_uw(const struct gpugov_power_params *pw,
		   const struct gpugov_opp *o);
u64 gpugov_energy_pj(const struct gpugov_power_params *pw,
		     const struct gpugov_opp_table *t, u32 idx,
		     const struct gpugov_sample *s, u64 time_ps);
void gpugov_energies_pj(const struct gpugov_power_params *pw,
			const struct gpugov_opp_table *t,
			const struct gpugov_sample *s, const u64 *time_ps,
			u64 *energy_pj);
enum gpugov_pred_id gpugov_decision_predict(const struct gpugov_pred_state *st,
					    enum gpugov_pred_id wanted,
					    const struct gpugov_sample *s,
					    const struct gpugov_opp_table *t,
					    struct gpugov_decision *d);
/* gpugov_decide*() expect d's predictions from gpugov_decision_predict(). */
void gpugov_decide(const struct gpugov_policy_params *p,
		   struct gpugov_policy_state *ps,
		   const struct gpugov_opp_table *t,
		   const struct gpugov_sample *s, struct gpugov_decision *d);
void gpugov_decide_in(const struct gpugov_policy_params *p,
		      struct gpugov_policy_state *ps,
		      const struct gpugov_opp_table *t,
		      const struct gpugov_opp_range *r,
		      const struct gpugov_sample *s, struct gpugov_decision *d);

#endif /* GPUGOV_POLICY_H */
