/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ref_model.h - double-precision reference of the predictors and policies,
 * written from the formulas (CRISP eqs. 2-5, section 5.2; DESIGN.md
 * section 4) independently of the fixed-point code, to compare against.
 */
#ifndef GPUGOV_REF_MODEL_H
#define GPUGOV_REF_MODEL_H

#include <math.h>
#include "gpugov_predict.h"
#include "gpugov_policy.h"

#define REF_RATIO_MAX 65535.99998

static inline double ref_busy_ps(const struct gpugov_sample *s)
{
	double b = (double)s->busy_ns, i = (double)s->interval_ns;

	return (b < i ? b : i) * 1000.0;
}

/* a cycle counter as ps at the sample's clock, clamped to the busy time */
static inline double ref_part_ps(const struct gpugov_sample *s, u64 cyc)
{
	double ps = (double)cyc * 1e9 / s->core_khz;

	return fmin(ps, ref_busy_ps(s));
}

static inline double ref_linear(const struct gpugov_sample *s, u64 mem_cyc,
				double f2)
{
	double t = ref_busy_ps(s), mem = ref_part_ps(s, mem_cyc);

	return mem + (t - mem) * s->core_khz / f2;
}

/*
 * The memory clock ratio m1 / m2 by which gpugov_mem_ps() stretches
 * memory time; 1 where either clock is unknown (@m2 = 0: no memory clock).
 */
static inline double ref_mem_ratio(const struct gpugov_sample *s, double m2)
{
	if (!(s->caps & GPUGOV_CAP_MEM_KHZ) || !s->mem_khz || m2 <= 0)
		return 1.0;
	return s->mem_khz / m2;
}

/*
 * CRISP at core clock @f2 and memory clock @m2 (0: none); @core_cyc,
 * @wait_cyc: the parts of the load path in the core clock domain and in
 * the memory domain's queues; @l2_cyc, @dram_cyc: the L2's and the DRAM's
 * busy time.  The load path at f2, m2 (pred_crisp.c), with s = f1 / f2,
 * r = m1 / m2, C, W its parts and q = W * rho its load-caused queueing:
 * r * (LCP - C - W) + s * C + r * W - min((s - 1)+ * C, r * q)
 * + (r - 1)+ * min(C, q).
 */
static inline double ref_crisp(const struct gpugov_sample *s, u64 lcp_cyc,
			       u64 core_cyc, u64 wait_cyc, u64 l2_cyc,
			       u64 dram_cyc, double f2, double m2)
{
	double t = ref_busy_ps(s), f1 = s->core_khz, sc = f1 / f2;
	double rm = ref_mem_ratio(s, m2);
	double lcp = ref_part_ps(s, lcp_cyc);
	double lcore = fmin(ref_part_ps(s, core_cyc), lcp);
	double lwait = fmin(ref_part_ps(s, wait_cyc), lcp - lcore);
	double dram = ref_part_ps(s, dram_cyc);
	double q = t > 0 ? lwait * dram / t : 0;
	double lcp2 = rm * (lcp - lcore - lwait) + sc * lcore + rm * lwait -
		      fmin(fmax(0, (sc - 1) * lcore), rm * q) +
		      fmax(0, rm - 1) * fmin(lcore, q);
	double ls = fmin(ref_part_ps(s, s->load_stall_cyc), lcp);
	double ss = fmin(ref_part_ps(s, s->store_stall_cyc), t - lcp);
	double lcomp = lcp - ls, ccomp = t - lcp - ss, r;

	if (f2 > f1)
		r = lcp2 + rm * ss + sc * ccomp;
	else
		r = fmax(lcp2, sc * lcomp) + fmax(ccomp + rm * ss, sc * ccomp);
	r = fmax(r, sc * ref_part_ps(s, l2_cyc));
	return fmax(r, rm * dram);
}

/*
 * Least-squares fraction of busy time that scales, see pred_busy.c: from
 * the utilisations @busy at clocks @khz and the current one, @busy1 at @f1;
 * in @resid the largest distance of a point from the fitted line (in units
 * of @busy1; -1 where nothing is fitted).
 */
static inline double ref_busy_fraction(const u32 *khz, const double *busy,
				       int n, double f1, double busy1,
				       double *resid)
{
	double x[GPUGOV_BUSY_HIST], y[GPUGOV_BUSY_HIST];
	double xm = 0, ym = 0, sxx = 0, sxy = 0, c;
	int i, distinct = 0;

	*resid = -1;
	if (n < 2 || busy1 <= 0)
		return 1.0;
	for (i = 0; i < n; i++) {
		distinct |= khz[i] != khz[0];
		x[i] = fmin(f1 / khz[i], 32.0);
		y[i] = fmin(busy[i] / busy1, 32.0);
		xm += x[i] / n;
		ym += y[i] / n;
	}
	if (!distinct)
		return 1.0;
	for (i = 0; i < n; i++) {
		sxx += (x[i] - xm) * (x[i] - xm);
		sxy += (x[i] - xm) * (y[i] - ym);
	}
	c = sxy <= 0 || sxx <= 0 ? 0.0 : fmin(sxy / sxx, 1.0);
	*resid = 0;
	for (i = 0; i < n; i++)
		*resid = fmax(*resid, fabs(y[i] - ym - c * (x[i] - xm)));
	return c;
}

static inline double ref_energy_pj(const struct gpugov_power_params *pw,
				   const struct gpugov_opp_table *t, u32 i,
				   const struct gpugov_sample *s, double tps)
{
	const struct gpugov_opp *o = &t->opp[i];
	double v = o->uv ? o->uv / 1e6 : 1.0;
	double interval = (double)s->interval_ns * 1000.0, e;

	if (o->power_uw) {
		e = o->power_uw * tps / 1e6;
	} else {
		e = pw->dyn_uw * v * v * (s->core_khz / 1e6) *
		    ref_busy_ps(s) / 1e6;
		e += (pw->static_uw * v + pw->uncore_uw) * tps / 1e6;
	}
	if (interval > tps)
		e += (pw->idle_static_uw * v + pw->idle_uw) * (interval - tps) / 1e6;
	return e;
}

static inline double ref_ratio(double a, double b)
{
	if (b <= 0)
		return a > 0 ? REF_RATIO_MAX : 1.0;
	return fmin(a / b, REF_RATIO_MAX);
}

/**
 * struct ref_decision - the reference's view of one decision
 * @metric: objective at each OPP, relative to the OPP in force
 * @feasible_slack: for `energy`, limit - T/T(top) (>= 0 when feasible)
 * @chosen: chosen OPP
 */
struct ref_decision {
	double metric[GPUGOV_MAX_OPPS];
	double feasible_slack[GPUGOV_MAX_OPPS];
	u32 cur;
	u32 best;
	u32 chosen;
};

static inline void ref_decide(const struct gpugov_policy_params *p,
			      const struct gpugov_opp_table *t,
			      const struct gpugov_sample *s, const double *tps,
			      struct ref_decision *d)
{
	double e[GPUGOV_MAX_OPPS], limit = 1.0 + p->max_slowdown_pct / 100.0;
	u32 i, top = t->nr - 1;

	d->cur = gpugov_opp_nearest(t, s->core_khz, s->mem_khz);
	for (i = 0; i < t->nr; i++)
		e[i] = ref_energy_pj(&p->power, t, i, s, tps[i]);
	for (i = 0; i < t->nr; i++) {
		double re = ref_ratio(e[i], e[d->cur]);
		double rt = ref_ratio(tps[i], tps[d->cur]);
		double edp = fmin(re * rt, REF_RATIO_MAX);

		switch (p->objective) {
		case GPUGOV_OBJ_ENERGY:
			d->metric[i] = re;
			break;
		case GPUGOV_OBJ_ED2P:
			d->metric[i] = fmin(edp * rt, REF_RATIO_MAX);
			break;
		case GPUGOV_OBJ_EDP:
			d->metric[i] = edp;
			break;
		default:
			d->metric[i] = rt;
		}
		d->feasible_slack[i] = limit - ref_ratio(tps[i], tps[top]);
	}
	if (ref_busy_ps(s) <= 0) {
		d->best = d->chosen = 0;
		return;
	}
	if (p->objective == GPUGOV_OBJ_PERFORMANCE) {
		d->best = d->chosen = top;
		return;
	}
	d->best = top;
	for (i = 0; i < t->nr; i++) {
		if (p->objective == GPUGOV_OBJ_ENERGY && d->feasible_slack[i] < 0)
			continue;
		if (d->metric[i] < d->metric[d->best])
			d->best = i;
	}
	d->chosen = d->best;
	if (d->best != d->cur && p->hysteresis_pct &&
	    (p->objective != GPUGOV_OBJ_ENERGY || d->feasible_slack[d->cur] >= 0) &&
	    d->metric[d->best] > 1.0 - p->hysteresis_pct / 100.0)
		d->chosen = d->cur;
}

#endif /* GPUGOV_REF_MODEL_H */
