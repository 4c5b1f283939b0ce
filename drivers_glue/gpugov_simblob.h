/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_simblob.h - the binary sweep trace that gpugov_sim.ko replays.
 *
 * Text traces (trace format v1) are converted by tools/vm/gpugov-simblob
 * into this compact, fixed-layout form, which the module parses with a
 * few bounds checks instead of a text parser.  All integers are
 * little-endian.
 *
 *   struct gpugov_simblob_hdr          (hdr_size bytes)
 *   struct gpugov_simblob_opp[nr_opps] ascending core_khz
 *   u64 rec[nr_segs][nr_opps][nr_fields]
 *
 * rec[seg][opp] is segment @seg of the workload measured at OPP @opp;
 * its fields are enum gpugov_simblob_field in order.  A reader ignores
 * fields past the ones it knows and reads missing ones as 0, so the
 * field list may grow without a version change.
 */
#ifndef GPUGOV_SIMBLOB_H
#define GPUGOV_SIMBLOB_H

#include "gpugov_sample.h"

#define GPUGOV_SIMBLOB_MAGIC	"GPUGSIM1"
#define GPUGOV_SIMBLOB_VERSION	1
#define GPUGOV_SIMBLOB_MAX_SEGS	0x100000U
#define GPUGOV_SIMBLOB_MAX_SIZE	0x10000000U	/* 256 MiB */

enum gpugov_simblob_field {
	GPUGOV_SB_INTERVAL_NS,
	GPUGOV_SB_BUSY_NS,
	GPUGOV_SB_ENERGY_PJ,
	GPUGOV_SB_INSTS,
	GPUGOV_SB_LOAD_STALL_CYC,
	GPUGOV_SB_STORE_STALL_CYC,
	GPUGOV_SB_LCP_CYC,
	GPUGOV_SB_LOAD_OUT_CYC,
	GPUGOV_SB_LEAD_CYC,
	GPUGOV_SB_CRIT_CYC,
	GPUGOV_SB_DRAM_TXN,
	GPUGOV_SB_L2_HITS,
	GPUGOV_SB_L2_TXN,
	GPUGOV_SB_GLD_TXN,
	GPUGOV_SB_GST_TXN,
	GPUGOV_SB_MEM_INSTS,
	GPUGOV_SB_SHM_TXN,
	GPUGOV_SB_WARPS,
	GPUGOV_SB_OCCUPANCY_Q16,
	GPUGOV_SB_ENERGY_UJ,
	GPUGOV_SB_LCP_CORE_CYC,
	GPUGOV_SB_LCP_WAIT_CYC,
	GPUGOV_SB_L2_BUSY_CYC,
	GPUGOV_SB_DRAM_BUSY_CYC,
	GPUGOV_SB_NR_FIELDS,
};

/**
 * struct gpugov_simblob_hdr - blob header
 * @magic: GPUGOV_SIMBLOB_MAGIC, not NUL-terminated
 * @version: GPUGOV_SIMBLOB_VERSION
 * @hdr_size: size of this header (at least sizeof(struct gpugov_simblob_hdr))
 * @nr_opps: OPPs, 1..GPUGOV_MAX_OPPS
 * @nr_segs: segments, 1..GPUGOV_SIMBLOB_MAX_SEGS
 * @nr_fields: u64 fields per record, at least 2
 * @caps: GPUGOV_CAP_* of the counter fields that are valid
 * @flags: 0
 * @total_size: size of the whole blob in bytes
 */
struct gpugov_simblob_hdr {
	char magic[8];
	u32 version;
	u32 hdr_size;
	u32 nr_opps;
	u32 nr_segs;
	u32 nr_fields;
	u32 caps;
	u32 flags;
	u32 reserved;
	u64 total_size;
};

/**
 * struct gpugov_simblob_opp - one OPP of the simulated device
 * @core_khz: core clock
 * @mem_khz: memory clock or 0
 * @uv: supply voltage in uV or 0
 * @power_uw: busy power in uW or 0
 */
struct gpugov_simblob_opp {
	u32 core_khz;
	u32 mem_khz;
	u32 uv;
	u32 power_uw;
};

#endif /* GPUGOV_SIMBLOB_H */
