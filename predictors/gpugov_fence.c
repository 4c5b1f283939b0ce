// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_fence.c - the frame deadline a counter source keeps for gpugov.
 *
 * The dma-fence contract (include/linux/dma-fence.h, dma_fence_ops
 * .set_deadline): a fence may be given several deadlines, from any
 * context; the soonest one counts, and one already in the past means
 * "now" (an immediate deadline, as a VRR display's vblank-start deadline
 * is).  A driver forwards the deadlines of all its fences to one source,
 * so the source keeps one deadline for the device, the soonest *pending*
 * one:
 *  - a deadline in the past is taken as now;
 *  - a new deadline replaces the one kept if that one is no longer
 *    pending (none kept, or already due: at or before now), else the
 *    sooner of the two stays (msm keeps its fence context's next deadline
 *    by the same rule, msm_fence_set_deadline());
 *  - gpugov reads it at each of its ticks; a deadline that is due by then
 *    is handed over once and cleared, so it stands as no later frame's
 *    boundary: the next frame's deadline replaces it, however late.
 * A pending deadline is handed over at every tick until it falls due or a
 * sooner one replaces it (gpugov_frame_fence() takes a repeated one as no
 * news).  The source learns no fence's signalling: a later deadline given
 * while a sooner one is pending is dropped, as the contract asks.
 *
 * The caller serialises both functions on one kept value (the kernel
 * source's lock, gpugov_source.c); 0 stands for "none", so a deadline at
 * time 0 is kept as 1 ns.
 */
#include "gpugov_fence.h"

/**
 * gpugov_fence_set() - a fence's deadline, given @now_ns
 * @kept_ns: the deadline kept, 0 for none
 * @deadline_ns: the new one, on the clock of @now_ns
 * @now_ns: now
 */
void gpugov_fence_set(u64 *kept_ns, u64 deadline_ns, u64 now_ns)
{
	u64 d = max_t(u64, max_t(u64, deadline_ns, now_ns), 1);

	if (!*kept_ns || *kept_ns <= now_ns || d < *kept_ns)
		*kept_ns = d;
}

/**
 * gpugov_fence_take() - the deadline kept, for gpugov's tick at @now_ns
 * @kept_ns: the deadline kept, 0 for none; cleared if due
 * @now_ns: the tick's time
 *
 * Return: the deadline kept (0 for none), due or pending.
 */
u64 gpugov_fence_take(u64 *kept_ns, u64 now_ns)
{
	u64 d = *kept_ns;

	if (d && d <= now_ns)
		*kept_ns = 0;
	return d;
}
