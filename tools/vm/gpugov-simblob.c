// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov-simblob - convert a sweep trace (trace format v1) into the blob
 * that gpugov_sim.ko replays.
 *
 * usage: gpugov-simblob SWEEP.trace OUT.blob
 *
 * Load the result into a simulated GPU with
 *	cat OUT.blob > /sys/kernel/debug/gpugov_sim/gpugov_sim.0/trace
 * Segment k at OPP j of the trace becomes record (k, j) of the blob:
 * interval and busy time, energy, and every counter of DESIGN.md section 2
 * except the per-wave records.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "simblob.h"
#include "trace.h"

static int convert_rec(const struct gpugov_trace_rec *tr, u64 *r, u32 seg,
		       u32 opp)
{
	const struct gpugov_sample *s = &tr->s;

	if (!s->interval_ns) {
		fprintf(stderr, "gpugov-simblob: segment %u at OPP %u has no interval\n",
			seg, opp);
		return -EINVAL;
	}
	r[GPUGOV_SB_INTERVAL_NS] = s->interval_ns;
	r[GPUGOV_SB_BUSY_NS] = s->busy_ns < s->interval_ns ? s->busy_ns :
			       s->interval_ns;
	r[GPUGOV_SB_ENERGY_PJ] = tr->energy_pj;
	r[GPUGOV_SB_INSTS] = s->insts;
	r[GPUGOV_SB_LOAD_STALL_CYC] = s->load_stall_cyc;
	r[GPUGOV_SB_STORE_STALL_CYC] = s->store_stall_cyc;
	r[GPUGOV_SB_LCP_CYC] = s->lcp_cyc;
	r[GPUGOV_SB_LCP_CORE_CYC] = s->lcp_core_cyc;
	r[GPUGOV_SB_LCP_WAIT_CYC] = s->lcp_wait_cyc;
	r[GPUGOV_SB_L2_BUSY_CYC] = s->l2_busy_cyc;
	r[GPUGOV_SB_DRAM_BUSY_CYC] = s->dram_busy_cyc;
	r[GPUGOV_SB_LOAD_OUT_CYC] = s->load_out_cyc;
	r[GPUGOV_SB_LEAD_CYC] = s->lead_cyc;
	r[GPUGOV_SB_CRIT_CYC] = s->crit_cyc;
	r[GPUGOV_SB_DRAM_TXN] = s->dram_txn;
	r[GPUGOV_SB_L2_HITS] = s->l2_hits;
	r[GPUGOV_SB_L2_TXN] = s->l2_txn;
	r[GPUGOV_SB_GLD_TXN] = s->gld_txn;
	r[GPUGOV_SB_GST_TXN] = s->gst_txn;
	r[GPUGOV_SB_MEM_INSTS] = s->mem_insts;
	r[GPUGOV_SB_SHM_TXN] = s->shm_txn;
	r[GPUGOV_SB_WARPS] = s->warps;
	r[GPUGOV_SB_OCCUPANCY_Q16] = s->occupancy_q16;
	r[GPUGOV_SB_ENERGY_UJ] = s->energy_uj;
	return 0;
}

static int convert(const struct gpugov_trace *t, struct simblob *b)
{
	u32 seg, opp;

	if (t->hdr.kind != GPUGOV_TRACE_SWEEP) {
		fprintf(stderr, "gpugov-simblob: not a sweep trace\n");
		return -EINVAL;
	}
	if (simblob_alloc(b, t->hdr.opps.nr, t->nr_seg)) {
		fprintf(stderr, "gpugov-simblob: %u OPPs x %u segments not supported\n",
			t->hdr.opps.nr, t->nr_seg);
		return -EINVAL;
	}
	b->caps = t->hdr.caps & GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES;
	for (opp = 0; opp < b->nr_opps; opp++) {
		const struct gpugov_opp *o = &t->hdr.opps.opp[opp];

		b->opp[opp].core_khz = o->core_khz;
		b->opp[opp].mem_khz = o->mem_khz;
		b->opp[opp].uv = o->uv;
		b->opp[opp].power_uw = o->power_uw;
		if (!o->core_khz || (opp && o->core_khz <= b->opp[opp - 1].core_khz)) {
			fprintf(stderr, "gpugov-simblob: OPP core clocks must ascend strictly (OPP %u)\n",
				opp);
			return -EINVAL;
		}
	}
	for (seg = 0; seg < b->nr_segs; seg++) {
		for (opp = 0; opp < b->nr_opps; opp++) {
			const struct gpugov_trace_rec *tr =
				gpugov_trace_sweep_at(t, seg, opp);

			if (!tr) {
				fprintf(stderr, "gpugov-simblob: segment %u lacks OPP %u\n",
					seg, opp);
				return -EINVAL;
			}
			if (convert_rec(tr, simblob_rec(b, seg, opp), seg, opp))
				return -EINVAL;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace t;
	struct simblob b = { 0 };
	FILE *f;
	int rc = 1;

	if (argc != 3) {
		fprintf(stderr, "usage: gpugov-simblob SWEEP.trace OUT.blob\n");
		return 2;
	}
	if (gpugov_trace_load(argv[1], &t, err, sizeof(err))) {
		fprintf(stderr, "gpugov-simblob: %s\n", err);
		return 1;
	}
	if (!convert(&t, &b)) {
		f = fopen(argv[2], "wb");
		if (!f || simblob_write(&b, f) | fclose(f))
			perror(argv[2]);
		else
			rc = 0;
	}
	simblob_free(&b);
	gpugov_trace_free(&t);
	return rc;
}
