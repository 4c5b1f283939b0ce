// SPDX-License-Identifier: GPL-2.0
/*
 * test_cadence.c - the frame period learned from busy/idle
 * (predictors/gpugov_cadence.c) and the real-time layer of the deadline
 * objective (predictors/gpugov_frame.c).
 *
 * A paced GPU is simulated exactly: frame f arrives at f * P (+ jitter),
 * the GPU runs it for its work time when it is free, and windows of a
 * fixed tick report the busy time that overlaps them, as devfreq's
 * busy/total would.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "rng.h"
#include "gpugov_cadence.h"
#include "gpugov_frame.h"

#define MS	1000000ULL
#define US	1000ULL

/* Busy intervals of a run: [start, end), in order. */
static u64 b_start[4096], b_end[4096];
static u32 nr_busy;

/*
 * Frames at period @p for @frames frames, each busy @load_pct % of @p
 * varied by +-@var_pct %, arrival jittered by +-@jit ns; frames in
 * [@gap_from, @gap_to) do not come (an idle gap); @every: one frame per
 * @every periods (content at a divisor of the refresh rate).
 */
static void gen(u64 p, u32 frames, u32 load_pct, u32 var_pct, u64 jit,
		u32 gap_from, u32 gap_to, u32 every)
{
	u64 free_at = 0, a, w;
	u32 f;

	nr_busy = 0;
	for (f = 0; f < frames; f++) {
		if ((f >= gap_from && f < gap_to) || f % every)
			continue;
		a = f * p + (jit ? rng_range(0, 2 * jit) : 0);
		w = p * load_pct / 100;
		if (var_pct)
			w = w * (100 - var_pct + rng_range(0, 2 * var_pct)) / 100;
		a = a > free_at ? a : free_at;
		b_start[nr_busy] = a;
		b_end[nr_busy] = a + w;
		free_at = a + w;
		nr_busy++;
	}
}

/* Random bursts: no period at all. */
static void gen_random(u32 n)
{
	u64 t = 0, w;
	u32 i;

	nr_busy = 0;
	for (i = 0; i < n; i++) {
		t += rng_range(3 * MS, 40 * MS);
		w = rng_range(MS, 5 * MS);
		b_start[nr_busy] = t;
		b_end[nr_busy] = t + w;
		t += w;
		nr_busy++;
	}
}

static u64 busy_in(u64 from, u64 to)
{
	u64 sum = 0, s, e;
	u32 i;

	for (i = 0; i < nr_busy; i++) {
		s = b_start[i] > from ? b_start[i] : from;
		e = b_end[i] < to ? b_end[i] : to;
		if (e > s)
			sum += e - s;
	}
	return sum;
}

/* Feed windows of @tick from @t0 to the last busy end; the period found. */
static u64 learn(u64 tick, u64 t0)
{
	struct gpugov_cadence c;
	u64 t, end = b_end[nr_busy - 1] + tick;

	gpugov_cadence_init(&c);
	for (t = t0 + tick; t <= end; t += tick)
		gpugov_cadence_window(&c, t, tick, busy_in(t - tick, t));
	return c.period_ns;
}

static int near(u64 got, u64 want, u32 permille)
{
	u64 d = got > want ? got - want : want - got;

	return d * 1000 <= want * permille;
}

static void test_rates(void)
{
	static const u32 hz[] = { 30, 60, 120 };
	static const u32 loads[] = { 30, 60, 90 };
	u32 i, j;
	u64 p, got;

	for (i = 0; i < 3; i++) {
		for (j = 0; j < 3; j++) {
			p = 1000000000ULL / hz[i];
			gen(p, 100, loads[j], 0, 0, 0, 0, 1);
			got = learn(2 * MS, 0);
			/*
			 * Idle gaps shorter than a tick put the onset at the
			 * next window's start: up to a tick late each, over
			 * 15 spacings (gpugov_cadence.c).
			 */
			tap_ok(near(got, p, loads[j] < 90 ? 5 : 20),
			       "%u Hz at %u%%: period %llu ns (want %llu)",
			       hz[i], loads[j], (unsigned long long)got,
			       (unsigned long long)p);
		}
	}
	/* windows in no phase with the frames, and a coarser tick */
	p = 1000000000ULL / 60;
	gen(p, 100, 60, 0, 0, 0, 0, 1);
	got = learn(3 * MS, 1234567);
	tap_ok(near(got, p, 10), "60 Hz, 3 ms ticks out of phase: %llu",
	       (unsigned long long)got);
}

static void test_jitter_gaps(void)
{
	u64 p = 1000000000ULL / 60, got;

	rng_seed(1);
	gen(p, 150, 50, 20, 300 * US, 0, 0, 1);
	got = learn(2 * MS, 0);
	tap_ok(near(got, p, 10), "60 Hz, +-0.3 ms jitter, +-20%% work: %llu",
	       (unsigned long long)got);
	gen(p, 150, 50, 0, 0, 40, 60, 1);
	got = learn(2 * MS, 0);
	tap_ok(near(got, p, 5), "60 Hz with a 20-frame idle gap: %llu",
	       (unsigned long long)got);
	gen(p, 200, 60, 0, 0, 0, 0, 2);
	got = learn(2 * MS, 0);
	tap_ok(near(got, 2 * p, 5), "30 Hz content on a 60 Hz grid: %llu (want %llu)",
	       (unsigned long long)got, (unsigned long long)(2 * p));
}

static void test_no_period(void)
{
	u32 seed, found = 0;

	for (seed = 1; seed <= 20; seed++) {
		rng_seed(seed);
		gen_random(120);
		found += learn(2 * MS, 0) != 0;
	}
	tap_ok(!found, "random bursts: no period (%u of 20 runs found one)", found);
	/* back to back: never idle, no onsets, no period */
	nr_busy = 1;
	b_start[0] = 0;
	b_end[0] = 500 * MS;
	tap_ok(!learn(2 * MS, 0), "back-to-back work: no period");
}

static void test_next(void)
{
	struct gpugov_cadence c;

	gpugov_cadence_init(&c);
	tap_ok(gpugov_cadence_next(&c, 10 * MS, 5 * MS) == 15 * MS,
	       "no onset: a period from now");
	gpugov_cadence_window(&c, 4 * MS, 2 * MS, MS);	/* onset at 3 ms */
	tap_ok(c.last_ns == 3 * MS, "onset at the end minus the busy time");
	tap_ok(gpugov_cadence_next(&c, 10 * MS, 25 * MS) == 33 * MS,
	       "next vsync on the grid through the onset");
	tap_ok(gpugov_cadence_next(&c, 10 * MS, 13 * MS) == 23 * MS,
	       "a grid point is not 'after' itself");
}

/*
 * A window of no time (a device poll on the instant of the governor's own
 * tick) shows nothing: it must not end the work seen as busy, or the next
 * busy window gives a false onset.  At 50 Hz with 2 ms ticks and a poll
 * every 50 ms, such onsets 10 ms off the grid made a period of 10 ms.
 */
static void test_empty_windows(void)
{
	struct gpugov_cadence c;
	u64 p = 20 * MS, t, end;
	u32 nr;

	gpugov_cadence_init(&c);
	gpugov_cadence_window(&c, 2 * MS, 2 * MS, 2 * MS);
	nr = c.nr;
	gpugov_cadence_window(&c, 2 * MS, 0, 0);
	gpugov_cadence_window(&c, 4 * MS, 2 * MS, 2 * MS);
	tap_ok(c.nr == nr && c.end == GPUGOV_CAD_BUSY,
	       "an empty window between two busy ones: no onset (%u, want %u)",
	       c.nr, nr);
	gpugov_cadence_end(&c, 0, 0);
	tap_ok(c.end == GPUGOV_CAD_BUSY, "an empty window at a vsync: still busy");

	gen(p, 100, 60, 0, 0, 0, 0, 1);
	gpugov_cadence_init(&c);
	end = b_end[nr_busy - 1] + 2 * MS;
	for (t = 2 * MS; t <= end; t += 2 * MS) {
		gpugov_cadence_window(&c, t, 2 * MS, busy_in(t - 2 * MS, t));
		if (!(t % (50 * MS)))
			gpugov_cadence_window(&c, t, 0, 0);
	}
	tap_ok(near(c.period_ns, p, 5),
	       "50 Hz, 2 ms ticks and an empty poll every 50 ms: %llu ns",
	       (unsigned long long)c.period_ns);
}

/* ---- the real-time layer ---- */

static struct gpugov_opp_table tab;
static struct gpugov_policy_params par;
static struct gpugov_pred_state st;
static struct gpugov_policy_state ps;
static struct gpugov_frame_state fs;
static struct gpugov_decision d;

static void rt_setup(u32 react, u32 hint_us)
{
	u32 i;

	tab.nr = 4;
	for (i = 0; i < 4; i++) {
		tab.opp[i].core_khz = 200000 * (i + 1);
		tab.opp[i].uv = 700000 + 100000 * i;
	}
	gpugov_policy_defaults(&par);
	par.react = react;
	par.frame_period_us = hint_us;
	gpugov_pred_init(&st);
	gpugov_policy_state_init(&ps);
	gpugov_frame_init(&fs, 3);
}

static enum gpugov_frame_act tick(u64 now, u64 interval, u64 busy, u32 opp)
{
	static struct gpugov_sample s;
	struct gpugov_opp_range r = { 0, 3 };
	const struct gpugov_frame_ctx c = {
		.p = &par, .st = &st, .ps = &ps, .wanted = GPUGOV_PRED_BUSY,
		.t = &tab, .r = &r,
	};
	const struct gpugov_frame_tick tk = { .w = &s, .now_ns = now,
					      .poll_ns = 50 * MS };
	enum gpugov_pred_id used;

	memset(&s, 0, sizeof(s));
	s.interval_ns = interval;
	s.busy_ns = busy;
	s.core_khz = tab.opp[opp].core_khz;
	return gpugov_frame_step(&fs, &c, &tk, &d, &used);
}

static void test_frame(void)
{
	u64 p = 16666 * US, t;
	enum gpugov_frame_act a;
	u32 before;

	rt_setup(GPUGOV_REACT_OFF, 16666);
	tap_ok(tick(2 * MS, 2 * MS, MS, 3) == GPUGOV_FRAME_DECIDED &&
	       fs.src == GPUGOV_DL_NONE,
	       "react off: every tick decides, no deadline even with a hint");

	rt_setup(GPUGOV_REACT_TIMER, 0);
	a = tick(2 * MS, 2 * MS, MS, 3);
	tap_ok(a == GPUGOV_FRAME_KEEP &&
	       gpugov_frame_next_ns(&fs, &par, 2 * MS) == 4 * MS,
	       "timer, no deadline: a probe samples and decides nothing");
	for (t = 4 * MS; t < 50 * MS; t += 2 * MS)
		tick(t, 2 * MS, MS, 3);
	tap_ok(tick(50 * MS, 2 * MS, MS, 3) == GPUGOV_FRAME_DECIDED,
	       "timer, no deadline: the objective decides per polling interval");

	rt_setup(GPUGOV_REACT_TIMER, 1999);
	tick(2 * MS, 2 * MS, MS, 3);
	tap_ok(fs.src == GPUGOV_DL_NONE, "a hint below 2 ms is no deadline");

	rt_setup(GPUGOV_REACT_TIMER, 16666);
	a = tick(p, p, 0, 3);
	tap_ok(a == GPUGOV_FRAME_DECIDED && fs.src == GPUGOV_DL_HINT &&
	       fs.period_ns == p && fs.opp == 0,
	       "hint: a frame decision at once (idle: the lowest OPP)");
	tap_ok(gpugov_frame_next_ns(&fs, &par, p) == p + p / 4,
	       "the first check a quarter period in");
	/* a frame arrives at p and keeps the GPU busy at the lowest OPP */
	before = fs.opp;
	tick(p + p / 4, p / 4, p / 4, before);
	tap_ok(fs.opp == before, "a frame a quarter done in time: kept");
	tick(p + p / 2, p / 4, p / 4, fs.opp);
	tick(p + 3 * p / 4, p / 4, p / 4, fs.opp);
	tap_ok(fs.opp > before && fs.raises,
	       "a frame still busy 3/4 into its period raises the clock (%u -> %u)",
	       before, fs.opp);
	before = fs.opp;
	tick(2 * p - p / 8, p / 8, 0, fs.opp);
	tap_ok(fs.opp == before, "a check never lowers the clock");

	rt_setup(GPUGOV_REACT_TIMER, 0);
	gpugov_frame_fence(&fs, 20 * MS);
	gpugov_frame_fence(&fs, 20 * MS + p);
	tick(2 * MS, 2 * MS, MS, 3);
	tap_ok(fs.src == GPUGOV_DL_FENCE && fs.period_ns == p,
	       "two fence deadlines a period apart: the fence source");
	gpugov_frame_fence(&fs, 20 * MS + 2 * p);
	par.frame_period_us = 8333;
	tick(4 * MS, 2 * MS, MS, 3);
	tap_ok(fs.src == GPUGOV_DL_HINT, "a hint wins over a fence");

	rt_setup(GPUGOV_REACT_POLL, 16666);
	tick(2 * MS, 2 * MS, MS, 3);
	tap_ok(gpugov_frame_poll_ns(&fs, &par, 50 * MS) == p &&
	       gpugov_frame_next_ns(&fs, &par, 2 * MS) == U64_MAX,
	       "react poll: polls at the period, no timer");
	tap_ok(gpugov_react_find("timer", 5) == GPUGOV_REACT_TIMER &&
	       gpugov_react_find("tim", 3) < 0, "react names");
}

/*
 * A GPU whose OPP i runs at (i + 1) / 4 of the top one's speed, fed a
 * frame of @work_ns at the top OPP every @p from @t0, ticked every @step
 * until @t1; with @fence, each frame's fence deadline is set as it
 * arrives, already due (a variable-refresh display's).  Return: the ticks
 * that ended at the top OPP.
 */
static u32 run_frames(u64 t0, u64 t1, u64 p, u64 step, u64 work_ns, bool fence)
{
	u64 t, next = t0, left = 0, run, busy;
	u32 top = 0, speed;

	for (t = t0; t < t1; t += step) {
		if (t >= next) {
			left += work_ns;
			if (fence)
				gpugov_frame_fence(&fs, next);
			next += p;
		}
		speed = fs.opp + 1;
		run = min_t(u64, left, step * speed / 4);
		left -= run;
		busy = run * 4 / speed;
		tick(t + step, step, busy, fs.opp);
		top += fs.opp == 3;
	}
	return top;
}

static void test_fence_rules(void)
{
	static const u64 ahead[] = { 10000 * MS, 300ULL * 86400 * 1000 * MS };
	u64 p = 16666 * US, now = 100 * MS;
	struct gpugov_opp_range r = { 0, 3 };
	struct gpugov_decision k = { 0 };
	u32 i, top;
	enum gpugov_frame_act act;

	for (i = 0; i < ARRAY_SIZE(ahead); i++) {
		rt_setup(GPUGOV_REACT_TIMER, 0);
		gpugov_frame_fence(&fs, ahead[i] - p);
		gpugov_frame_fence(&fs, ahead[i]);
		top = run_frames(0, 2000 * MS, p, 4 * MS, p / 8, false);
		tap_ok(fs.src != GPUGOV_DL_FENCE && top < 50,
		       "a fence deadline %llu s ahead is no frame boundary: %u of 500 ticks at the top OPP",
		       (unsigned long long)(ahead[i] / (1000 * MS)), top);
	}

	rt_setup(GPUGOV_REACT_TIMER, 0);
	tick(now - 2 * MS, 2 * MS, MS, 3);
	gpugov_frame_fence(&fs, now - p - MS);
	gpugov_frame_fence(&fs, now - MS);
	tap_ok(tick(now, p, MS, 3) == GPUGOV_FRAME_DECIDED &&
	       fs.src == GPUGOV_DL_FENCE,
	       "a fence deadline already past is the frame's boundary now");
	tap_ok(tick(now + 2 * MS, 2 * MS, MS, fs.opp) != GPUGOV_FRAME_DECIDED,
	       "and only once");

	/* a boundary on a sum of less than a frame: no decision, a plan */
	rt_setup(GPUGOV_REACT_FRAME, 0);
	tick(now - 2 * MS, 2 * MS, MS, 3);
	gpugov_frame_fence(&fs, now - p - MS);
	gpugov_frame_fence(&fs, now - MS);
	act = tick(now, 2 * MS, MS, 3);
	tap_ok(act == GPUGOV_FRAME_KEEP && fs.opp == 3 &&
	       fs.src == GPUGOV_DL_FENCE && fs.deadline_ns > now &&
	       !fs.acc.interval_ns && fs.check_ns == U64_MAX,
	       "a boundary on 4 ms of a 16.7 ms frame: no decision on it, the next boundary planned (%llu ms)",
	       (unsigned long long)(fs.deadline_ns / MS));
	tap_ok(tick(fs.deadline_ns, fs.deadline_ns - now, p / 2, 3) ==
	       GPUGOV_FRAME_DECIDED,
	       "and the next boundary, on a whole frame, decides");

	/* no newer deadline: the boundaries go on along the fence's grid */
	rt_setup(GPUGOV_REACT_TIMER, 0);
	gpugov_frame_fence(&fs, now - p);
	gpugov_frame_fence(&fs, now);
	tick(now, 2 * MS, MS, 3);
	tap_ok(fs.src == GPUGOV_DL_FENCE && fs.next_vsync_ns == now + p,
	       "past the fence's newest deadline, the next boundary a period on");
	tick(now + p, 2 * MS, MS, fs.opp);
	tap_ok(fs.next_vsync_ns == now + 2 * p, "and the one after it");

	/* due when set on every frame, half a period of work a frame at the top */
	rt_setup(GPUGOV_REACT_TIMER, 0);
	run_frames(0, 2000 * MS, p, 2 * MS, p / 2, true);
	tap_ok(fs.src == GPUGOV_DL_FENCE && fs.raises <= 12,
	       "deadlines due when set, 120 frames: %llu raises (at most 1 in 10 frames)",
	       (unsigned long long)fs.raises);

	/* OPP 2 pairs a faster core with a slower memory clock than OPP 1 */
	k.time_ps[0] = 40;
	k.time_ps[1] = 15;
	k.time_ps[2] = 25;
	k.time_ps[3] = 10;
	tap_ok(gpugov_frame_raise_to(&k, &r, 2, 100, 200, 228) == 1,
	       "a raise goes to a faster OPP by prediction, below the one in force by index");
	tap_ok(gpugov_frame_raise_to(&k, &r, 0, 100, 260, 297) == 2 &&
	       gpugov_frame_raise_to(&k, &r, 0, 100, 50, 57) == 3 &&
	       gpugov_frame_raise_to(&k, &r, 2, 100, 250, 285) == 2,
	       "a raise: the slowest OPP that fits, the fastest if none does, none if the OPP in force fits");
	/* work bound by memory: about as long at every OPP but the lowest */
	k.time_ps[0] = 80;
	k.time_ps[1] = 52;
	k.time_ps[2] = 50;
	k.time_ps[3] = 49;
	tap_ok(gpugov_frame_raise_to(&k, &r, 1, 100, 99, 113) == 1 &&
	       gpugov_frame_raise_to(&k, &r, 0, 100, 99, 113) == 1 &&
	       gpugov_frame_raise_to(&k, &r, 0, 100, 99, 101) == 3,
	       "none fits within the margin: the slowest that fits the whole time (none if the OPP in force does), the fastest if none does");
}

/*
 * The GPU of run_frames() ticked by gpugov's own timer alone (the
 * kernel's hrtimer), in steps of 100 us: a frame of @work_ns at the top
 * OPP every @p from 0 until @stop, every 4th @heavy times heavier (0: none).
 * Return: the ticks from @from to @t1.
 */
static u32 run_timer(u64 t1, u64 p, u64 work_ns, u32 heavy, u64 stop, u64 from)
{
	const u64 step = 100 * US;
	u64 t, at, last = 0, next = 0, left = 0, busy = 0, run, nf = 0;
	u32 ticks = 0, speed;

	at = gpugov_frame_next_ns(&fs, &par, 0);
	for (t = 0; t < t1; t += step) {
		if (t >= next && t < stop)
			left += work_ns * (heavy && nf++ % 4 == 3 ? heavy : 1);
		if (t >= next)
			next += p;
		speed = fs.opp + 1;
		run = min_t(u64, left, step * speed / 4);
		left -= run;
		busy += run * 4 / speed;
		if (t + step < at)
			continue;
		tick(t + step, t + step - last, busy, fs.opp);
		ticks += t + step >= from;
		last = t + step;
		busy = 0;
		at = gpugov_frame_next_ns(&fs, &par, last);
	}
	return ticks;
}

/*
 * The work of the frame in flight, judged at a check inside it against
 * the frame decision's own prediction at the OPP it chose
 * (gpugov_frame.c, frame_check()), and the first decision's sum of more
 * than one frame not taken for one frame's work.
 */
static void test_check_plan(void)
{
	u64 p = 16666 * US, x, w, plan = 0, raises = 0;
	u32 o = 0;

	/* a first sum of two periods with two frames' work: one frame's */
	rt_setup(GPUGOV_REACT_TIMER, 16666);
	tick(2 * p, 2 * p, p, 3);
	w = fs.work_hi_ps;
	tap_ok(w >= (p / 2) * 1000 - 1000 && w <= (p / 2) * 1000 + 1000,
	       "a first sum of two frames: the heaviest frame is one of them (%llu ps, want %llu)",
	       (unsigned long long)w, (unsigned long long)(p / 2) * 1000);

	/*
	 * A frame of half the period at the top OPP: its vsync chooses a
	 * slower OPP o, on which the frame is planned to take plan_ps.  At
	 * each tick inside it, the frame has run at o all along, as planned:
	 * no raise; a frame that has run past its plan is raised.
	 */
	for (x = p / 8; x < p; x += p / 8) {
		rt_setup(GPUGOV_REACT_TIMER, 16666);
		tick(p, p, p / 2, 3);
		o = fs.opp;
		/* the heaviest recent frame at o, by the vsync's predictions */
		plan = fs.work_hi_ps / 1000 * d.time_ps[o] / d.time_ps[d.hi];
		if (x >= plan || p + x >= fs.deadline_ns)
			break;
		tick(p + x, x, x, o);
		raises += fs.opp != o;
	}
	tap_ok(o < 3 && x > p / 2 && !raises,
	       "a frame on its plan at OPP %u (%llu ns): no raise at a tick up to %llu ns in (%llu raises)",
	       o, (unsigned long long)plan, (unsigned long long)(x - p / 8),
	       (unsigned long long)raises);
	rt_setup(GPUGOV_REACT_TIMER, 16666);
	tick(p, p, p / 2, 3);
	o = fs.opp;
	tick(p + (fs.deadline_ns - p) * 7 / 8, (fs.deadline_ns - p) * 7 / 8,
	     (fs.deadline_ns - p) * 7 / 8, o);
	tap_ok(fs.opp > o, "a frame past its plan, 7/8 of the way to its deadline: raised (%u -> %u)",
	       o, fs.opp);
}

/* GPUGOV_REACT_FRAME: vsyncs, one check when at risk, probes only to learn */
static void test_react_frame(void)
{
	u64 p = 16666 * US, to, top, w, left, x;
	u32 n, timer;

	tap_ok(gpugov_react_find("frame", 5) == GPUGOV_REACT_FRAME, "react frame: its name");
	rt_setup(GPUGOV_REACT_TIMER, 0);
	timer = run_timer(2000 * MS, p, p / 4, 0, U64_MAX, 1000 * MS);
	rt_setup(GPUGOV_REACT_FRAME, 0);
	n = run_timer(2000 * MS, p, p / 4, 0, U64_MAX, 1000 * MS);
	tap_ok(fs.src == GPUGOV_DL_LEARNED && fs.held && n <= 75 && timer > 3 * n,
	       "react frame, steady light frames: the phase held, %u ticks in 60 frames (timer: %u)",
	       n, timer);
	tap_ok(fs.cad.last_ns + 33 * p >= 2000 * MS,
	       "react frame: the phase probed anew within 32 frames (last onset %llu ms)",
	       (unsigned long long)(fs.cad.last_ns / MS));
	/* a heavy frame, then a light one: the light one's check */
	rt_setup(GPUGOV_REACT_FRAME, 16666);
	tick(p, p, p, 3);
	tick(2 * p, p, p / 16, fs.opp);
	to = d.time_ps[fs.opp];
	top = d.time_ps[d.hi];
	w = fs.work_hi_ps;
	left = (fs.deadline_ns - 2 * p) * 1000;
	left -= left / 8;
	x = fs.check_ns - 2 * p;
	tap_ok(to > top && w * to / top > left && fs.check_ns != U64_MAX &&
	       gpugov_frame_next_ns(&fs, &par, 2 * p) == fs.check_ns,
	       "react frame: the heaviest recent frame would not fit at the OPP chosen: a check (%llu ns in)",
	       (unsigned long long)x);
	tap_ok(x * 1000 + w - x * 1000 * top / to <= left + 1000 &&
	       (x + p / 16) * 1000 + w - (x + p / 16) * 1000 * top / to > left,
	       "... at the latest moment the top OPP still saves it");
	tick(fs.check_ns, x, x, fs.opp);
	tap_ok(fs.check_ns == U64_MAX && gpugov_frame_next_ns(&fs, &par, 2 * p + x) == fs.next_vsync_ns,
	       "... and one check only: the next tick is the vsync");
	tick(3 * p, p - x, 0, fs.opp);
	tick(4 * p, p, p / 16, fs.opp);
	to = gpugov_mul_div64(fs.work_hi_ps, d.time_ps[fs.opp], d.time_ps[d.hi]);
	left = (fs.deadline_ns - 4 * p) * 1000;
	left -= left / 8;
	tap_ok(to <= left && (fs.check_ns == U64_MAX ? to * 2 <= left :
			      fs.check_ns == 4 * p + max_t(u64, (to + (left - to) / 2) / 1000, p / 16)),
	       "react frame: light frames only, the heavy one forgotten: not at risk, at most the guard's check (%s)",
	       fs.check_ns == U64_MAX ? "none" : "after the plan");
	rt_setup(GPUGOV_REACT_FRAME, 0);
	run_timer(1000 * MS, p, p / 4, 0, 900 * MS, 0);
	tap_ok(!fs.held && fs.src == GPUGOV_DL_LEARNED &&
	       gpugov_frame_next_ns(&fs, &par, 1000 * MS) == 1000 * MS + GPUGOV_FRAME_PROBE_NS,
	       "react frame: a period with no work loses the phase: probes again");
}

/*
 * The guard of frame_check_at(): a frame whose plan fits its budget but
 * would not twice as heavy is checked halfway from its plan to its
 * budget, one with more slack is not; a frame still running at that check
 * is raised, one done by then is not.
 */
static void test_frame_guard(void)
{
	u64 p = 16666 * US, b, plan, left, want, chk = 0, gb = 0;
	u32 o, go = 0, guarded = 0, slack = 0, ok = 0;

	for (b = p / 8; b <= p; b += p / 64) {
		rt_setup(GPUGOV_REACT_FRAME, 16666);
		tick(p, p, b, 3);
		o = fs.opp;
		plan = gpugov_mul_div64(fs.work_hi_ps, d.time_ps[o], d.time_ps[d.hi]);
		left = (fs.deadline_ns - p) * 1000;
		left -= left / 8;
		if (o == d.hi || plan > left)
			continue;
		if (plan * 2 <= left) {
			slack++;
			ok += fs.check_ns == U64_MAX;
			continue;
		}
		guarded++;
		want = p + max_t(u64, (plan + (left - plan) / 2) / 1000, p / 16);
		ok += fs.check_ns == want;
		chk = want;
		gb = b;
		go = o;
	}
	tap_ok(guarded && slack && ok == guarded + slack,
	       "react frame: a plan that fits but not twice as heavy: a check halfway to the budget (%u frames); more slack: none (%u; %u of %u right)",
	       guarded, slack, ok, guarded + slack);
	rt_setup(GPUGOV_REACT_FRAME, 16666);
	tick(p, p, gb, 3);
	ok = fs.check_ns == chk &&
	     tick(chk, chk - p, chk - p, go) == GPUGOV_FRAME_RAISED;
	tap_ok(ok && fs.opp > go, "... a frame still running there: raised (%u -> %u)",
	       go, fs.opp);
	rt_setup(GPUGOV_REACT_FRAME, 16666);
	tick(p, p, gb, 3);
	tap_ok(tick(chk, chk - p, (chk - p) / 2, go) == GPUGOV_FRAME_KEEP && fs.opp == go,
	       "... a frame done by then: kept at OPP %u", go);
}

/* GPUGOV_REACT_FENCE, the default: per frame on fences, else at polls */
static void test_react_fence(void)
{
	u64 p = 16666 * US, t, now = 1000 * MS;
	u32 i, same = 0, off_opp[40];
	bool keeps = true;

	tap_ok(gpugov_react_find("fence", 5) == GPUGOV_REACT_FENCE,
	       "react fence: its name");
	gpugov_policy_defaults(&par);
	tap_ok(par.react == GPUGOV_REACT_FENCE, "react fence: the default");
	/* with no fence: react off's decisions, tick for tick, and no timer */
	rt_setup(GPUGOV_REACT_OFF, 0);
	for (i = 0; i < 40; i++) {
		tick((i + 1) * 50 * MS, 50 * MS, (i * 7919 % 50) * MS, fs.opp);
		off_opp[i] = fs.opp;
	}
	rt_setup(GPUGOV_REACT_FENCE, 0);
	for (i = 0; i < 40; i++) {
		keeps &= tick((i + 1) * 50 * MS, 50 * MS, (i * 7919 % 50) * MS,
			      fs.opp) == GPUGOV_FRAME_DECIDED;
		same += fs.opp == off_opp[i];
		keeps &= gpugov_frame_next_ns(&fs, &par, (i + 1) * 50 * MS) == U64_MAX &&
			 gpugov_frame_fence_wakes(&fs, &par, (i + 1) * 50 * MS);
	}
	tap_ok(keeps && same == 40 && !fs.cad.nr,
	       "react fence, no fence: every poll decides as react off's (%u of 40 alike), no timer, no cadence learned, a fence wakes it",
	       same);
	tap_ok(!gpugov_frame_fence_wakes(&fs, &(struct gpugov_policy_params){
						 .react = GPUGOV_REACT_OFF }, 0),
	       "react off: no fence wakes it");
	/* a fence comes: no probes, the second wakes it and gives the period */
	gpugov_frame_fence(&fs, now + p);
	tick(now, 2 * MS, MS, fs.opp);
	tap_ok(fs.src == GPUGOV_DL_NONE &&
	       gpugov_frame_next_ns(&fs, &par, now) == U64_MAX &&
	       gpugov_frame_fence_wakes(&fs, &par, now),
	       "a fence deadline: no timer, no probes, the next fence wakes it");
	gpugov_frame_fence(&fs, now + 2 * p);
	tick(now + 2 * MS, 2 * MS, MS, fs.opp);
	tap_ok(fs.src == GPUGOV_DL_FENCE && fs.period_ns == p && !fs.held,
	       "the second a period on: the fence source, per frame");
	/*
	 * 15 Hz: a poll decides between the first fence and the second, and
	 * the second's wake sees the first frame's idle tail since then: a
	 * short idle sum on a fence's grid decides nothing (it put the clock
	 * at the bottom for the frame starting).
	 */
	rt_setup(GPUGOV_REACT_FENCE, 0);
	gpugov_frame_fence(&fs, now + 66666 * US);
	tick(now, 2 * MS, MS, 3);
	tick(now + 50 * MS, 48 * MS, 30 * MS, fs.opp);
	i = fs.opp;
	gpugov_frame_fence(&fs, now + 2 * 66666 * US);
	keeps = tick(now + 66666 * US, 16666 * US, 0, i) == GPUGOV_FRAME_KEEP;
	tap_ok(i > 0 && keeps && fs.src == GPUGOV_DL_FENCE && fs.opp == i &&
	       fs.next_vsync_ns == now + 2 * 66666 * US,
	       "the second fence's wake after a poll decided: its idle sum decides nothing, OPP %u kept, the frame planned",
	       i);
	rt_setup(GPUGOV_REACT_FENCE, 0);
	gpugov_frame_fence(&fs, now + p);
	tick(now, 2 * MS, MS, fs.opp);
	gpugov_frame_fence(&fs, now + 2 * p);
	tick(now + 2 * MS, 2 * MS, MS, fs.opp);
	/* the fences stop: 400 ms past the last, at polls again */
	t = now + 2 * p + 400 * MS;
	tick(t, 50 * MS, 0, fs.opp);
	tap_ok(fs.src == GPUGOV_DL_NONE && gpugov_frame_next_ns(&fs, &par, t) == U64_MAX &&
	       gpugov_frame_fence_wakes(&fs, &par, t),
	       "400 ms past the last deadline: no period, no timer, the next fence wakes it");
	tap_ok(tick(t + MS, MS, 0, fs.opp) == GPUGOV_FRAME_DECIDED &&
	       gpugov_frame_next_ns(&fs, &par, t + MS) == U64_MAX &&
	       gpugov_frame_fence_wakes(&fs, &par, t + MS),
	       "past that: every poll decides, no timer, the next fence wakes it");
	/* a deadline far ahead keeps no timer running */
	rt_setup(GPUGOV_REACT_FENCE, 0);
	gpugov_frame_fence(&fs, now + 10000 * MS);
	tap_ok(tick(now, 50 * MS, MS, 3) == GPUGOV_FRAME_DECIDED &&
	       gpugov_frame_next_ns(&fs, &par, now) == U64_MAX,
	       "a fence deadline 10 s ahead: at polls, no timer");
	/* a hint: per frame, no cadence learned */
	rt_setup(GPUGOV_REACT_FENCE, 16666);
	run_timer(1000 * MS, p, p / 4, 0, U64_MAX, 0);
	tap_ok(fs.src == GPUGOV_DL_HINT && !fs.cad.period_ns && !fs.held &&
	       gpugov_frame_next_ns(&fs, &par, 1000 * MS) != U64_MAX,
	       "react fence with a hint: per frame on it, no cadence learned");
}

int main(void)
{
	tap_plan();
	test_rates();
	test_jitter_gaps();
	test_no_period();
	test_next();
	test_empty_windows();
	test_frame();
	test_fence_rules();
	test_react_frame();
	test_frame_guard();
	test_react_fence();
	test_check_plan();
	return tap_done("cadence");
}
