/* SPDX-License-Identifier: GPL-2.0 */
/*
 * govstep.h - one decision of gpugov's policy on a sample, in the order
 * the governor takes it at each poll (governor/gpugov_poll.c): every model
 * sees the sample, the chosen one predicts every OPP, the objective picks
 * among the allowed ones.  `run` and `realtime` replay it alike.
 */
#ifndef GPUGOV_GOVSTEP_H
#define GPUGOV_GOVSTEP_H

#include "sweep.h"
#include "gpugov_policy.h"

/**
 * struct govstep - gpugov's state over one replay
 * @pred: the model wanted (it falls back as in the kernel)
 * @params: policy parameters, objective included
 * @st: every model's state
 * @ps: the objectives' state
 * @d: the last decision
 */
struct govstep {
	enum gpugov_pred_id pred;
	struct gpugov_policy_params params;
	struct gpugov_pred_state st;
	struct gpugov_policy_state ps;
	struct gpugov_decision d;
};

void govstep_init(struct govstep *g, const struct sweep *w,
		  enum gpugov_pred_id pred,
		  const struct gpugov_policy_params *params,
		  enum gpugov_objective obj);
u32 govstep_decide(struct govstep *g, const struct gpugov_opp_table *t,
		   const struct gpugov_opp_range *r,
		   const struct gpugov_sample *s);

#endif /* GPUGOV_GOVSTEP_H */
