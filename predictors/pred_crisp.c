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
 */
#include "gpugov_predict.h"
#include "gpugov_fixed.h"

static void crisp_predict_lcp(const struct gpugov_sample *s,
			      const struct gpugov_opp_table *t, u64 lcp_cyc,
			      u64 *time_ps)
{
	u64 busy = gpugov_busy_ps(s);
	u32 f1 = s->core_khz, i;
	u64 lcp, lstall, sstall, lcomp, ccomp;

	/* Clamp so that 0 <= stall <= path <= T whatever the counters say. */
	lcp = gpugov_cyc_part_ps(s, lcp_cyc);
	lstall = min_t(u64, gpugov_cyc_part_ps(s, s->load_stall_cyc), lcp);
	sstall = min_t(u64, gpugov_cyc_part_ps(s, s->store_stall_cyc),
		       busy - lcp);
	lcomp = lcp - lstall;
	ccomp = busy - lcp - sstall;

	for (i = 0; i < t->nr; i++) {
		const struct gpugov_opp *o = &t->opp[i];
		u32 f2 = o->core_khz;
		u64 lpath, cpath, mlcp = gpugov_mem_ps(s, lcp, o);
		u64 msstall = gpugov_mem_ps(s, sstall, o);

		if (f2 > f1) {
			cpath = gpugov_scale_ps(ccomp, f1, f2);
			time_ps[i] = gpugov_sat_add(mlcp + msstall, cpath);
			continue;
		}
		lpath = max_t(u64, mlcp, gpugov_scale_ps(lcomp, f1, f2));
		cpath = max_t(u64, ccomp + msstall,
			      gpugov_scale_ps(ccomp, f1, f2));
		time_ps[i] = gpugov_sat_add(lpath, cpath);
	}
}

static void crisp_predict(const struct gpugov_pred_state *st,
			  const struct gpugov_sample *s,
			  const struct gpugov_opp_table *t, u64 *time_ps)
{
	crisp_predict_lcp(s, t, s->lcp_cyc, time_ps);
}

static void crisp_l_predict(const struct gpugov_pred_state *st,
			    const struct gpugov_sample *s,
			    const struct gpugov_opp_table *t, u64 *time_ps)
{
	crisp_predict_lcp(s, t, s->load_out_cyc, time_ps);
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
