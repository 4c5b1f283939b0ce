/* SPDX-License-Identifier: GPL-2.0 */
/*
 * govstep.h - one decision of gpugov's policy on a sample, as the governor
 * takes it at each tick (governor/gpugov_poll.c, predictors/gpugov_frame.c):
 * every model sees the sample, the chosen one predicts every OPP, the
 * objective picks among the allowed ones; in real time, with a deadline,
 * per frame and with checks inside it.  `run` and `realtime` replay it
 * alike.
 */
#ifndef GPUGOV_GOVSTEP_H
#define GPUGOV_GOVSTEP_H

#include "sweep.h"
#include "gpugov_frame.h"

/**
 * struct govstep - gpugov's state over one replay
 * @pred: the model wanted (it falls back as in the kernel)
 * @params: policy parameters, objective included
 * @st: every model's state
 * @ps: the objectives' state
 * @fr: the real-time state (deadline, checks inside a frame)
 * @d: the last decision
 * @used: the model it used
 * @now_ns: for govstep_decide(): the sum of the samples' intervals
 */
struct govstep {
	enum gpugov_pred_id pred;
	struct gpugov_policy_params params;
	struct gpugov_pred_state st;
	struct gpugov_policy_state ps;
	struct gpugov_frame_state fr;
	struct gpugov_decision d;
	enum gpugov_pred_id used;
	u64 now_ns;
};

void govstep_init(struct govstep *g, const struct sweep *w,
		  enum gpugov_pred_id pred,
		  const struct gpugov_policy_params *params,
		  enum gpugov_objective obj);
enum gpugov_frame_act govstep_tick(struct govstep *g,
				   const struct gpugov_opp_table *t,
				   const struct gpugov_opp_range *r,
				   const struct gpugov_sample *s, u64 now_ns,
				   u64 poll_ns);
u32 govstep_decide(struct govstep *g, const struct gpugov_opp_table *t,
		   const struct gpugov_opp_range *r,
		   const struct gpugov_sample *s);

#endif /* GPUGOV_GOVSTEP_H */
