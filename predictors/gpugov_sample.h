/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_sample.h - the canonical per-interval counter sample and the OPP
 * table every model and policy works on (DESIGN.md section 2).
 *
 * Units: time in ns, frequency in kHz, cycles in core cycles at the core
 * frequency in force during the interval.  A field is meaningful only if
 * its GPUGOV_CAP_* bit is set in @caps; interval_ns, busy_ns and core_khz
 * are always present.
 */
#ifndef GPUGOV_SAMPLE_H
#define GPUGOV_SAMPLE_H

#include "gpugov_shim.h"

#define GPUGOV_CAP_MEM_KHZ	BIT(0)	/* mem_khz */
#define GPUGOV_CAP_INSTS	BIT(1)	/* insts */
#define GPUGOV_CAP_LOAD_STALL	BIT(2)	/* load_stall_cyc */
#define GPUGOV_CAP_STORE_STALL	BIT(3)	/* store_stall_cyc */
#define GPUGOV_CAP_LCP		BIT(4)	/* lcp_cyc */
#define GPUGOV_CAP_LOAD_OUT	BIT(5)	/* load_out_cyc */
#define GPUGOV_CAP_LEAD		BIT(6)	/* lead_cyc */
#define GPUGOV_CAP_CRIT		BIT(7)	/* crit_cyc */
#define GPUGOV_CAP_MEM_TXN	BIT(8)	/* dram/l2/gld/gst txn, mem_insts */
#define GPUGOV_CAP_SHM_TXN	BIT(9)	/* shm_txn */
#define GPUGOV_CAP_WARPS	BIT(10)	/* warps, occupancy_q16 */
#define GPUGOV_CAP_ENERGY	BIT(11)	/* energy_uj */
#define GPUGOV_CAP_WAVES	BIT(12)	/* nr_waves, waves[] */
#define GPUGOV_CAP_LCP_PARTS	BIT(13)	/* lcp_core_cyc, lcp_wait_cyc */
#define GPUGOV_CAP_MEM_BUSY	BIT(14)	/* l2_busy_cyc, dram_busy_cyc */
#define GPUGOV_CAP_ALL		(BIT(15) - 1)

#define GPUGOV_MAX_WAVES	64
#define GPUGOV_MAX_OPPS		128

/**
 * struct gpugov_wave - one wavefront (warp) over one interval, for PCSTALL
 * @pc_start: PC (or code-region id) at the start of the interval
 * @pc_end: PC at the end of the interval, i.e. where the wave resumes
 * @insts: instructions the wave committed
 * @stall_cyc: cycles the wave was stalled on memory
 * @core_cyc: cycles the wave was resident
 * @age_rank: scheduling age, 0 = oldest
 */
struct gpugov_wave {
	u64 pc_start;
	u64 pc_end;
	u64 insts;
	u64 stall_cyc;
	u64 core_cyc;
	u32 age_rank;
};

/**
 * struct gpugov_sample - what the governor saw over one interval
 * @interval_ns: wall time of the interval
 * @busy_ns: GPU-busy part of it; every cycle counter lies within it
 * @core_khz: core frequency in force
 * @mem_khz: memory frequency in force (GPUGOV_CAP_MEM_KHZ)
 * @caps: GPUGOV_CAP_* bits of the valid optional fields
 * @insts: instructions (or work units) committed
 * @load_stall_cyc: CRISP T_LCP^stall, idle cycles classified as load stalls
 * @store_stall_cyc: CRISP T_CSP^stall, store-queue/MSHR-full stall cycles
 * @lcp_cyc: CRISP adjusted load critical path (T_Memory)
 * @lcp_core_cyc: the part of @lcp_cyc its misses spent in the core clock
 *	domain (L1 miss handling, and an interconnect and L2 on the core clock)
 * @lcp_wait_cyc: the part of @lcp_cyc its misses spent waiting behind other
 *	requests in the memory domain's queues
 * @l2_busy_cyc: cycles an L2 bank (slice) was busy in the core clock
 *	domain, mean over the banks; 0 where the L2 is not on the core clock
 * @dram_busy_cyc: time a DRAM channel's data bus was busy, mean over the
 *	channels, in core cycles
 * @load_out_cyc: cycles with at least one load miss outstanding (CRISP-L)
 * @lead_cyc: sum of leading-load latencies (LEAD)
 * @crit_cyc: critical path of dependent misses (CRIT)
 * @dram_txn: DRAM transactions
 * @l2_hits: L2 hits
 * @l2_txn: L2 transactions (hits + misses)
 * @gld_txn: global-load transactions
 * @gst_txn: global-store transactions
 * @mem_insts: memory instructions among @insts
 * @shm_txn: shared-memory transactions
 * @warps: warps executed in the interval
 * @occupancy_q16: achieved occupancy, active warps / max warps, Q16
 * @energy_uj: measured energy over the interval
 * @nr_waves: valid entries of @waves
 * @waves: per-wavefront records
 */
struct gpugov_sample {
	u64 interval_ns;
	u64 busy_ns;
	u32 core_khz;
	u32 mem_khz;
	u32 caps;
	u32 nr_waves;
	u64 insts;
	u64 load_stall_cyc;
	u64 store_stall_cyc;
	u64 lcp_cyc;
	u64 load_out_cyc;
	u64 lead_cyc;
	u64 crit_cyc;
	u64 dram_txn;
	u64 l2_hits;
	u64 l2_txn;
	u64 gld_txn;
	u64 gst_txn;
	u64 mem_insts;
	u64 shm_txn;
	u64 warps;
	u64 occupancy_q16;
	u64 energy_uj;
	u64 lcp_core_cyc;
	u64 lcp_wait_cyc;
	u64 l2_busy_cyc;
	u64 dram_busy_cyc;
	struct gpugov_wave waves[GPUGOV_MAX_WAVES];
};

/**
 * struct gpugov_opp - one operating point
 * @core_khz: core clock
 * @mem_khz: memory clock, 0 where the device has no memory domain
 * @uv: core supply voltage in microvolts (0 if unknown)
 * @power_uw: power at full activity from an energy model, 0 if unknown
 */
struct gpugov_opp {
	u32 core_khz;
	u32 mem_khz;
	u32 uv;
	u32 power_uw;
};

/**
 * struct gpugov_opp_table - operating points in ascending (core, mem) order
 * @nr: number of valid entries, 1..GPUGOV_MAX_OPPS
 * @opp: the entries
 */
struct gpugov_opp_table {
	u32 nr;
	struct gpugov_opp opp[GPUGOV_MAX_OPPS];
};

int gpugov_opp_table_check(const struct gpugov_opp_table *t);
u32 gpugov_opp_nearest(const struct gpugov_opp_table *t, u32 core_khz,
		       u32 mem_khz);

#endif /* GPUGOV_SAMPLE_H */
