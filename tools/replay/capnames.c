// SPDX-License-Identifier: GPL-2.0
/*
 * capnames.c - the trace columns behind GPUGOV_CAP_* bits (the column
 * table of docs/trace-format.md), for messages.
 */
#include <stdio.h>
#include "capnames.h"

static const struct {
	u32 cap;
	const char *cols;
} cap_cols[] = {
	{ GPUGOV_CAP_MEM_KHZ, "mem_khz" },
	{ GPUGOV_CAP_INSTS, "insts" },
	{ GPUGOV_CAP_LOAD_STALL, "load_stall_cyc" },
	{ GPUGOV_CAP_STORE_STALL, "store_stall_cyc" },
	{ GPUGOV_CAP_LCP, "lcp_cyc" },
	{ GPUGOV_CAP_LOAD_OUT, "load_out_cyc" },
	{ GPUGOV_CAP_LEAD, "lead_cyc" },
	{ GPUGOV_CAP_CRIT, "crit_cyc" },
	{ GPUGOV_CAP_MEM_TXN, "dram_txn/l2_hits/l2_txn/gld_txn/gst_txn/mem_insts" },
	{ GPUGOV_CAP_SHM_TXN, "shm_txn" },
	{ GPUGOV_CAP_WARPS, "warps/occupancy_q16" },
	{ GPUGOV_CAP_ENERGY, "energy_uj" },
	{ GPUGOV_CAP_WAVES, "per-wave records" },
};

/**
 * caps_columns() - "lcp_cyc, load_stall_cyc" for the bits of @caps
 * @caps: GPUGOV_CAP_* bits
 * @buf: out, the names separated by ", " (cut to fit)
 * @len: its size
 */
void caps_columns(u32 caps, char *buf, size_t len)
{
	size_t i, n = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < sizeof(cap_cols) / sizeof(cap_cols[0]); i++) {
		if (!(caps & cap_cols[i].cap) || n >= len)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
				      cap_cols[i].cols);
	}
}
