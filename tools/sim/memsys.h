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
 * @chan_free: when each DRAM channel's data bus can start its next transfer
 * @row_open: the row open in each DRAM bank of each channel, plus one
 *	(0: closed); used with a .gpu's dram_banks > 0
 * @dbank_free: when each DRAM bank can start its next access
 * @l2_txn, @l2_hits, @dram_txn: event counters since the simulation began
 * @row_hits, @row_conflicts: DRAM accesses that found their row open, and
 *	that found another row open in their bank (the rest found it closed)
 * @l2: L2 tags
 */
struct memsys {
	u64 tm_fs;
	u64 bank_free[SIM_MAX_BANKS];
	u64 chan_free[SIM_MAX_BANKS];
	u64 row_open[SIM_MAX_BANKS][SIM_MAX_DRAM_BANKS];
	u64 dbank_free[SIM_MAX_BANKS][SIM_MAX_DRAM_BANKS];
	u64 l2_txn;
	u64 l2_hits;
	u64 dram_txn;
	u64 row_hits;
	u64 row_conflicts;
	u64 l2[SIM_L2_MAX_LINES];
};

/**
 * struct mem_parts - two parts of one request's round trip, fs
 * @core_fs: in the core clock domain
 * @wait_fs: waiting in the memory domain's queues behind other requests
 */
struct mem_parts {
	u64 core_fs;
	u64 wait_fs;
};

void memsys_init(struct memsys *m, const struct sim_gpu_desc *g);
void memsys_set_clock(struct memsys *m, u32 mem_khz);
u64 memsys_access(struct memsys *m, const struct sim_gpu_desc *g, u64 line,
		  u64 t_fs, u64 tc_fs, int write, struct mem_parts *parts);

#endif /* SIM_MEMSYS_H */
