/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_bounce.h - the `deadline` objective's guard against hunting: a
 * move down sent straight back up is not tried again for a while
 * (gpugov_bounce.c).
 */
#ifndef GPUGOV_BOUNCE_H
#define GPUGOV_BOUNCE_H

#include "gpugov_sample.h"

struct gpugov_decision;

/**
 * struct gpugov_bounce - the last move down and the holds bounces set
 * @to: OPP the last decision moved down to
 * @to_q16: the share of its interval the work was predicted to fill at
 *	@to then, Q16
 * @fresh: a move down (@to, @to_q16 are its) is being judged
 * @seen: decisions at @to since that move that kept it
 * @hold_ns: how long the next bounce holds (at least BOUNCE_MIN_NS),
 *	doubling with each bounce, halved by a move down that holds
 * @clock_ns: the intervals decided on, summed: the holds' clock
 * @until_ns: per OPP, when the hold a bounce back from it set ends (on
 *	@clock_ns; 0 for none)
 * @q16: per OPP, the share predicted there when the bounced move was made
 * @last_ns: when the last of the holds ends (no hold once @clock_ns has
 *	reached it: a decision then looks at none)
 */
struct gpugov_bounce {
	u32 to;
	u64 to_q16;
	bool fresh;
	u32 seen;
	u64 hold_ns;
	u64 clock_ns;
	u64 until_ns[GPUGOV_MAX_OPPS];
	u64 q16[GPUGOV_MAX_OPPS];
	u64 last_ns;
};

void gpugov_bounce_init(struct gpugov_bounce *b);
void gpugov_bounce_restart(struct gpugov_bounce *b);
u64 gpugov_bounce_cap_ps(const struct gpugov_bounce *b,
			 const struct gpugov_decision *d, u64 interval_ns);
void gpugov_bounce_note(struct gpugov_bounce *b,
			const struct gpugov_decision *d, u64 interval_ns);

#endif /* GPUGOV_BOUNCE_H */
