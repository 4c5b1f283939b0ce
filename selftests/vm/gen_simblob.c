// SPDX-License-Identifier: GPL-2.0
/*
 * gen_simblob.c - a synthetic sweep for the VM tests, written as a
 * gpugov_sim blob.
 *
 * usage: gen_simblob [-s SEGMENTS] [-o OPPS] [-p PHASE_LEN] [-t TRACE] OUT
 *
 * With -t it also writes the same sweep as a text trace (format v1), from
 * which tools/vm/gpugov-simblob must produce an identical blob.
 *
 * Deterministic integer arithmetic only.  Phases of PHASE_LEN segments
 * alternate between compute-bound, memory-bound and mixed work; each
 * segment is C core cycles of compute plus M ns of memory time that does
 * not scale with the core clock, inside a frame of at least 1 ms (so
 * light segments leave the GPU partly idle).  Counters follow the CRISP
 * definitions: lcp = memory time in core cycles, load stalls 80% of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "simblob.h"
#include "trace.h"

#define FRAME_NS	1000000ULL

static void fill(struct simblob *b, u32 phase_len)
{
	u32 s, o;

	for (o = 0; o < b->nr_opps; o++) {
		b->opp[o].core_khz = 200000 + o * (600000 / (b->nr_opps > 1 ?
						   b->nr_opps - 1 : 1));
		b->opp[o].uv = 700000 + o * (300000 / (b->nr_opps > 1 ?
					     b->nr_opps - 1 : 1));
	}
	b->caps = GPUGOV_CAP_INSTS | GPUGOV_CAP_LOAD_STALL |
		  GPUGOV_CAP_STORE_STALL | GPUGOV_CAP_LCP |
		  GPUGOV_CAP_LOAD_OUT | GPUGOV_CAP_LEAD | GPUGOV_CAP_CRIT |
		  GPUGOV_CAP_ENERGY;
	for (s = 0; s < b->nr_segs; s++) {
		u32 kind = (s / phase_len) % 3;
		u64 wiggle = (s * 7919ULL) % 97;
		u64 cyc = 0, mem_ns = 0;

		switch (kind) {
		case 0:		/* compute-bound */
			cyc = 400000 + wiggle * 2000;
			mem_ns = 20000 + wiggle * 100;
			break;
		case 1:		/* memory-bound */
			cyc = 40000 + wiggle * 200;
			mem_ns = 1200000 + wiggle * 1000;
			break;
		default:	/* mixed, lighter: partly idle */
			cyc = 120000 + wiggle * 500;
			mem_ns = 300000 + wiggle * 500;
			break;
		}
		for (o = 0; o < b->nr_opps; o++) {
			u64 *r = simblob_rec(b, s, o);
			u64 khz = b->opp[o].core_khz;
			u64 uv = b->opp[o].uv;
			u64 comp_ns = cyc * 1000000ULL / khz;
			u64 busy = comp_ns + mem_ns;
			u64 lcp = mem_ns * khz / 1000000ULL;
			/* P = 2 W * V^2 * f/1GHz + 0.8 W * V, in uW */
			u64 p_uw = 2000000ULL * uv / 1000 * uv / 1000000 *
				   khz / 1000000000ULL +
				   800000ULL * uv / 1000000;

			r[GPUGOV_SB_INTERVAL_NS] = busy > FRAME_NS ? busy :
						   FRAME_NS;
			r[GPUGOV_SB_BUSY_NS] = busy;
			r[GPUGOV_SB_ENERGY_PJ] = p_uw * busy / 1000;
			r[GPUGOV_SB_INSTS] = cyc * 2 + lcp / 8;
			r[GPUGOV_SB_LOAD_STALL_CYC] = lcp * 4 / 5;
			r[GPUGOV_SB_STORE_STALL_CYC] = lcp / 50;
			r[GPUGOV_SB_LCP_CYC] = lcp;
			r[GPUGOV_SB_LOAD_OUT_CYC] = lcp + lcp / 10;
			r[GPUGOV_SB_LEAD_CYC] = lcp * 9 / 10;
			r[GPUGOV_SB_CRIT_CYC] = lcp;
			r[GPUGOV_SB_ENERGY_UJ] = p_uw * busy / 1000000000ULL;
		}
	}
}

static int write_trace(const struct simblob *b, const char *path)
{
	struct gpugov_trace_hdr h;
	struct gpugov_trace_rec rec;
	FILE *f = fopen(path, "w");
	u32 s, o;
	int err;

	if (!f)
		return -1;
	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SWEEP, GPUGOV_INTERVAL_SEGMENT, 0);
	h.caps = b->caps;
	snprintf(h.device, sizeof(h.device), "gen_simblob");
	snprintf(h.source, sizeof(h.source), "selftests/vm/gen_simblob");
	h.opps.nr = b->nr_opps;
	for (o = 0; o < b->nr_opps; o++) {
		h.opps.opp[o].core_khz = b->opp[o].core_khz;
		h.opps.opp[o].uv = b->opp[o].uv;
	}
	err = gpugov_trace_write_header(f, &h);
	for (s = 0; s < b->nr_segs && !err; s++) {
		for (o = 0; o < b->nr_opps && !err; o++) {
			const u64 *r = simblob_rec((struct simblob *)b, s, o);

			memset(&rec, 0, sizeof(rec));
			rec.seg = s;
			rec.opp = o;
			rec.energy_pj = r[GPUGOV_SB_ENERGY_PJ];
			rec.s.interval_ns = r[GPUGOV_SB_INTERVAL_NS];
			rec.s.busy_ns = r[GPUGOV_SB_BUSY_NS];
			rec.s.core_khz = b->opp[o].core_khz;
			rec.s.caps = b->caps;
			rec.s.insts = r[GPUGOV_SB_INSTS];
			rec.s.load_stall_cyc = r[GPUGOV_SB_LOAD_STALL_CYC];
			rec.s.store_stall_cyc = r[GPUGOV_SB_STORE_STALL_CYC];
			rec.s.lcp_cyc = r[GPUGOV_SB_LCP_CYC];
			rec.s.lcp_core_cyc = r[GPUGOV_SB_LCP_CORE_CYC];
			rec.s.lcp_wait_cyc = r[GPUGOV_SB_LCP_WAIT_CYC];
			rec.s.l2_busy_cyc = r[GPUGOV_SB_L2_BUSY_CYC];
			rec.s.dram_busy_cyc = r[GPUGOV_SB_DRAM_BUSY_CYC];
			rec.s.load_out_cyc = r[GPUGOV_SB_LOAD_OUT_CYC];
			rec.s.lead_cyc = r[GPUGOV_SB_LEAD_CYC];
			rec.s.crit_cyc = r[GPUGOV_SB_CRIT_CYC];
			rec.s.energy_uj = r[GPUGOV_SB_ENERGY_UJ];
			err = gpugov_trace_write_rec(f, &h, &rec);
		}
	}
	return fclose(f) || err ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *trace = NULL;
	u32 segs = 200, opps = 7, phase = 10;
	struct simblob b;
	FILE *f;
	int c;

	while ((c = getopt(argc, argv, "s:o:p:t:")) != -1) {
		switch (c) {
		case 's': segs = strtoul(optarg, NULL, 0); break;
		case 'o': opps = strtoul(optarg, NULL, 0); break;
		case 'p': phase = strtoul(optarg, NULL, 0); break;
		case 't': trace = optarg; break;
		default: return 2;
		}
	}
	if (optind + 1 != argc || !phase) {
		fprintf(stderr, "usage: gen_simblob [-s SEGS] [-o OPPS] [-p PHASE] [-t TRACE] OUT\n");
		return 2;
	}
	if (simblob_alloc(&b, opps, segs)) {
		fprintf(stderr, "gen_simblob: bad size\n");
		return 1;
	}
	fill(&b, phase);
	f = fopen(argv[optind], "wb");
	if (!f || simblob_write(&b, f) || fclose(f)) {
		perror(argv[optind]);
		return 1;
	}
	if (trace && write_trace(&b, trace)) {
		perror(trace);
		return 1;
	}
	simblob_free(&b);
	return 0;
}
