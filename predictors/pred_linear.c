// SPDX-License-Identifier: GPL-2.0
/*
 * pred_linear.c - the prior linear models STALL, LEAD and CRIT.
 *
 * Each estimates the non-scaling part T_Memory with one counter and
 * predicts T(f2) = T_Memory + (T - T_Memory) * f1 / f2 (CRISP eq. 2,
 * section 2.1).  As CRISP section 2.2 does, counting starts at the L1
 * miss, which is how the counters of DESIGN.md section 2 are defined.
 *   STALL: T_Memory = load stall cycles
 *   LEAD:  T_Memory = sum of leading-load latencies
 *   CRIT:  T_Memory = longest chain of dependent misses
 */
#include "gpugov_predict.h"

static void linear_predict(const struct gpugov_sample *s,
			   const struct gpugov_opp_table *t, u64 mem_cyc,
			   u64 *time_ps)
{
	u64 busy = gpugov_busy_ps(s), mem = gpugov_cyc_part_ps(s, mem_cyc);
	u32 i;

	for (i = 0; i < t->nr; i++)
		time_ps[i] = gpugov_linear_at_ps(s, busy, mem, &t->opp[i]);
}

static void stall_predict(const struct gpugov_pred_state *st,
			  const struct gpugov_sample *s,
			  const struct gpugov_opp_table *t, u64 *time_ps)
{
	linear_predict(s, t, s->load_stall_cyc, time_ps);
}

static void lead_predict(const struct gpugov_pred_state *st,
			 const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t, u64 *time_ps)
{
	linear_predict(s, t, s->lead_cyc, time_ps);
}

static void crit_predict(const struct gpugov_pred_state *st,
			 const struct gpugov_sample *s,
			 const struct gpugov_opp_table *t, u64 *time_ps)
{
	linear_predict(s, t, s->crit_cyc, time_ps);
}

const struct gpugov_predictor gpugov_pred_stall = {
	.name = "stall",
	.caps = GPUGOV_CAP_LOAD_STALL,
	.predict = stall_predict,
};

const struct gpugov_predictor gpugov_pred_lead = {
	.name = "lead",
	.caps = GPUGOV_CAP_LEAD,
	.predict = lead_predict,
};

const struct gpugov_predictor gpugov_pred_crit = {
	.name = "crit",
	.caps = GPUGOV_CAP_CRIT,
	.predict = crit_predict,
};
