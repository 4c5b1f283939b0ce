/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sm.h - one streaming multiprocessor: warp slots, issue schedulers,
 * arithmetic units, shared memory, the LSU with L1, MSHRs and store
 * queue, and the counters of crisp_count.h.
 */
#ifndef SIM_SM_H
#define SIM_SM_H

#include "sim_state.h"

u32 sm_step(struct sim *x, u32 id, u64 now);
int sm_can_place(const struct sim *x, const struct sim_sm *sm,
		 const struct sim_kernel *k);
void sm_place_block(struct sim *x, u32 id, const struct sim_kernel *k,
		    u32 bid, u64 now);
void sm_interval_begin(struct sim_sm *sm, u64 now);
void sm_account_to(struct sim_sm *sm, u64 end);
void sm_retime(const struct sim *x, struct sim_sm *sm);
u32 sm_waves(const struct sim_sm *sm, const struct sim_kernel *k, u64 end,
	     struct gpugov_wave *out, u32 max);
void sm_wave(const struct sim_sm *sm, const struct sim_kernel *k, u32 rank,
	     u64 end, struct gpugov_wave *out);

#endif /* SIM_SM_H */
