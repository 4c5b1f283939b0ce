/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtfrontier.h - the causal frontier of `gpugov-replay realtime
 * --frontier`: a per-frame governor with perfect hindsight, the bound on
 * what any governor that decides once a frame from past frames can do.
 */
#ifndef GPUGOV_RTFRONTIER_H
#define GPUGOV_RTFRONTIER_H

#include "sim_rt.h"

/* The longest look back: the statistic's working set, on the stack. */
#define RT_FRONTIER_MAX_N	64

/**
 * struct rt_frontier - one frontier row's settings
 * @n: finished frames it looks back on, 1..RT_FRONTIER_MAX_N
 * @rank: its statistic: the @rank-th longest of those frames at an OPP
 *	(1: the longest), 1..@n
 * @margin_pct: the statistic must fit in (100 - @margin_pct) % of the
 *	period, 0..99
 * @check_pct: 0, or the in-frame check: @check_pct % of the period after
 *	the frame arrived, a frame not yet done runs at the top OPP
 */
struct rt_frontier {
	u32 n;
	u32 rank;
	u32 margin_pct;
	u32 check_pct;
};

u32 rt_frontier_opp(const struct sim_rt *rt, const struct rt_frontier *fp,
		    u32 frame);

#endif /* GPUGOV_RTFRONTIER_H */
