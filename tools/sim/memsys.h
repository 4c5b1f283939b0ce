/* SPDX-License-Identifier: GPL-2.0 */
/*
 * memsys.h - the memory clock domain: interconnect, banked L2 and DRAM
 * channels, each bank and channel a FIFO server, so that latency grows
 * with queueing and bandwidth saturates (Wang & Chu section IV: dm_lat plus
 * dm_del per queued transaction).  Times are absolute, in femtoseconds.
 */
#ifndef SIM_MEMSYS_H
#define SIM_MEMSYS_H

#include "gpu_desc.h"

#define SIM_L2_MAX_LINES	(SIM_L2_MAX_KB * 1024 / SIM_LINE_BYTES)

/**
 * struct memsys - memory-side state
 * @tm_fs: memory clock period
 * @bank_free: when each L2 bank can start its next access
 * @chan_free: when each DRAM channel can start its next transfer
 * @l2_txn, @l2_hits, @dram_txn: event counters since the simulation began
 * @l2: L2 tags
 */
struct memsys {
	u64 tm_fs;
	u64 bank_free[SIM_MAX_BANKS];
	u64 chan_free[SIM_MAX_BANKS];
	u64 l2_txn;
	u64 l2_hits;
	u64 dram_txn;
	u64 l2[SIM_L2_MAX_LINES];
};

void memsys_init(struct memsys *m, const struct sim_gpu_desc *g);
void memsys_set_clock(struct memsys *m, u32 mem_khz);
u64 memsys_access(struct memsys *m, const struct sim_gpu_desc *g, u64 line,
		  u64 t_fs, int write);

#endif /* SIM_MEMSYS_H */
