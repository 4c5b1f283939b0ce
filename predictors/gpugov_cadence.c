// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_cadence.c - learn the frame period from busy/idle alone.
 *
 * A stock driver gives busy/total per window and nothing of frames.  But
 * a paced GPU idles between frames, and work starts again at a vsync: the
 * onsets of work after idle come at multiples of the refresh period.  When
 * windows are shorter than a frame, each onset shows in them:
 *  - a window that follows one ending idle and holds busy time b started
 *    its work at end - b, if the work then ran to its end (contiguous);
 *  - a window that follows one ending busy and is busy only in part saw
 *    work end; work may have started again in it (a short idle gap, as at
 *    high load): if the next window is busy throughout it did, and the
 *    onset is taken at that next window's start (at most a window late).
 * The spacings between consecutive onsets are then multiples of the
 * period, give or take jitter; a longer idle gap (no frames for a while)
 * gives a large multiple, a skipped frame a multiple of 2.
 *
 * The period: for each spacing d as a candidate P0, the spacings that fit
 * a multiple m = 1..4 of it within P0/8 (jitter, the onset estimate's
 * error); the candidate fitted by most, of equal counts the longer (so
 * content at 30 Hz on a 60 Hz display gives 30 Hz), wins if it fits at
 * least 3/4 of the spacings up to 4.5 * P0 and at least 4 of them; then
 * P = sum of fitted spacings / sum of their m, the mean over all of them
 * (the error of each onset counts once, not once per spacing).  Work of no
 * periodicity (spacings spread at random) fits about a quarter: no period.
 */
#include "gpugov_cadence.h"

/* Spacings that fit a candidate within 1/CAD_TOL of it. */
#define CAD_TOL		8
/* Multiples of a candidate a spacing may be; beyond, an idle gap. */
#define CAD_MULT_MAX	4
#define CAD_FIT_MIN	4

/**
 * gpugov_cadence_init() - nothing seen, no period
 * @c: state
 */
void gpugov_cadence_init(struct gpugov_cadence *c)
{
	memset(c, 0, sizeof(*c));
	c->end = GPUGOV_CAD_IDLE;
}

/* The i-th onset, oldest first. */
static u64 cad_onset(const struct gpugov_cadence *c, u32 i)
{
	u32 first = c->nr < GPUGOV_CAD_ONSETS ? 0 : c->head;

	return c->onset_ns[(first + i) % GPUGOV_CAD_ONSETS];
}

/*
 * Whether spacing @d fits a multiple of @p0 (m, 1..CAD_MULT_MAX, in *@m);
 * *@gap when it is longer than the largest multiple: not a spacing of
 * frames at all.
 */
static bool cad_fits(u64 d, u64 p0, u32 *m, bool *gap)
{
	u64 k = div64_u64(d + p0 / 2, p0), near;

	*gap = d > p0 * CAD_MULT_MAX + p0 / 2;
	if (*gap || !k)
		return false;
	near = k * p0;
	*m = (u32)k;
	return (d > near ? d - near : near - d) <= p0 / CAD_TOL;
}

/* The period of the onsets, 0 if they show none (file comment). */
static u64 cad_period(const struct gpugov_cadence *c)
{
	u64 best_sum = 0, best_p0 = 0, d, p0, sum;
	u32 best_fit = 0, best_m = 0, i, j, fit, considered, msum, m;
	bool gap;

	for (i = 1; i < c->nr; i++) {
		p0 = cad_onset(c, i) - cad_onset(c, i - 1);
		if (p0 < GPUGOV_CAD_MIN_NS || p0 > GPUGOV_CAD_MAX_NS)
			continue;
		fit = 0;
		considered = 0;
		sum = 0;
		msum = 0;
		for (j = 1; j < c->nr; j++) {
			d = cad_onset(c, j) - cad_onset(c, j - 1);
			if (cad_fits(d, p0, &m, &gap)) {
				fit++;
				sum += d;
				msum += m;
			}
			considered += !gap;
		}
		if (fit < CAD_FIT_MIN || fit * 4 < considered * 3)
			continue;
		if (fit > best_fit || (fit == best_fit && p0 > best_p0)) {
			best_fit = fit;
			best_p0 = p0;
			best_sum = sum;
			best_m = msum;
		}
	}
	return best_fit ? div64_u64(best_sum, best_m) : 0;
}

static void cad_onset_add(struct gpugov_cadence *c, u64 t)
{
	if (c->nr && t <= c->last_ns)
		return;		/* a clock that did not advance: not an onset */
	c->onset_ns[c->head] = t;
	c->head = (c->head + 1) % GPUGOV_CAD_ONSETS;
	if (c->nr < GPUGOV_CAD_ONSETS)
		c->nr++;
	c->last_ns = t;
	c->period_ns = cad_period(c);
}

/**
 * gpugov_cadence_window() - what one window showed
 * @c: state
 * @end_ns: when the window ended (the governor's clock)
 * @interval_ns: its length
 * @busy_ns: the GPU-busy part of it
 *
 * Updates the onsets and the period (file comment).
 */
void gpugov_cadence_window(struct gpugov_cadence *c, u64 end_ns,
			   u64 interval_ns, u64 busy_ns)
{
	u64 start = end_ns - min_t(u64, interval_ns, end_ns);

	if (end_ns == start)
		return;		/* no time: a window that shows nothing */
	busy_ns = min_t(u64, busy_ns, end_ns - start);
	if (!busy_ns) {
		c->end = GPUGOV_CAD_IDLE;
		return;
	}
	if (busy_ns >= end_ns - start) {	/* busy throughout */
		if (c->end != GPUGOV_CAD_BUSY)
			cad_onset_add(c, start);
		c->end = GPUGOV_CAD_BUSY;
		return;
	}
	if (c->end == GPUGOV_CAD_BUSY) {
		c->end = GPUGOV_CAD_GAP;
		return;
	}
	cad_onset_add(c, end_ns - busy_ns);
	c->end = GPUGOV_CAD_BUSY;
}

/**
 * gpugov_cadence_end() - what a window as long as a frame showed of the
 *	GPU at its end, taking no onset: its work started at the window's
 *	start, a vsync of a phase already known (gpugov_frame.c, the phase held)
 * @c: state
 * @interval_ns: the window's length
 * @busy_ns: the GPU-busy part of it
 */
void gpugov_cadence_end(struct gpugov_cadence *c, u64 interval_ns, u64 busy_ns)
{
	if (!interval_ns)
		return;
	if (!busy_ns)
		c->end = GPUGOV_CAD_IDLE;
	else if (busy_ns >= interval_ns)
		c->end = GPUGOV_CAD_BUSY;
	else
		c->end = GPUGOV_CAD_GAP;
}

/**
 * gpugov_cadence_next() - the first vsync after @now_ns on the grid of
 *	period @period_ns through the last onset
 * @c: state
 * @period_ns: the period (learned or told), > 0
 * @now_ns: time
 *
 * Return: that time; @now_ns + @period_ns when no onset was seen (no
 * phase known).
 */
u64 gpugov_cadence_next(const struct gpugov_cadence *c, u64 period_ns,
			u64 now_ns)
{
	u64 k;

	if (!c->nr)
		return now_ns + period_ns;
	if (c->last_ns > now_ns)
		return c->last_ns;
	k = div64_u64(now_ns - c->last_ns, period_ns) + 1;
	return c->last_ns + k * period_ns;
}
