// SPDX-License-Identifier: GPL-2.0
/*
 * openloop.c - MAPE of every predictor from the top OPP to each lower
 * one, the experiment of CRISP section 5.1 (measure at the nominal
 * 700 MHz, predict the six lower P-states).  The predictors are the ones
 * in predictors/, called exactly as the governor calls them.
 */
#include <stdio.h>
#include <string.h>

#include "openloop.h"

int sim_openloop_trace(const struct gpugov_trace *t, struct sim_openloop *r,
		       char *err, size_t errlen)
{
	const struct gpugov_opp_table *tab = &t->hdr.opps;
	const u32 top = tab->nr - 1;
	u64 pred_ps[GPUGOV_MAX_OPPS];
	u32 seg, j, p;
	int gpu = GPUGOV_CM_GTX980;

	memset(r, 0, sizeof(*r));
	if (t->hdr.kind != GPUGOV_TRACE_SWEEP ||
	    t->hdr.interval != GPUGOV_INTERVAL_SEGMENT) {
		snprintf(err, errlen, "open-loop accuracy needs a segment "
			 "sweep trace (equal work at every OPP)");
		return -1;
	}
	if (t->hdr.coremem_gpu[0]) {
		gpu = gpugov_coremem_gpu_find(t->hdr.coremem_gpu,
					      strlen(t->hdr.coremem_gpu));
		if (gpu < 0) {
			snprintf(err, errlen, "coremem-gpu '%s' is not a "
				 "built-in GPU description", t->hdr.coremem_gpu);
			return -1;
		}
	}
	for (seg = 0; seg < t->nr_seg; seg++) {
		const struct gpugov_trace_rec *base =
			gpugov_trace_sweep_at(t, seg, top);
		struct gpugov_pred_state ps;

		if (!base->s.busy_ns)
			continue;
		for (p = 0; p < GPUGOV_NR_PRED; p++) {
			gpugov_pred_init(&ps);
			ps.coremem = gpugov_coremem_gpu(gpu)->p;
			ps.coremem_gpu = gpu;
			gpugov_pred_observe(&ps, &base->s);
			if (gpugov_predict(&ps, p, &base->s, tab, pred_ps) != p)
				r->fallback[p]++;
			for (j = 0; j < top; j++) {
				double truth = gpugov_trace_sweep_at(t, seg, j)->s.busy_ns * 1e3;
				double ape = (pred_ps[j] > truth ? pred_ps[j] - truth :
					      truth - pred_ps[j]) / truth;

				r->sum_ape[p] += ape;
				if (ape > r->max_ape[p])
					r->max_ape[p] = ape;
			}
		}
		r->n += top;
	}
	return 0;
}
