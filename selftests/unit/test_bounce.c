// SPDX-License-Identifier: GPL-2.0
/*
 * test_bounce.c - the `deadline` objective's guard against hunting
 * (predictors/gpugov_bounce.c): a move down that the next decision undoes
 * (or a later one of three, from a window busy all through)
 * holds the clock above the OPP it bounced back from, for 4 s, then 8 s,
 * ..., unless the work gets lighter by 1/16; a move down that holds halves
 * the next hold's length.  Hand-worked on a six-OPP table whose predicted times
 * fall by 10 % an OPP (50 ms intervals).
 */
#include <string.h>
#include "tap.h"
#include "gpugov_policy.h"

#define MS		1000000ULL
#define INTERVAL	(50 * MS)
#define NR		6

/*
 * A decision at @cur choosing @chosen, the work predicted to fill @share
 * percent of the interval at the top OPP and 10 % more an OPP below.
 */
static void decision(struct gpugov_decision *d, u32 cur, u32 chosen,
		     u32 share)
{
	u32 i;

	memset(d, 0, sizeof(*d));
	d->cur = cur;
	d->chosen = chosen;
	d->lo = 0;
	d->hi = NR - 1;
	d->limit_ps = 1;
	for (i = 0; i < NR; i++)
		d->time_ps[i] = INTERVAL * 1000 / 100 * share *
				(100 + 10 * (NR - 1 - i)) / 100;
}

/* Whether the holds rule d->chosen out (predicted no faster than the cap). */
static bool held_off(const struct gpugov_bounce *b,
		     const struct gpugov_decision *d)
{
	return d->chosen != d->cur &&
	       d->time_ps[d->chosen] >= gpugov_bounce_cap_ps(b, d, INTERVAL);
}

/*
 * Decide @cur -> @chosen at @share (staying if the holds rule it out), and
 * note it; return whether it was held off.
 */
static bool step(struct gpugov_bounce *b, u32 cur, u32 chosen, u32 share)
{
	struct gpugov_decision d;
	bool held;

	decision(&d, cur, chosen, share);
	held = held_off(b, &d);
	if (held)
		d.chosen = d.cur;
	gpugov_bounce_note(b, &d, INTERVAL);
	return held;
}

/* Stay at @cur for @ms of intervals. */
static void stay(struct gpugov_bounce *b, u32 cur, u32 ms)
{
	u32 n;

	for (n = 0; n < ms / 50; n++)
		step(b, cur, cur, 80);
}

/* Down 5 -> 4 at @share, back up 4 -> 5: one bounce from OPP 4. */
static void bounce(struct gpugov_bounce *b, u32 share)
{
	step(b, 5, 4, share);
	step(b, 4, 5, 100);
}

static void test_hunting(void)
{
	struct gpugov_bounce b;

	gpugov_bounce_init(&b);
	tap_ok(!step(&b, 5, 4, 80), "with no bounce yet, a move down is made");
	step(&b, 4, 5, 100);
	tap_ok(step(&b, 5, 4, 80),
	       "the same move down after it bounced back is held");
	tap_ok(step(&b, 5, 2, 80), "so is a move further down, past OPP 4");
	tap_ok(!step(&b, 5, 5, 80), "staying is no hold");
	tap_ok(!step(&b, 4, 3, 80),
	       "from the bounced OPP itself, a move further down is not held");
	tap_ok(step(&b, 5, 4, 78),
	       "work 2.5 %% lighter than when OPP 4 was tried: still held");
	tap_ok(!step(&b, 5, 4, 74),
	       "work 7.5 %% lighter (more than 1/16): the move is made");
}

static void test_faster_allowed(void)
{
	struct gpugov_bounce b;

	gpugov_bounce_init(&b);
	step(&b, 5, 2, 50);
	step(&b, 2, 5, 100);
	tap_ok(!step(&b, 5, 3, 50),
	       "a move down to an OPP faster than the bounced one is made");
	tap_ok(step(&b, 3, 2, 50),
	       "from there, the bounced OPP is held off as well");
	tap_ok(step(&b, 3, 1, 50), "and every slower one");
}

static void test_backoff(void)
{
	struct gpugov_bounce b;

	gpugov_bounce_init(&b);
	bounce(&b, 80);
	stay(&b, 5, 3900);
	tap_ok(step(&b, 5, 4, 80), "3.95 s after the first bounce: held");
	stay(&b, 5, 100);
	tap_ok(!step(&b, 5, 4, 80), "after 4 s: the move down is tried again");
	step(&b, 4, 5, 100);
	stay(&b, 5, 7900);
	tap_ok(step(&b, 5, 4, 80),
	       "a second bounce in a row holds twice as long: 7.95 s, held");
	stay(&b, 5, 100);
	tap_ok(!step(&b, 5, 4, 80), "after 8 s: tried again");
	tap_ok(!step(&b, 4, 4, 80), "and this time the move down holds");
	bounce(&b, 80);
	stay(&b, 5, 7900);
	tap_ok(step(&b, 5, 4, 80),
	       "a move that held halves the next hold (16 -> 8 s): 7.95 s, held");
	stay(&b, 5, 100);
	tap_ok(!step(&b, 5, 4, 80), "after 8 s: tried again");
}

static void test_not_bounces(void)
{
	struct gpugov_bounce b;
	struct gpugov_decision d;

	gpugov_bounce_init(&b);
	step(&b, 5, 4, 80);
	decision(&d, 4, 0, 0);
	d.limit_ps = 0;		/* an idle window: not the objective's */
	gpugov_bounce_note(&b, &d, INTERVAL);
	step(&b, 0, 5, 100);
	tap_ok(!step(&b, 5, 4, 80),
	       "a move up after an idle window's drop is no bounce");
	step(&b, 4, 4, 80);
	step(&b, 4, 5, 100);
	tap_ok(!step(&b, 5, 4, 80),
	       "a move up a decision after the move down held is no bounce");
	step(&b, 4, 5, 100);
	gpugov_bounce_init(&b);
	step(&b, 5, 4, 80);
	gpugov_bounce_restart(&b);
	step(&b, 4, 5, 100);
	tap_ok(!step(&b, 5, 4, 80),
	       "the first decision after a resume undoes no move of before");
}

static void test_equal_times(void)
{
	struct gpugov_bounce b;
	struct gpugov_decision d;

	gpugov_bounce_init(&b);
	decision(&d, 5, 4, 80);
	d.time_ps[4] = d.time_ps[5];	/* as fast for this work, and cheaper */
	gpugov_bounce_note(&b, &d, INTERVAL);
	step(&b, 4, 5, 100);
	decision(&d, 5, 4, 80);
	d.time_ps[4] = d.time_ps[5];
	tap_ok(held_off(&b, &d),
	       "a move to an OPP predicted as fast is a move down, and bounces");
}

static void test_range(void)
{
	struct gpugov_bounce b;
	struct gpugov_decision d;

	gpugov_bounce_init(&b);
	bounce(&b, 80);
	decision(&d, 5, 4, 80);
	d.lo = 5;
	tap_ok(!held_off(&b, &d),
	       "a hold on an OPP outside the allowed range is not looked at");
	decision(&d, 3, 2, 80);
	d.lo = 4;
	tap_ok(!held_off(&b, &d),
	       "an OPP in force outside the range is never held");
}

/*
 * Note @cur -> @chosen at @share on a 10 ms window, busy all through (@sat)
 * or not; return whether a hold now rules out the move 5 -> 4 of the
 * first window again (share 80).
 */
static bool short_window(struct gpugov_bounce *b, u32 cur, u32 chosen,
			 u32 share, bool sat)
{
	struct gpugov_decision d;

	decision(&d, cur, chosen, share);
	if (sat)
		d.reason = GPUGOV_REASON_SATURATED;
	gpugov_bounce_note(b, &d, 10 * MS);
	decision(&d, 5, 4, 80);
	return d.time_ps[4] >= gpugov_bounce_cap_ps(b, &d, 10 * MS);
}

/* Fresh state, a move 5 -> 4 on a light window, then @stays windows at 4. */
static void moved_then_kept(struct gpugov_bounce *b, u32 stays)
{
	gpugov_bounce_init(b);
	short_window(b, 5, 4, 80, false);
	while (stays--)
		short_window(b, 4, 4, 90, false);
}

/*
 * sim's 10 ms polls under a 60 Hz frame busy 15 ms of its 16.7: a light
 * window moves 5 -> 4, the next one at 4 stays, the one after is busy all
 * through and goes back up.  Judged by the next decision alone, that move
 * held, and the clock went down and up every 50 ms (35 switches a second
 * over 100 s of a steady game, docs/results.md).  A move is judged on
 * three decisions at the OPP moved to.
 */
static void test_short_windows(void)
{
	struct gpugov_bounce b;

	moved_then_kept(&b, 1);
	tap_ok(short_window(&b, 4, 5, 100, true),
	       "a move down undone by a window busy all through, 2 decisions after it, is a bounce");
	moved_then_kept(&b, 2);
	tap_ok(short_window(&b, 4, 5, 100, true),
	       "... and 3 decisions after it");
	moved_then_kept(&b, 1);
	tap_ok(!short_window(&b, 4, 5, 95, false),
	       "undone later by a window with idle in it (a heavier frame): no bounce");
	moved_then_kept(&b, 3);
	tap_ok(!short_window(&b, 4, 5, 100, true),
	       "undone after 3 decisions kept it: no bounce, the move held");
}

int main(void)
{
	test_hunting();
	test_short_windows();
	test_faster_allowed();
	test_backoff();
	test_not_bounces();
	test_equal_times();
	test_range();
	return tap_done("bounce");
}
