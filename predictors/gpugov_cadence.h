/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_cadence.h - the frame period learned from the busy/idle cadence
 * of a stock driver's busy/total (gpugov_cadence.c).
 */
#ifndef GPUGOV_CADENCE_H
#define GPUGOV_CADENCE_H

#include "gpugov_shim.h"

/* Onsets remembered: 15 spacings to find a period in. */
#define GPUGOV_CAD_ONSETS	16
/* Periods it reports: 2 ms (500 Hz) to 100 ms (10 Hz). */
#define GPUGOV_CAD_MIN_NS	2000000ULL
#define GPUGOV_CAD_MAX_NS	100000000ULL

/* What the GPU was doing at the end of the last window, as far as known. */
enum gpugov_cad_end {
	GPUGOV_CAD_IDLE,	/* idle (or nothing seen yet) */
	GPUGOV_CAD_BUSY,	/* running work */
	GPUGOV_CAD_GAP,		/* work ended in it; more may have started */
};

/**
 * struct gpugov_cadence - onsets of work after idle, and the period found
 *	in their spacing
 * @onset_ns: the last onsets, a ring, oldest at @head once full
 * @nr: onsets in @onset_ns
 * @head: next slot to write
 * @end: enum gpugov_cad_end
 * @period_ns: the period, 0 while none is found (too few onsets, or
 *	spacings that are no multiples of one period)
 * @last_ns: the last onset: a vsync when the GPU was idle before it
 */
struct gpugov_cadence {
	u64 onset_ns[GPUGOV_CAD_ONSETS];
	u32 nr;
	u32 head;
	u32 end;
	u64 period_ns;
	u64 last_ns;
};

void gpugov_cadence_init(struct gpugov_cadence *c);
void gpugov_cadence_window(struct gpugov_cadence *c, u64 end_ns,
			   u64 interval_ns, u64 busy_ns);
void gpugov_cadence_end(struct gpugov_cadence *c, u64 interval_ns, u64 busy_ns);
u64 gpugov_cadence_next(const struct gpugov_cadence *c, u64 period_ns,
			u64 now_ns);

#endif /* GPUGOV_CADENCE_H */
