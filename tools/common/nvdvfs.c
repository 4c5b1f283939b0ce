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
 *                           as the Wang & Chu authors count memory work
 * Power (power/W), where present, is returned for the energy column.
 * Every value is range-checked; nothing is clamped or wrapped.
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

/*
 * Warps of a launch: the warps column, else the launch shape
 * "(gx gy gz) (bx by bz)": grid blocks times warps per block.  sscanf()'s
 * %lu would take "-8" as 2^64 - 8 and ignore what follows the shape, so
 * signs and trailing text are refused, and the product is taken in double
 * (the caller range-checks it) so that it cannot wrap.
 */
int nvdvfs_warps(const struct csvtab *t, size_t row,
		 const struct nvdvfs_cols *c, double *warps, char *err,
		 size_t errlen)
{
	const char *shape = csvtab_str(t, row, c->blocks);
	unsigned long g[3], b[3];
	int end = -1;

	if (c->warps >= 0 && *csvtab_str(t, row, c->warps))
		return csvtab_num(t, row, c->warps, warps, err, errlen);
	if (strpbrk(shape, "+-") ||
	    sscanf(shape, " (%lu %lu %lu) (%lu %lu %lu) %n", &g[0], &g[1], &g[2],
		   &b[0], &b[1], &b[2], &end) != 6 || end < 0 || shape[end]) {
		snprintf(err, errlen, "%s:%zu: column '%s': no warps, and launch shape "
			 "'%s' is not \"(gx gy gz) (bx by bz)\" of unsigned integers",
			 t->path, t->line[row], t->hdr[c->blocks], shape);
		return -1;
	}
	*warps = (double)g[0] * g[1] * g[2] * ceil((double)b[0] * b[1] * b[2] / 32);
	return 0;
}

/* A count column: a non-negative integer that fits 64 bits. */
static int count(const struct csvtab *t, size_t row, int col, u64 *v,
		 char *err, size_t errlen)
{
	return csvtab_uint(t, row, col, 1, U64_MAX, v, err, errlen);
}

/* A product of counts, refused when it does not fit 64 bits. */
static int fits(const struct csvtab *t, size_t row, const char *what, double v,
		u64 *out, char *err, size_t errlen)
{
	double r = round(v);

	if (!(r >= 0 && r < 0x1p64)) {
		snprintf(err, errlen, "%s:%zu: %s (%g) does not fit 64 bits",
			 t->path, t->line[row], what, v);
		return -1;
	}
	*out = (u64)r;
	return 0;
}

/* @a + @b into @out, refused when the sum does not fit 64 bits. */
static int sum(const struct csvtab *t, size_t row, const char *what, u64 a,
	       u64 b, u64 *out, char *err, size_t errlen)
{
	if (!__builtin_add_overflow(a, b, out))
		return 0;
	snprintf(err, errlen, "%s:%zu: %s do not fit 64 bits", t->path,
		 t->line[row], what);
	return -1;
}

static int positive(const struct csvtab *t, size_t row, int col, u64 v,
		    char *err, size_t errlen)
{
	if (v)
		return 0;
	snprintf(err, errlen, "%s:%zu: column '%s': %s is not positive", t->path,
		 t->line[row], t->hdr[col], csvtab_str(t, row, col));
	return -1;
}

/**
 * nvdvfs_power_w() - a mean power cell in W (also the generic layout's)
 * @t: table
 * @row: data row, 0-based
 * @col: the column, -1 if the file has none
 * @power_w: out, the power, 0 if there is no column or the cell is empty
 *	(not measured)
 * @err: buffer for the error message
 * @errlen: its size
 *
 * A power must be positive and fit an OPP's 32-bit uW power (1 uW to
 * 4294.967295 W).
 *
 * Return: 0, or -1 with "path:line: column 'name': ..." in @err.
 */
int nvdvfs_power_w(const struct csvtab *t, size_t row, int col,
		   double *power_w, char *err, size_t errlen)
{
	u64 uw;

	*power_w = 0;
	if (col < 0 || !*csvtab_str(t, row, col))
		return 0;
	if (csvtab_uint(t, row, col, 1e6, U32_MAX, &uw, err, errlen) ||
	    positive(t, row, col, uw, err, errlen))
		return -1;
	return csvtab_num(t, row, col, power_w, err, errlen);
}

/**
 * nvdvfs_row_sample() - one row as a sample
 * @t: table
 * @row: data row, 0-based
 * @c: its columns (nvdvfs_cols_find())
 * @s: out, the sample
 * @power_w: out, the row's power in W, 0 if the file has no power column
 *	or the row's cell is empty
 * @err: buffer for the error message
 * @errlen: its size
 *
 * Every value is checked: a number that is negative, out of its field's
 * range, or a sum or product that overflows is an error naming the file,
 * the line and the column, never a wrapped or clamped value.
 *
 * Return: 0, or -1 with the message in @err.
 */
int nvdvfs_row_sample(const struct csvtab *t, size_t row,
		      const struct nvdvfs_cols *c, struct gpugov_sample *s,
		      double *power_w, char *err, size_t errlen)
{
	u64 core, mem, ns, l2r, l2w, drr, drw, shl, shs, v;
	double w, occ, ipw;
	const struct { int col; u64 *v; } counts[] = {
		{ c->l2r, &l2r }, { c->l2w, &l2w }, { c->drr, &drr },
		{ c->drw, &drw }, { c->shl, &shl }, { c->shs, &shs },
		{ c->gld, &s->gld_txn }, { c->gst, &s->gst_txn },
	};
	size_t i;

	memset(s, 0, sizeof(*s));
	if (csvtab_uint(t, row, c->core, 1000, U32_MAX, &core, err, errlen) ||
	    positive(t, row, c->core, core, err, errlen) ||
	    csvtab_uint(t, row, c->mem, 1000, U32_MAX, &mem, err, errlen) ||
	    positive(t, row, c->mem, mem, err, errlen) ||
	    csvtab_uint(t, row, c->time_ms, 1e6, U64_MAX, &ns, err, errlen) ||
	    positive(t, row, c->time_ms, ns, err, errlen))
		return -1;
	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (count(t, row, counts[i].col, counts[i].v, err, errlen))
			return -1;
	if (csvtab_num(t, row, c->occ, &occ, err, errlen) ||
	    csvtab_num(t, row, c->ipw, &ipw, err, errlen) ||
	    nvdvfs_warps(t, row, c, &w, err, errlen))
		return -1;
	if (!(occ >= 0 && occ <= 1)) {
		snprintf(err, errlen, "%s:%zu: column '%s': %s is not in [0, 1]",
			 t->path, t->line[row], t->hdr[c->occ], csvtab_str(t, row, c->occ));
		return -1;
	}
	if (!(w >= 1) || ipw < 0) {
		snprintf(err, errlen, "%s:%zu: warps must be at least 1 and "
			 "inst_per_warp not negative", t->path, t->line[row]);
		return -1;
	}
	if (fits(t, row, "warps", w, &s->warps, err, errlen) ||
	    fits(t, row, "inst_per_warp * warps", ipw * w, &s->insts, err, errlen) ||
	    sum(t, row, "l2 read + write transactions", l2r, l2w, &s->l2_txn, err, errlen) ||
	    sum(t, row, "dram read + write transactions", drr, drw, &s->dram_txn, err, errlen) ||
	    sum(t, row, "shared load + store transactions", shl, shs, &s->shm_txn, err, errlen) ||
	    fits(t, row, "shared loads + stores / 4", shl + shs / 4.0, &v, err, errlen) ||
	    sum(t, row, "the memory instructions", s->l2_txn, v, &s->mem_insts, err, errlen) ||
	    nvdvfs_power_w(t, row, c->power_w, power_w, err, errlen))
		return -1;

	s->interval_ns = ns;
	s->busy_ns = ns;
	s->core_khz = (u32)core;
	s->mem_khz = (u32)mem;
	s->occupancy_q16 = (u64)llround(occ * 65536);
	s->l2_hits = s->l2_txn - (s->dram_txn < s->l2_txn ? s->dram_txn : s->l2_txn);
	s->caps = GPUGOV_CAP_MEM_KHZ | GPUGOV_CAP_MEM_TXN | GPUGOV_CAP_SHM_TXN |
		  GPUGOV_CAP_WARPS | GPUGOV_CAP_INSTS;
	return 0;
}
