/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_deadline.h - the time bound of the `deadline` objective and the
 * miss factors it learns (gpugov_deadline.c).
 */
#ifndef GPUGOV_DEADLINE_H
#define GPUGOV_DEADLINE_H

#include "gpugov_sample.h"

struct gpugov_decision;
struct gpugov_policy_params;
struct gpugov_power_params;

/**
 * struct gpugov_deadline_state - what `deadline` learns of the model's
 * predictions at each OPP
 * @miss_q16: how much longer than predicted work has turned out at each
 *	OPP, Q16, at least 1.0 (decays back to 1.0)
 * @err_q16: the same, decaying more slowly: the error a move to that OPP
 *	must save more than
 * @expect_ps: busy time the last decision expected at @expect_opp
 * @expect_q16: @expect_ps as a share of that decision's interval, Q16
 * @expect_slow_q16: the slowdown T(f) / T(top) that decision predicted
 *	at @expect_opp against @expect_ref, Q16
 * @limit_ps: the longest busy time that decision allowed (0: not a
 *	`deadline` decision)
 * @limit_q16: @limit_ps as a share of that decision's interval, Q16
 * @expect_opp: OPP chosen by the last decision, GPUGOV_MAX_OPPS if none
 * @expect_ref: the fastest OPP that decision could choose
 * @expect_exact: @expect_ps cannot under-predict the sample's work: it is
 *	its time at the OPP it ran at, or an upper bound of it
 * @prev_q16: the slowdown against the top OPP predicted at each OPP for the
 *	sample before, Q16
 * @prev_sat: that sample was saturated and decided under `deadline`
 * @held_q16: @prev_q16 where the decision just made applied it (this
 *	sample saturated too), else 0
 * @spread_q16: how much the work varies from one interval to the next:
 *	the mean relative change of the busy share between consecutive
 *	unsaturated samples at the same OPP, or after a move from the share
 *	expected, Q16
 * @prior_q16: the weight the spread's running mean still gives the
 *	spread it started from (gpugov_deadline_limits()), Q16
 * @last_q16: the busy share of the last sample, Q16
 * @last_opp: its OPP, GPUGOV_MAX_OPPS if it was saturated or there was
 *	none since a restart
 */
struct gpugov_deadline_state {
	u32 miss_q16[GPUGOV_MAX_OPPS];
	u32 err_q16[GPUGOV_MAX_OPPS];
	u64 expect_ps;
	u64 expect_q16;
	u64 expect_slow_q16;
	u64 limit_ps;
	u64 limit_q16;
	u32 expect_opp;
	u32 expect_ref;
	bool expect_exact;
	u32 prev_q16[GPUGOV_MAX_OPPS];
	u32 held_q16[GPUGOV_MAX_OPPS];
	bool prev_sat;
	u32 spread_q16;
	u32 prior_q16;
	u32 last_q16;
	u32 last_opp;
};

void gpugov_deadline_init(struct gpugov_deadline_state *dl);
void gpugov_deadline_restart(struct gpugov_deadline_state *dl);
void gpugov_deadline_learn(struct gpugov_deadline_state *dl,
			   const struct gpugov_opp_table *t, u32 cur,
			   const struct gpugov_sample *s);
void gpugov_deadline_limits(const struct gpugov_deadline_state *dl,
			    const struct gpugov_policy_params *p,
			    const struct gpugov_sample *s, u64 top_ps,
			    u64 *limit_ps, u64 *down_ps);
bool gpugov_deadline_fits(const struct gpugov_deadline_state *dl, u32 opp,
			  u64 time_ps, u64 limit_ps);
bool gpugov_deadline_worth_moving(const struct gpugov_deadline_state *dl,
				  const struct gpugov_power_params *pw,
				  const struct gpugov_opp_table *t,
				  const struct gpugov_sample *s,
				  const struct gpugov_decision *d, u32 best);
void gpugov_deadline_recent(struct gpugov_deadline_state *dl,
			    const struct gpugov_decision *d,
			    const struct gpugov_sample *s);
u64 gpugov_deadline_time_ps(const struct gpugov_deadline_state *dl,
			    const struct gpugov_decision *d, u32 opp);
void gpugov_deadline_expect(struct gpugov_deadline_state *dl,
			    const struct gpugov_decision *d,
			    const struct gpugov_sample *s);

#endif /* GPUGOV_DEADLINE_H */
