// SPDX-License-Identifier: GPL-2.0
/*
 * mk_small_sweep.c - write a small, fully deterministic sweep trace for the
 * replay tests: 4 OPPs, 3 phases of 6 segments each.
 *
 * Ground truth per segment (times in ns, clocks in GHz): a memory time M
 * overlapped with C1 cycles of computation, then C2 cycles of pure
 * computation:  T(f) = max(M, C1 / f) + C2 / f.  Counters are those a
 * CRISP-capable GPU would report for that timeline; energy is
 * dyn * V^2 * (C1 + C2) + (static * V + uncore) * T.  The phases are
 * compute-bound, memory-bound, and memory-bound until the overlapped
 * computation covers the memory time at low clocks (CRISP, Fig. 2).
 *
 * usage: mk_small_sweep [REPEAT [OPPS]] > small.trace
 * REPEAT (default 1) repeats the three phases, for throughput benchmarks;
 * OPPS (default 4, at most GPUGOV_MAX_OPPS) core clocks evenly up to
 * 1 GHz, the voltage rising linearly from 0.5 V to 1 V.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace.h"


static const struct { double m_ns, c1, c2; } phases[] = {
	{ 2000, 1000, 90000 },		/* compute-bound */
	{ 80000, 4000, 6000 },		/* memory-bound */
	{ 40000, 30000, 8000 },		/* two-slope */
};

/* Segment k of phase p of repetition rep, at every OPP. */
static int write_segment(const struct gpugov_trace_hdr *h, long rep, u32 p, u32 k)
{
	/* segments of a phase differ a little, deterministically */
	double m = phases[p].m_ns * (1 + 0.03 * k);
	double c1 = phases[p].c1 * (1 + 0.02 * k), c2 = phases[p].c2;
	struct gpugov_trace_rec r;
	u32 o;

	for (o = 0; o < h->opps.nr; o++) {
		double ghz = h->opps.opp[o].core_khz / 1e6;
		double v = h->opps.opp[o].uv / 1e6;
		double ov = c1 / ghz, lpath = m > ov ? m : ov;
		double t = lpath + c2 / ghz;

		memset(&r, 0, sizeof(r));
		r.seg = (u32)((rep * ARRAY_SIZE(phases) + p) * 6 + k);
		r.opp = o;
		r.s.caps = h->caps;
		r.s.core_khz = h->opps.opp[o].core_khz;
		r.s.interval_ns = (u64)t;
		r.s.busy_ns = (u64)t;
		r.s.insts = (u64)(c1 + c2);
		r.s.lcp_cyc = (u64)(lpath * ghz);
		r.s.load_out_cyc = r.s.lcp_cyc;
		r.s.load_stall_cyc = (u64)((lpath - ov) * ghz);
		r.s.lead_cyc = (u64)(0.8 * m * ghz);
		r.s.crit_cyc = (u64)(m * ghz);
		r.energy_pj = (u64)(2.0 * v * v * (c1 + c2) * 1000 +
				    (0.8 * v + 0.2) * t * 1000);
		r.s.energy_uj = r.energy_pj / 1000000;
		if (gpugov_trace_write_rec(stdout, h, &r))
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	long repeat = argc > 1 ? strtol(argv[1], NULL, 10) : 1, rep;
	long nopps = argc > 2 ? strtol(argv[2], NULL, 10) : 4;
	struct gpugov_trace_hdr h;
	u32 p, k, o;

	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SWEEP, GPUGOV_INTERVAL_SEGMENT, 100000);
	snprintf(h.device, sizeof(h.device), "small");
	snprintf(h.source, sizeof(h.source), "mk_small_sweep");
	h.caps = GPUGOV_CAP_INSTS | GPUGOV_CAP_LOAD_STALL | GPUGOV_CAP_STORE_STALL |
		 GPUGOV_CAP_LCP | GPUGOV_CAP_LOAD_OUT | GPUGOV_CAP_LEAD | GPUGOV_CAP_CRIT |
		 GPUGOV_CAP_ENERGY;
	if (repeat < 1 || nopps < 1 || nopps > GPUGOV_MAX_OPPS) {
		fprintf(stderr, "usage: mk_small_sweep [REPEAT [OPPS]]\n");
		return 2;
	}
	h.opps.nr = (u32)nopps;
	for (o = 0; o < h.opps.nr; o++) {
		h.opps.opp[o].core_khz = (u32)(1000000 * (o + 1) / nopps);
		h.opps.opp[o].uv = 500000 + h.opps.opp[o].core_khz / 2;
	}
	if (gpugov_trace_write_header(stdout, &h))
		return 1;
	for (rep = 0; rep < repeat; rep++) {
		for (p = 0; p < ARRAY_SIZE(phases); p++) {
			for (k = 0; k < 6; k++) {
				if (write_segment(&h, rep, p, k))
					return 1;
			}
		}
	}
	return 0;
}
