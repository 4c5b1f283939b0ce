// SPDX-License-Identifier: GPL-2.0
/*
 * govstep.c - gpugov's decision on one sample, as the governor takes it.
 */
#include "govstep.h"

/**
 * govstep_init() - fresh state for a replay of @w
 * @g: state
 * @w: the trace (its core+memory model description)
 * @pred: model wanted
 * @params: policy parameters
 * @obj: objective, in place of @params' own
 */
void govstep_init(struct govstep *g, const struct sweep *w,
		  enum gpugov_pred_id pred,
		  const struct gpugov_policy_params *params,
		  enum gpugov_objective obj)
{
	g->pred = pred;
	g->params = *params;
	g->params.objective = obj;
	sweep_pred_init(&g->st, w);
	gpugov_policy_state_init(&g->ps);
}

/**
 * govstep_decide() - the OPP gpugov chooses after sample @s
 * @g: state
 * @t: OPP table
 * @r: the OPPs allowed now
 * @s: what the interval measured
 *
 * Return: the chosen OPP (also in g->d).
 */
u32 govstep_decide(struct govstep *g, const struct gpugov_opp_table *t,
		   const struct gpugov_opp_range *r,
		   const struct gpugov_sample *s)
{
	gpugov_pred_observe(&g->st, s);
	gpugov_decision_predict(&g->st, g->pred, s, t, &g->d);
	gpugov_decide_in(&g->params, &g->ps, t, r, s, &g->d);
	return g->d.chosen;
}
