/* SPDX-License-Identifier: GPL-2.0 */
/*
 * online.h - closed loop: a predictor and policy from predictors/ choose
 * the OPP of every epoch from the counters of the one before, as the
 * governor would on this GPU.
 */
#ifndef SIM_ONLINE_H
#define SIM_ONLINE_H

#include <stdio.h>
#include "gpu.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "coremem_gpu.h"

struct sim_online_opts {
	enum gpugov_pred_id pred;
	struct gpugov_policy_params policy;
	u64 epoch_ns;
	FILE *trace;		/* sample trace of what the policy saw, or NULL */
	/* per-SM V/f domains: one governor per SM, its samples to its
	 * trace (sim_online_per_sm()) */
	FILE *const *sm_trace;
	const char *source;
	/* --coremem-gpu: replaces the description made from the GPU */
	const struct coremem_gpu_sel *coremem;
};

/*
 * Largest --target: the controller takes any u64 rate (gpugov_grape.h);
 * 10^12 warp instructions per second is 30x a 15-SM GPU's peak here.
 */
#define SIM_TARGET_MAX	1000000000000ULL

/*
 * @opp_epochs: epochs at each OPP; per-SM domains: SM-epochs at each core
 * clock (the table of sim_online_per_sm())
 */
struct sim_online_result {
	u64 epochs;
	u64 insts;		/* warp instructions committed */
	double ns;		/* busy time of the workload */
	double pj;
	u64 opp_epochs[GPUGOV_MAX_OPPS];
};

void sim_online_target(struct gpugov_policy_params *p, u64 target,
		       u32 idle_uw);
int sim_online(struct sim *x, const struct sim_online_opts *o,
	       struct sim_online_result *r, char *err);
int sim_online_per_sm(struct sim *x, const struct sim_online_opts *o,
		      struct sim_online_result *r, char *err);

#endif /* SIM_ONLINE_H */
