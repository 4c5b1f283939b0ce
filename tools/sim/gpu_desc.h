/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpu_desc.h - the GPU the simulator models, read from a .gpu file
 * (docs/simulator.md lists every key).  Core-side latencies are in core
 * cycles, memory-side ones in memory-clock cycles.
 */
#ifndef SIM_GPU_DESC_H
#define SIM_GPU_DESC_H

#include "cache.h"
#include "gpugov_sample.h"
#include "sim_parse.h"

#define SIM_MAX_SM		32
#define SIM_MAX_WARPS		64	/* warp slots per SM */
#define SIM_MAX_BLOCKS		32	/* resident blocks per SM */
#define SIM_MAX_ISSUE		4
#define SIM_MAX_MSHR		128
#define SIM_MAX_SQ		128
#define SIM_MAX_CORE_OPP	16
#define SIM_MAX_MEM_OPP		4
#define SIM_MAX_BANKS		32
#define SIM_MAX_DRAM_BANKS	32	/* banks per DRAM channel */
#define SIM_LINE_BYTES		128
#define SIM_L1_MAX_KB		128	/* tag storage is part of the snapshot */
#define SIM_L2_MAX_KB		2048

enum sim_sched {
	SIM_SCHED_GTO,		/* greedy-then-oldest */
	SIM_SCHED_OLDEST,	/* loose oldest-first */
};

/**
 * struct sim_power - energy model coefficients
 * Core-domain event energies are in pJ at 1 V and scale with V^2; memory
 * energies are per transaction at the memory domain's fixed voltage;
 * static power is in uW at 1 V and scales with V; uncore power is
 * constant.
 */
struct sim_power {
	double inst_pj;		/* fetch/decode/schedule per warp instruction */
	double alu_pj;		/* per ALU warp instruction */
	double sfu_pj;		/* per SFU warp instruction */
	double shm_pj;		/* per shared-memory transaction */
	double l1_pj;		/* per L1 transaction (load or store) */
	double clk_pj;		/* clock tree per SM per core cycle */
	double l2_pj;		/* per L2 transaction */
	double dram_pj;		/* per DRAM transaction (read or write-back) */
	double static_uw;	/* core leakage at 1 V */
	double uncore_uw;	/* L2, memory controller, DRAM background */
};

struct sim_gpu_desc {
	char name[64];
	u32 sms;
	u32 warp_slots;
	u32 max_blocks;
	u32 issue_width;
	enum sim_sched sched;
	u32 alu_lat;
	u32 sfu_lat;
	u32 sfu_interval;	/* SFU busy cycles per warp instruction */
	u32 shm_lat;
	u32 l1_hit_lat;
	u32 l1_miss_lat;	/* core-side cycles added to every L1 miss */
	u32 l1_kb;
	u32 l1_ways;
	u32 mshrs;
	u32 store_queue;
	u32 icnt_lat;		/* memory cycles, each way */
	u32 l2_kb;
	u32 l2_ways;
	u32 l2_banks;
	u32 l2_lat;
	u32 l2_service;		/* memory cycles a bank is busy per access */
	u32 dram_channels;
	u32 dram_lat;
	u32 dram_service;	/* memory cycles a channel is busy per line */
	/* optional: the part of the L2 and interconnect in the core clock
	 * domain, core cycles (0: all of it in the memory domain) */
	u32 icnt_core_lat;	/* each way */
	u32 l2_core_lat;	/* L2 pipeline */
	u32 l2_core_service;	/* core cycles a bank is busy per access */
	/* optional: DRAM banks with row buffers (dram_banks 0: none) */
	u32 dram_banks;		/* banks per channel */
	u32 dram_row_lines;	/* lines in one row of a bank */
	u32 dram_trp;		/* precharge, memory cycles */
	u32 dram_trcd;		/* activate (row to column), memory cycles */
	u32 nr_core;
	u32 core_khz[SIM_MAX_CORE_OPP];
	u32 core_uv[SIM_MAX_CORE_OPP];
	u32 nr_mem;
	u32 mem_khz[SIM_MAX_MEM_OPP];
	struct sim_power pw;
	/* derived by sim_gpu_load() */
	struct cache_geom l1;
	struct cache_geom l2;
	struct sim_div banks;		/* line -> L2 bank */
	struct sim_div channels;	/* line -> DRAM channel */
};

int sim_gpu_load(struct sim_gpu_desc *g, const char *path, char *err);
void sim_gpu_opp_table(const struct sim_gpu_desc *g,
		       struct gpugov_opp_table *t);
double sim_gpu_peak_bw(const struct sim_gpu_desc *g, u32 mem_khz);

#endif /* SIM_GPU_DESC_H */
