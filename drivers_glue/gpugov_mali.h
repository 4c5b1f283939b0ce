/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_mali.h - what a Mali (Midgard/Bifrost) counter source fills in
 * struct gpugov_sample: the contract between the panfrost glue
 * (drivers_glue/panfrost/) and gpugov_sim's "mali" counter mode, which
 * gives the same fields, and only those, so that the VM tests exercise
 * exactly what the real glue hands gpugov.
 *
 * Mali's hardware counters are per block (job manager, tiler, L2/MMU,
 * shader cores) and count events, not per-warp stall classes, so the
 * sample carries:
 *
 *   insts           instructions executed by the shader cores
 *   load_stall_cyc  GPU cycles spent waiting on memory; the panfrost
 *                   glue approximates them with the cycles the L2 waits
 *                   for the external bus on reads (L2_EXT_AR_STALL, mean
 *                   over L2 slices), which under-states them (the
 *                   counter mapping is in docs/drivers.md)
 *   dram_txn        L2 external read + write beats
 *   l2_txn, l2_hits L2 lookups and the ones that hit
 *   gld_txn,        load/store unit reads and writes
 *   gst_txn
 *   mem_insts       load/store unit issues
 *
 * GPUGOV_MALI_CAPS is what a Mali source may set; it sets only what the
 * GPU has: Bifrost's L2 counts no hits, so the panfrost glue leaves
 * l2_hits, and with it GPUGOV_CAP_MEM_TXN, unset there and fills the
 * five memory fields on Midgard only.
 *
 * CRISP's critical-path counters, LEAD/CRIT latencies, per-wave records,
 * warp occupancy and a memory clock have no Mali counterpart, so the
 * models that need them (crisp, crisp_l, lead, crit, pcstall, coremem)
 * fall back to the busy-only model on Mali; stall runs.
 */
#ifndef GPUGOV_MALI_H
#define GPUGOV_MALI_H

#include "gpugov_sample.h"

#define GPUGOV_MALI_CAPS \
	(GPUGOV_CAP_INSTS | GPUGOV_CAP_LOAD_STALL | GPUGOV_CAP_MEM_TXN)

/**
 * gpugov_mali_view() - what a Mali counter source gives of a full sample
 * @out: the always-present fields, the Mali fields and their caps; the
 *	rest (a memory clock, the other counters, the waves) zero
 * @full: a sample with every counter (a simulator's)
 *
 * The offline tools and the VM tests replay Mali boards with it.
 */
static inline void gpugov_mali_view(struct gpugov_sample *out,
				    const struct gpugov_sample *full)
{
	memset(out, 0, offsetof(struct gpugov_sample, waves));
	out->interval_ns = full->interval_ns;
	out->busy_ns = full->busy_ns;
	out->core_khz = full->core_khz;
	out->caps = full->caps & GPUGOV_MALI_CAPS;
	out->insts = full->insts;
	out->load_stall_cyc = full->load_stall_cyc;
	out->dram_txn = full->dram_txn;
	out->l2_txn = full->l2_txn;
	out->l2_hits = full->l2_hits;
	out->gld_txn = full->gld_txn;
	out->gst_txn = full->gst_txn;
	out->mem_insts = full->mem_insts;
}

#endif /* GPUGOV_MALI_H */
