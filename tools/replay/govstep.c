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
	g->now_ns = 0;
	sweep_pred_init(&g->st, w);
	gpugov_policy_state_init(&g->ps);
	gpugov_frame_init(&g->fr, w->t.hdr.opps.nr - 1);
}

/**
 * govstep_tick() - one window's tick (gpugov_frame_step())
 * @g: state
 * @t: OPP table
 * @r: the OPPs allowed now
 * @s: what the window measured
 * @now_ns: when it ended
 * @poll_ns: the device's own polling interval
 *
 * Return: what the tick did; the OPP to run at is g->fr.opp.
 */
enum gpugov_frame_act govstep_tick(struct govstep *g,
				   const struct gpugov_opp_table *t,
				   const struct gpugov_opp_range *r,
				   const struct gpugov_sample *s, u64 now_ns,
				   u64 poll_ns)
{
	const struct gpugov_frame_ctx c = {
		.p = &g->params, .st = &g->st, .ps = &g->ps, .wanted = g->pred,
		.t = t, .r = r,
	};
	const struct gpugov_frame_tick tk = {
		.w = s, .now_ns = now_ns, .poll_ns = poll_ns,
	};

	return gpugov_frame_step(&g->fr, &c, &tk, &g->d, &g->used);
}

/**
 * govstep_decide() - the OPP gpugov chooses after sample @s, one decision
 *	per sample as at the device's polls: samples one after another leave
 *	no time between them to react in, so reaction is off whatever the
 *	tunables say (`realtime` replays it: govstep_tick())
 * @g: state
 * @t: OPP table
 * @r: the OPPs allowed now
 * @s: what the interval measured
 *
 * Return: the OPP to run at (g->d holds the last decision).
 */
u32 govstep_decide(struct govstep *g, const struct gpugov_opp_table *t,
		   const struct gpugov_opp_range *r,
		   const struct gpugov_sample *s)
{
	g->params.react = GPUGOV_REACT_OFF;
	g->now_ns += s->interval_ns;
	govstep_tick(g, t, r, s, g->now_ns, s->interval_ns);
	return g->fr.opp;
}
