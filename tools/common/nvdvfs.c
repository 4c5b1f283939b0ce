// SPDX-License-Identifier: GPL-2.0
/*
 * nvdvfs.c - NV-DVFS-Benchmark rows as DESIGN.md section 2 samples.
 *
 * Mapping (per kernel launch, nvprof metrics at the row's clock pair):
 *   interval_ns = busy_ns = time/ms * 10^6 (the kernel keeps the GPU busy)
 *   core_khz, mem_khz     = coreF, memF (MHz) * 1000
 *   warps                 = warps, or from the launch shape when empty:
 *                           blocks * ceil(threads per block / 32)
 *   occupancy_q16         = achieved_occupancy
 *   l2_txn                = l2_read + l2_write transactions
 *   dram_txn              = dram_read + dram_write transactions
 *   l2_hits               = l2_txn - dram_txn (at least 0)
 *   shm_txn               = shared_load + shared_store transactions
 *   gld_txn, gst_txn      = gld_transactions, gst_transactions
 *   insts                 = inst_per_warp * warps (warp instructions)
 *   mem_insts             = l2_txn + shared loads + shared stores / 4,
 *                           as the seed 001 authors count memory work
 * Power (power/W), where present, is returned for the energy column.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "nvdvfs.h"

static int need(const struct csvtab *t, const char *name, int *col, char *err,
		size_t errlen)
{
	*col = csvtab_need(t, name, err, errlen);
	return *col < 0 ? -1 : 0;
}

int nvdvfs_cols_find(const struct csvtab *t, struct nvdvfs_cols *c,
		     char *err, size_t errlen)
{
	static const struct { const char *name; size_t off; } req[] = {
		{ "appName", offsetof(struct nvdvfs_cols, app) },
		{ "kernel", offsetof(struct nvdvfs_cols, kernel) },
		{ "coreF", offsetof(struct nvdvfs_cols, core) },
		{ "memF", offsetof(struct nvdvfs_cols, mem) },
		{ "time/ms", offsetof(struct nvdvfs_cols, time_ms) },
		{ "blocks", offsetof(struct nvdvfs_cols, blocks) },
		{ "achieved_occupancy", offsetof(struct nvdvfs_cols, occ) },
		{ "l2_read_transactions", offsetof(struct nvdvfs_cols, l2r) },
		{ "l2_write_transactions", offsetof(struct nvdvfs_cols, l2w) },
		{ "dram_read_transactions", offsetof(struct nvdvfs_cols, drr) },
		{ "dram_write_transactions", offsetof(struct nvdvfs_cols, drw) },
		{ "shared_load_transactions", offsetof(struct nvdvfs_cols, shl) },
		{ "shared_store_transactions", offsetof(struct nvdvfs_cols, shs) },
		{ "gld_transactions", offsetof(struct nvdvfs_cols, gld) },
		{ "gst_transactions", offsetof(struct nvdvfs_cols, gst) },
		{ "inst_per_warp", offsetof(struct nvdvfs_cols, ipw) },
	};
	size_t i;

	for (i = 0; i < sizeof(req) / sizeof(req[0]); i++)
		if (need(t, req[i].name, (int *)((char *)c + req[i].off), err, errlen))
			return -1;
	c->arg = csvtab_col(t, "argNo");
	c->warps = csvtab_col(t, "warps");
	c->power_w = csvtab_col(t, "power/W");
	return 0;
}

/* Warps of a launch: the warps column, else the launch shape. */
int nvdvfs_warps(const struct csvtab *t, size_t row,
		 const struct nvdvfs_cols *c, double *warps, char *err,
		 size_t errlen)
{
	const char *shape = csvtab_str(t, row, c->blocks);
	unsigned long g[3], b[3];

	if (c->warps >= 0 && *csvtab_str(t, row, c->warps))
		return csvtab_num(t, row, c->warps, warps, err, errlen);
	if (sscanf(shape, " (%lu %lu %lu) (%lu %lu %lu)", &g[0], &g[1], &g[2],
		   &b[0], &b[1], &b[2]) != 6) {
		snprintf(err, errlen, "%s:%zu: no warps, and launch shape '%s' is not "
			 "\"(gx gy gz) (bx by bz)\"", t->path, t->line[row], shape);
		return -1;
	}
	*warps = (double)g[0] * g[1] * g[2] * ((b[0] * b[1] * b[2] + 31) / 32);
	return 0;
}

static u64 to_u64(double v)
{
	return v > 0 ? (u64)llround(v) : 0;
}

int nvdvfs_row_sample(const struct csvtab *t, size_t row,
		      const struct nvdvfs_cols *c, struct gpugov_sample *s,
		      double *power_w, char *err, size_t errlen)
{
	double core, mem, ms, w, occ, l2r, l2w, drr, drw, shl, shs, gld, gst, ipw;
	const struct { int col; double *v; } nums[] = {
		{ c->core, &core }, { c->mem, &mem }, { c->time_ms, &ms },
		{ c->occ, &occ }, { c->l2r, &l2r }, { c->l2w, &l2w },
		{ c->drr, &drr }, { c->drw, &drw }, { c->shl, &shl },
		{ c->shs, &shs }, { c->gld, &gld }, { c->gst, &gst },
		{ c->ipw, &ipw },
	};
	size_t i;

	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		if (csvtab_num(t, row, nums[i].col, nums[i].v, err, errlen))
			return -1;
	if (nvdvfs_warps(t, row, c, &w, err, errlen))
		return -1;
	if (!(w >= 1) || !(ms > 0) || !(core >= 1) || !(mem >= 1) ||
	    core > 4e6 || mem > 4e6) {
		snprintf(err, errlen, "%s:%zu: warps, time and clocks must be positive",
			 t->path, t->line[row]);
		return -1;
	}
	*power_w = 0;
	if (c->power_w >= 0 && csvtab_num(t, row, c->power_w, power_w, err, errlen))
		return -1;

	memset(s, 0, sizeof(*s));
	s->interval_ns = to_u64(ms * 1e6);
	s->busy_ns = s->interval_ns;
	s->core_khz = (u32)llround(core * 1000);
	s->mem_khz = (u32)llround(mem * 1000);
	s->warps = to_u64(w);
	s->occupancy_q16 = to_u64(occ * 65536);
	s->l2_txn = to_u64(l2r + l2w);
	s->dram_txn = to_u64(drr + drw);
	s->l2_hits = s->l2_txn - (s->dram_txn < s->l2_txn ? s->dram_txn : s->l2_txn);
	s->shm_txn = to_u64(shl + shs);
	s->gld_txn = to_u64(gld);
	s->gst_txn = to_u64(gst);
	s->insts = to_u64(ipw * w);
	s->mem_insts = s->l2_txn + to_u64(shl + shs / 4.0);
	s->caps = GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_MEM_TXN | GPUGOV_CAP_SHM_TXN |
		  GPUGOV_CAP_WARPS | GPUGOV_CAP_INSTS;
	return 0;
}
