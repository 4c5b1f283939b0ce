/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpu.h - the whole simulated GPU: kernel launches, block dispatch, the
 * lockstep loop over SMs, OPP changes, intervals and snapshots.
 */
#ifndef SIM_GPU_H
#define SIM_GPU_H

#include "trace.h"
#include "sim_state.h"

/* Where an interval began, to turn cumulative counts into its own. */
struct sim_interval {
	u64 start_fs;
	u64 start_cyc[SIM_MAX_SM];	/* each SM's first cycle of it */
};

struct sim_state *sim_state_alloc(void);
void sim_init(struct sim *x, const struct sim_gpu_desc *g,
	      const struct sim_workload *w, struct sim_state *st, u64 seed);
void sim_copy(const struct sim *x, struct sim_state *dst,
	      const struct sim_state *src);
void sim_set_opp(struct sim *x, u32 opp);
void sim_set_sm_core(struct sim *x, u32 s, u32 core);
u32 sim_nr_opp(const struct sim *x);
void sim_interval_begin(struct sim *x, struct sim_interval *iv);
#define SIM_NO_LAUNCH	U32_MAX

int sim_run(struct sim *x, u64 stop_insts, u64 stop_fs, u32 stop_launch,
	    char *err);
void sim_interval_end(struct sim *x, const struct sim_interval *iv,
		      u64 interval_fs, struct gpugov_trace_rec *rec);
void sim_interval_end_sm(struct sim *x, const struct sim_interval *iv,
			 u64 interval_fs, u32 sm, struct gpugov_trace_rec *rec);

#endif /* SIM_GPU_H */
