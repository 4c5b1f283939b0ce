// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_bounce.c - the `deadline` objective's guard against hunting
 * (docs/predictors.md, "Bounces").
 *
 * A decision sees one window of work.  Where the frame rate aliases with
 * the poll (a 50 Hz game under 50 ms polls: windows of two frames and of
 * three), or where the work sits just under an OPP's capacity, a light
 * window predicts that the next OPP down fits, and the window run there
 * says it does not: the clock goes down and straight back up, poll after
 * poll, forever (a steady 50 Hz game at 90 % load: 117 switches in 600
 * frames where simple_ondemand made none).  No model error is learned from
 * this (the bounded busy model cannot under-predict its own window), so
 * nothing else stops it.
 *
 * A move down is a move to another OPP predicted no faster for the work (a
 * table that pairs core and memory clocks has OPPs a model deems as fast
 * for it, and cheaper); a bounce is a move down that the next decision
 * undoes (it moves to an OPP predicted faster than the one moved to).  A
 * move is judged on BOUNCE_JUDGE decisions at b: the next decision's undo
 * is a bounce, and a later one among them when its window was busy all
 * through (windows shorter than a frame: one holding the frame's light part
 * moves down, the next stays, and the one the frame fills goes back up).
 * After a bounce back from OPP b, for a hold of H, the objective moves from
 * an OPP no slower than b only to OPPs predicted faster than b (or stays),
 * unless the work is lighter than when the move to b was made: the share of
 * the interval predicted at b at least 1/16 below the share predicted then.
 * Each OPP keeps its own hold: where windows shorter than a frame alternate
 * between the frame's work and its idle tail, the clock bounces back from
 * more than one OPP.  H starts at BOUNCE_MIN_NS and doubles with each
 * bounce up to BOUNCE_MAX_NS (back off, as a retransmission timer does); a
 * move down that holds halves it.  A hold only ever keeps a faster clock,
 * so it cannot cost a frame; it costs the energy between two OPPs while the
 * work is what it was, which is what the bounced move tried and failed to
 * save.
 */
#include "gpugov_bounce.h"
#include "gpugov_policy.h"
#include "gpugov_fixed.h"

/* The first bounce holds this long, and each one after it twice as long. */
#define BOUNCE_MIN_NS	(4ULL * 1000000000ULL)
#define BOUNCE_MAX_NS	(64ULL * 1000000000ULL)
/*
 * A move down is judged on this many decisions at the OPP moved to: a
 * frame up to twice a window long touches two or three windows.  A count,
 * not a time: the kernel measures each window on its own clock, and a
 * time threshold would fall on another window there than in the replay.
 */
#define BOUNCE_JUDGE	3
/* Work at least this much lighter (1/LIGHTER of the share) ends a hold. */
#define LIGHTER		16

/**
 * gpugov_bounce_init() - no move, no hold
 * @b: state
 */
void gpugov_bounce_init(struct gpugov_bounce *b)
{
	memset(b, 0, sizeof(*b));
}

/**
 * gpugov_bounce_restart() - after a resume: the last move is not the
 *	next decision's to undo; a hold and its length stay
 * @b: state
 */
void gpugov_bounce_restart(struct gpugov_bounce *b)
{
	b->fresh = false;
}

/* The share of an interval of @interval_ns that @time_ps fills, Q16. */
static u64 bounce_share(u64 time_ps, u64 interval_ns)
{
	return gpugov_ratio_q16(time_ps, gpugov_mul_div(interval_ns,
							GPUGOV_PS_PER_NS, 1));
}

/**
 * gpugov_bounce_cap_ps() - the time a hold bounds the decision by
 * @b: state
 * @d: the decision: d->cur in force, d->time_ps[] its predictions
 * @interval_ns: the interval it is made on
 *
 * Return: the least predicted time of the OPPs held off: those other than
 * d->cur, predicted no faster than it, whose hold lasts, where the work
 * is not lighter than when they were tried; U64_MAX for none.  An OPP
 * other than d->cur is allowed only if predicted faster than that.
 */
u64 gpugov_bounce_cap_ps(const struct gpugov_bounce *b,
			 const struct gpugov_decision *d, u64 interval_ns)
{
	const u64 *t = d->time_ps;
	u64 ips, cap = U64_MAX;
	u32 i;

	if (b->last_ns <= b->clock_ns || d->cur < d->lo || d->cur > d->hi)
		return cap;
	ips = gpugov_mul_div(interval_ns, GPUGOV_PS_PER_NS, 1);
	for (i = d->lo; i <= d->hi; i++) {
		if (b->until_ns[i] <= b->clock_ns || i == d->cur ||
		    t[d->cur] > t[i] || t[i] >= cap)
			continue;
		/* not lighter: share > q * (1 - 1/LIGHTER) */
		if (t[i] > gpugov_mul_q16(ips, b->q16[i] - b->q16[i] / LIGHTER))
			cap = t[i];
	}
	return cap;
}

/**
 * gpugov_bounce_note() - learn from the decision made: a bounce sets a
 *	hold, a move down is remembered for the next decision to judge
 * @b: state
 * @d: the decision, d->chosen final; only the `deadline` objective's
 *	(d->limit_ps set) are judged: an idle window's move to the lowest
 *	OPP and the work's return after it are no bounce
 * @interval_ns: the interval it was made on (the hold's clock)
 */
void gpugov_bounce_note(struct gpugov_bounce *b,
			const struct gpugov_decision *d, u64 interval_ns)
{
	const u64 *t = d->time_ps;
	u64 h;

	b->clock_ns = gpugov_sat_add(b->clock_ns, interval_ns);
	if (!d->limit_ps) {
		b->fresh = false;
		return;
	}
	if (b->fresh && d->cur == b->to && t[d->chosen] < t[d->cur] &&
	    (!b->seen || d->reason == GPUGOV_REASON_SATURATED)) {
		h = clamp_t(u64, b->hold_ns, BOUNCE_MIN_NS, BOUNCE_MAX_NS);
		b->until_ns[b->to] = gpugov_sat_add(b->clock_ns, h);
		b->last_ns = max_t(u64, b->last_ns, b->until_ns[b->to]);
		b->hold_ns = min_t(u64, h * 2, BOUNCE_MAX_NS);
		b->q16[b->to] = b->to_q16;
	} else if (b->fresh) {
		/* still at @to, and not yet BOUNCE_JUDGE decisions there */
		if (d->cur == b->to && d->chosen == d->cur &&
		    ++b->seen < BOUNCE_JUDGE)
			return;
		b->hold_ns /= 2;
	}
	b->fresh = d->chosen != d->cur && t[d->chosen] >= t[d->cur];
	if (!b->fresh)
		return;
	b->to = d->chosen;
	b->to_q16 = bounce_share(t[d->chosen], interval_ns);
	b->seen = 0;
}
