// SPDX-License-Identifier: GPL-2.0
/*
 * pred_crisp.c - CRISP, the critical stalled path model (CRISP section 3),
 * and CRISP-L, its cheaper variant (section 5.3).
 *
 * Measured at f1 over a busy time T, with s = f1 / f2:
 *   T_LCP^comp = LCP - T_LCP^stall	overlapped computation
 *   T_CSP      = T - LCP		compute/store path
 *   T_CSP^comp = T_CSP - T_CSP^stall	pure computation
 * Going down in frequency (f2 <= f1), eqs. (3)-(5):
 *   T(f2) = max(LCP, s * T_LCP^comp)
 *	   + max(T_CSP^comp + T_CSP^stall, s * T_CSP^comp)
 * Going up (f2 > f1), section 5.2, which does not guess which pure
 * computation would become overlapped:
 *   T(f2) = LCP + T_CSP^stall + s * T_CSP^comp
 * CRISP-L replaces the adjusted load critical path by the cycles with at
 * least one load miss outstanding.  LCP and store stalls, the memory-bound
 * terms, follow the memory clock where the OPP moves it (gpugov_mem_ps()).
 *
 * CRISP keeps LCP constant in time because in its GPU everything past the
 * L1 is in another clock domain (section 2.2).  Where the interconnect and
 * the L2 run on the core clock (GPGPU-Sim's GTX 480 configuration; Maxwell's
 * one GPC clock), part of each miss's latency scales with the core clock.
 * Two counters split the path (GPUGOV_CAP_LCP_PARTS; each kept like
 * T_Memory, section 3.6, with one more timestamp per MSHR): C, its misses'
 * cycles in the core clock domain, and W, their waits behind other requests
 * in the memory domain's queues.  At f2 the core part takes s * C; the
 * extra (s - 1) * C of a slower clock first drains the queueing it no
 * longer causes (requests arrive that much slower, so a bandwidth-bound
 * path stays bandwidth-bound).  Only queueing that the memory's load
 * causes drains: W * rho of it, rho = B_DRAM / T the DRAM's utilisation
 * (B_DRAM below; rho = 1 where it is not counted): a burst of one warp's
 * requests queues as long at any clock, a saturated channel's queue
 * shrinks as the requests come more slowly.
 *
 * A slower memory clock (r = m1 / m2 > 1, an extension: the paper moves
 * the core clock only) stretches the memory parts by r, and where the
 * memory's load makes requests queue it hides the core part too.  The
 * misses in flight are bounded (MSHRs, warps), so the load path is a
 * closed loop: saturated, its round trip is the misses in flight times
 * the memory's service time (the asymptotic bound of a closed queueing
 * network), all of it memory clock; a request that is through the core
 * part sooner only waits longer in the queue, and the round trip scales
 * by r as a whole, C included.  Unsaturated (no load-caused queueing),
 * C stays as it is.  The load-caused queueing W * rho tells the two
 * apart, to first order: a slower memory hides (r - 1) * min(C, W * rho)
 * of the core part, all of it where the load-caused queueing is at least
 * C.  Without this a memory-bound kernel with an L2 on the core clock
 * (C about 15 % of its path) is predicted 8-10 % short at 40 % of the
 * top memory clock.  So, with x+ = max(0, x),
 *   LCP(f2) = r * (LCP - C - W) + s * C + r * W
 *	       - min((s - 1)+ * C, r * W * rho)
 *	       + (r - 1)+ * min(C, W * rho)
 * in place of LCP in both formulas above (going up, the drain term is 0,
 * as s < 1).  Without the counters C = W = 0, the paper's model.
 *
 * The L2 and the DRAM also bound the interval by their bandwidth, which
 * no latency path shows: each access holds an L2 bank (on the core clock,
 * some core cycles) and each transfer a DRAM channel's bus (memory
 * cycles).  With their mean busy times B_L2 (core domain) and B_DRAM
 * (GPUGOV_CAP_MEM_BUSY), no OPP runs the interval's traffic faster than
 * they serve it:
 *   T(f2) >= max(s * B_L2, B_DRAM * m1 / m2)
 * (a streaming kernel that is DRAM-bound at 300 MHz becomes L2-bound at
 * 100 MHz; one DRAM-bound at a high memory clock stays so at a lower one,
 * core-domain latency and all).
 */
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

/*
 * gpugov_mem_ps() of @ps at @o with its condition, whether @o moves the
 * sample's memory clock, decided once per OPP (@moves).
 */
static inline u64 crisp_mem_ps(const struct gpugov_sample *s,
			       const struct gpugov_opp *o, bool moves, u64 ps)
{
	return moves ? gpugov_scale_ps(ps, s->mem_khz, o->mem_khz) : ps;
}

/*
 * The load path at @o: LCP(f2) above, each memory part at @o's memory
 * clock (@moves: it is not the sample's); @lq (<= @wait) is the
 * load-caused part of the queueing, W * rho, which a slower core drains
 * and behind which a slower memory hides the core part.
 */
static inline u64 crisp_path_ps(const struct gpugov_sample *s,
				const struct gpugov_opp *o, bool moves,
				u64 lcp, u64 core, u64 wait, u64 lq)
{
	u64 score = gpugov_scale_ps(core, s->core_khz, o->core_khz);
	u64 mwait = crisp_mem_ps(s, o, moves, wait);
	u64 drained = score > core ?
		      min_t(u64, score - core, crisp_mem_ps(s, o, moves, lq)) :
		      0;
	u64 hid = min_t(u64, core, lq);
	u64 mhid = crisp_mem_ps(s, o, moves, hid);
	u64 path;

	path = gpugov_sat_add(crisp_mem_ps(s, o, moves, lcp - core - wait),
			      gpugov_sat_add(score, mwait - drained));
	return mhid > hid ? gpugov_sat_add(path, mhid - hid) : path;
}

/*
 * @lcp_cyc: the load path (CRISP's adjusted LCP, or CRISP-L's
 * load-outstanding cycles); @core_cyc, @wait_cyc: its parts in the core
 * clock domain and in the memory domain's queues, 0 if unknown
 */
static void crisp_predict_lcp(const struct gpugov_sample *s,
			      const struct gpugov_opp_table *t, u64 lcp_cyc,
			      u64 core_cyc, u64 wait_cyc, u64 *time_ps)
{
	u64 busy = gpugov_busy_ps(s);
	u32 f1 = s->core_khz, i;
	u64 lcp, lcore, lwait, lq, lstall, sstall, lcomp, ccomp;
	u64 l2 = 0, dram = 0;
	/* the sample's memory clock where gpugov_mem_ps() moves time */
	u32 m1 = (s->caps & GPUGOV_CAP_MEM_KHZ) ? s->mem_khz : 0;

	/* Clamp so that 0 <= stall <= path <= T whatever the counters say. */
	lcp = gpugov_cyc_part_ps(s, lcp_cyc);
	lcore = min_t(u64, gpugov_cyc_part_ps(s, core_cyc), lcp);
	lwait = min_t(u64, gpugov_cyc_part_ps(s, wait_cyc), lcp - lcore);
	lstall = min_t(u64, gpugov_cyc_part_ps(s, s->load_stall_cyc), lcp);
	sstall = min_t(u64, gpugov_cyc_part_ps(s, s->store_stall_cyc),
		       busy - lcp);
	lcomp = lcp - lstall;
	ccomp = busy - lcp - sstall;
	lq = lwait;
	if (s->caps & GPUGOV_CAP_MEM_BUSY) {
		l2 = gpugov_cyc_part_ps(s, s->l2_busy_cyc);
		dram = gpugov_cyc_part_ps(s, s->dram_busy_cyc);
		lq = busy ? gpugov_mul_div64(lwait, dram, busy) : 0;
	}

	for (i = 0; i < t->nr; i++) {
		const struct gpugov_opp *o = &t->opp[i];
		u32 f2 = o->core_khz;
		u64 lpath, cpath, mlcp, msstall, bw;

		/*
		 * gpugov_mem_ps()'s condition, once per OPP; each branch
		 * inlines its own crisp_path_ps(), the common one (the
		 * sample's memory clock, or none) without the memory terms.
		 */
		if (m1 && o->mem_khz && o->mem_khz != m1) {
			mlcp = crisp_path_ps(s, o, true, lcp, lcore, lwait, lq);
			msstall = crisp_mem_ps(s, o, true, sstall);
			bw = crisp_mem_ps(s, o, true, dram);
		} else {
			mlcp = crisp_path_ps(s, o, false, lcp, lcore, lwait, lq);
			msstall = sstall;
			bw = dram;
		}
		if (f2 > f1) {
			cpath = gpugov_scale_ps(ccomp, f1, f2);
			time_ps[i] = gpugov_sat_add(gpugov_sat_add(mlcp, msstall),
						    cpath);
		} else {
			lpath = max_t(u64, mlcp,
				      gpugov_scale_ps(lcomp, f1, f2));
			cpath = max_t(u64, gpugov_sat_add(ccomp, msstall),
				      gpugov_scale_ps(ccomp, f1, f2));
			time_ps[i] = gpugov_sat_add(lpath, cpath);
		}
		time_ps[i] = max_t(u64, time_ps[i],
				   max_t(u64, gpugov_scale_ps(l2, f1, f2), bw));
	}
}

static void crisp_predict(const struct gpugov_pred_state *st,
			  const struct gpugov_sample *s,
			  const struct gpugov_opp_table *t, u64 *time_ps)
{
	bool parts = s->caps & GPUGOV_CAP_LCP_PARTS;

	crisp_predict_lcp(s, t, s->lcp_cyc, parts ? s->lcp_core_cyc : 0,
			  parts ? s->lcp_wait_cyc : 0, time_ps);
}

static void crisp_l_predict(const struct gpugov_pred_state *st,
			    const struct gpugov_sample *s,
			    const struct gpugov_opp_table *t, u64 *time_ps)
{
	crisp_predict_lcp(s, t, s->load_out_cyc, 0, 0, time_ps);
}

const struct gpugov_predictor gpugov_pred_crisp = {
	.name = "crisp",
	.caps = GPUGOV_CAP_LCP | GPUGOV_CAP_LOAD_STALL | GPUGOV_CAP_STORE_STALL,
	.predict = crisp_predict,
};

const struct gpugov_predictor gpugov_pred_crisp_l = {
	.name = "crisp_l",
	.caps = GPUGOV_CAP_LOAD_OUT | GPUGOV_CAP_LOAD_STALL |
		GPUGOV_CAP_STORE_STALL,
	.predict = crisp_l_predict,
};
