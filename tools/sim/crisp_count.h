/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crisp_count.h - the per-SM performance-counter hardware the models of
 * the CRISP paper assume: the section 3.5 cycle classification, the section 3.6
 * timestamp mechanism (adjusted load critical path), the CRIT critical
 * path, leading loads (LEAD) and load-outstanding cycles (CRISP-L).
 * Misses count from the L1, as CRISP section 2.2 adapts them to GPUs.
 */
#ifndef SIM_CRISP_COUNT_H
#define SIM_CRISP_COUNT_H

#include "gpugov_shim.h"

/**
 * struct crisp_flags - what the pipeline and L1 interface show in a cycle
 * @issued: instructions issued this cycle
 * @width: issue width
 * @load_out: at least one load miss outstanding
 * @store_out: at least one store outstanding
 * @lsu_raw: a warp waits on the result of an outstanding load
 * @arith_haz: a warp waits on an ALU/SFU/shared-memory result (RAW) or a
 *	busy arithmetic unit (structural hazard)
 * @res_full: a memory instruction is held because the MSHRs or the store
 *	queue are full
 * @conflict: shared memory is replaying a bank conflict (resolved at
 *	core speed)
 * @fetch_stall: front end waits on an instruction miss (not modelled: 0)
 */
struct crisp_flags {
	u8 issued;
	u8 width;
	u8 load_out;
	u8 store_out;
	u8 lsu_raw;
	u8 arith_haz;
	u8 res_full;
	u8 conflict;
	u8 fetch_stall;
};

enum crisp_class {
	CRISP_BUSY,		/* issuing: computation */
	CRISP_COMP,		/* idle, classified as computation */
	CRISP_LOAD_STALL,	/* T_LCP^stall */
	CRISP_STORE_STALL,	/* T_CSP^stall */
	CRISP_NR_CLASS,
};

/**
 * struct crisp_parts - two parts of a miss's latency, or of the load
 * path's, in core cycles
 * @core: spent in the core clock domain
 * @wait: spent waiting in the memory domain's queues behind other
 *	requests (an L2 bank's memory-clock service, a DRAM channel or bank)
 */
struct crisp_parts {
	s64 core;
	s64 wait;
};

/**
 * struct crisp_ts - timestamps of one outstanding load miss (one MSHR)
 * @lcp: adjusted-LCP counter when the miss left the L1
 * @lcp_parts: the parts of that path then (@lcp_parts of struct crisp_ctr)
 * @crit: CRIT counter when the miss left the L1
 * @issue: core cycle it left
 * @own: the parts of its own round trip
 * @lead: it is a leading load
 */
struct crisp_ts {
	s64 lcp;
	struct crisp_parts lcp_parts;
	s64 crit;
	u64 issue;
	struct crisp_parts own;
	u8 lead;
};

/**
 * struct crisp_ctr - one SM's counters over the current interval
 * @start: core cycle the interval began
 * @cyc: cycles per enum crisp_class; they partition the interval
 * @lcp: adjusted load critical path, T_Memory of CRISP section 3.6
 * @lcp_parts: the parts of the misses' latencies on that path
 * @crit: critical path of dependent misses (CRIT)
 * @lead: sum of leading-load latencies (LEAD)
 * @load_out: cycles with at least one load miss outstanding (CRISP-L)
 * @lead_pending: a leading load is outstanding (state, kept across
 *	intervals by crisp_reset(); crisp_init() starts a set with none)
 */
struct crisp_ctr {
	u64 start;
	u64 cyc[CRISP_NR_CLASS];
	s64 lcp;
	struct crisp_parts lcp_parts;
	s64 crit;
	u64 lead;
	u64 load_out;
	u8 lead_pending;
};

enum crisp_class crisp_classify(const struct crisp_flags *f);
void crisp_account(struct crisp_ctr *c, enum crisp_class cls, int load_out,
		   u64 ncyc);
void crisp_miss_issue(struct crisp_ctr *c, struct crisp_ts *ts, u64 now,
		      struct crisp_parts own);
void crisp_miss_return(struct crisp_ctr *c, const struct crisp_ts *ts,
		       u64 now);
void crisp_reset(struct crisp_ctr *c, u64 now);
void crisp_init(struct crisp_ctr *c, u64 now);
void crisp_rebase(const struct crisp_ctr *c, struct crisp_ts *ts);

#endif /* SIM_CRISP_COUNT_H */
