// SPDX-License-Identifier: GPL-2.0
/*
 * rtfrontier.c - the frontier's choice at a frame's start.
 *
 * A governor that decides once a frame can know, at best, what every
 * frame already finished cost; this one knows it exactly, at every OPP
 * (the engine's sim_rt_frame_cost(), which the oracle reads for the frame
 * coming), and never the frame about to run.  So no causal per-frame
 * governor sees more: its janks and energy over a sweep of settings are
 * the frontier such a governor can reach (issue 33, docs/realtime.md).
 */
#include "rtfrontier.h"
#include "gpugov_fixed.h"

/*
 * The @rank-th largest of @v[0..@n) (@rank 1: the largest), by a partial
 * selection sort: @n is at most RT_FRONTIER_MAX_N.
 */
static u64 kth_largest(u64 *v, u32 n, u32 rank)
{
	u32 i, j, top;
	u64 t;

	for (i = 0; i < rank; i++) {
		top = i;
		for (j = i + 1; j < n; j++)
			if (v[j] > v[top])
				top = j;
		t = v[i];
		v[i] = v[top];
		v[top] = t;
	}
	return v[rank - 1];
}

/**
 * rt_frontier_opp() - the OPP for frame @frame, at its start
 * @rt: the run (frames before @frame are all done: the GPU runs them in
 *	order)
 * @fp: the row's settings
 * @frame: the frame starting
 *
 * Over the last min(n, RT_FRONTIER_MAX_N, @frame) finished frames, at each OPP k: T_k, the
 * rank-th longest time there (rank clamped to the frames there are), and
 * E_k, their energy if each ran at k and then idled out its period,
 * Σ pj + idle_uw_k * max(P - t, 0).  The OPP of least E_k among those with
 * T_k <= P * (100 - margin) / 100; the top OPP if none fits, or before
 * any frame has finished (where performance runs).
 *
 * Return: the OPP.
 */
u32 rt_frontier_opp(const struct sim_rt *rt, const struct rt_frontier *fp,
		    u32 frame)
{
	const struct sim_rt_scenario *sc = &rt->sc;
	u32 nr = sc->nr_opps, k, i, best = nr - 1;
	u32 n = min_t(u32, min_t(u32, fp->n, RT_FRONTIER_MAX_N), frame);
	u64 fit = div_u64(sc->period_ns * (100 - fp->margin_pct), 100);
	u64 t[RT_FRONTIER_MAX_N], e, ns, pj, best_e = U64_MAX;

	if (!n)
		return best;
	for (k = 0; k < nr; k++) {
		e = 0;
		for (i = 0; i < n; i++) {
			sim_rt_frame_cost(rt, frame - n + i, k, &ns, &pj);
			t[i] = ns;
			e += pj;
			if (ns < sc->period_ns)
				e += gpugov_mul_div64(sc->idle_uw[k],
						      sc->period_ns - ns, 1000);
		}
		if (kth_largest(t, n, min_t(u32, fp->rank, n)) > fit || e >= best_e)
			continue;
		best_e = e;
		best = k;
	}
	return best;
}
