// SPDX-License-Identifier: GPL-2.0
/*
 * rt_bound.c - the latest a real-time run of a scenario can end.
 */
#include "rt_bound.h"

/**
 * rt_end_bound() - the latest a run of @sc can end
 * @sc: a scenario sim_rt_init() accepted
 * @nr_frames: its frames
 * @slack_ns: ns more, for the rounding of segments split between OPPs
 *	(the caller's count: up to 2 ns a stint)
 *
 * The GPU idles only while no frame waits, so the last frame is done at
 * most every segment's work at its slowest OPP after the last arrival;
 * the run ends one period after that arrival at the latest otherwise.
 * Capped at SIM_RT_TIME_MAX_NS, the engine's own bound.
 */
u64 rt_end_bound(const struct sim_rt_scenario *sc, u32 nr_frames, u64 slack_ns)
{
	u64 t = sc->period_ns * (nr_frames + 1ULL) + slack_ns, top, v;
	u32 s, k;

	for (s = 0; s < sc->nr_segs; s++) {
		top = 0;
		for (k = 0; k < sc->nr_opps; k++) {
			v = sc->rec[((size_t)s * sc->nr_opps + k) * GPUGOV_SB_NR_FIELDS +
				    GPUGOV_SB_BUSY_NS];
			top = max_t(u64, top, mul_u64_u64_div_u64(v, sc->scale_num,
								  sc->scale_den));
		}
		t += top;
		if (t > SIM_RT_TIME_MAX_NS)
			return SIM_RT_TIME_MAX_NS;
	}
	return t;
}
