// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_frame.c - the `deadline` objective in real time (DESIGN.md
 * section 7a; docs/realtime.md, "gpugov in real time").
 *
 * A devfreq poll every 50 ms sees three 60 Hz frames at once and none of
 * their boundaries, so a decision per poll can only hold the mean share of
 * busy time: a frame heavier than the mean is late before the next poll.
 * With a deadline known, gpugov decides per frame and keeps an eye on the
 * frame in flight:
 *  - the frame period comes from the hint (sysfs frame_period_us), a
 *    fence's deadlines, or the cadence learned from busy/idle
 *    (gpugov_cadence.c), in that order of preference;
 *  - at each vsync of the period's grid (through the last onset of work
 *    after idle, so in phase with the frames) the objective decides on the
 *    window since the last vsync: one frame's work, as it was tuned on
 *    (a sum of more than a frame, the first or after probing, counts as
 *    its share of one period; a busy one of less, part of a frame,
 *    decides nothing);
 *  - at checks inside the frame (a quarter of the period apart, and at
 *    every poll), while the GPU is still busy, the work left is taken as
 *    what the heaviest recent frame (a maximum that decays by a quarter a
 *    frame) had left, both as time at the OPP the vsync chose and by the
 *    vsync's predictions, or half the work done so far if the frame is
 *    already past that (a frame heavier than any recent one is not nearly
 *    done): if that does not fit 7/8 of the time to the deadline at the
 *    OPP in force, the lowest OPP where it fits (the top one if none), as
 *    PACE (Lorch and Smith) raises speed as a task runs on.  A check only
 *    raises: the next vsync's decision brings the clock back down.  Both
 *    measures are at the OPP chosen, not at the top one: a model bounded
 *    above the clocks it has measured (the busy model) predicts the top
 *    OPP no faster than the one it measured, so the work done, measured at
 *    a lower OPP, looked larger at the top than the frame's whole work
 *    measured there, and every steady frame that fitted was raised.
 * With no deadline, the objective decides on the device's polling
 * interval as it always has; the timer then only samples busy/idle every
 * GPUGOV_FRAME_PROBE_NS to learn the cadence, and such a sample decides
 * nothing.
 *
 * Ticks come from the governor's own timer (GPUGOV_REACT_TIMER,
 * gpugov_frame_next_ns()), the same timer at vsyncs with one check a frame
 * only when the frame is at risk and no probes while the cadence's phase
 * is held (GPUGOV_REACT_FRAME: frame_check_at(), frame_hold()), or from
 * a polling interval shortened to the frame period (GPUGOV_REACT_POLL,
 * gpugov_frame_poll_ns(): one decision per period, in no particular
 * phase, and no checks).
 *
 * GPUGOV_REACT_FENCE, the default, is GPUGOV_REACT_FRAME on a hint or
 * on fence deadlines only: no cadence is learned and nothing probes
 * (frame_at_polls()); while it waits for a fence, the next one wakes it
 * (gpugov_frame_fence_wakes()).  A driver that gives no
 * deadline (Linux before 6.4, a stock driver) keeps the decisions at
 * its polls that react off makes, tick for tick, with no timer; the
 * learned cadence lost there (docs/results.md: it switches more on
 * steady frames and spends more).
 */
#include "gpugov_frame.h"
#include "gpugov_fixed.h"

const char *const gpugov_dl_src_names[GPUGOV_NR_DL] = {
	[GPUGOV_DL_NONE] = "none",
	[GPUGOV_DL_LEARNED] = "learned",
	[GPUGOV_DL_FENCE] = "fence",
	[GPUGOV_DL_HINT] = "hint",
};

const char *const gpugov_react_names[GPUGOV_NR_REACT] = {
	[GPUGOV_REACT_OFF] = "off",
	[GPUGOV_REACT_TIMER] = "timer",
	[GPUGOV_REACT_FRAME] = "frame",
	[GPUGOV_REACT_FENCE] = "fence",
	[GPUGOV_REACT_POLL] = "poll",
};

/* Checks inside a frame: this many a period. */
#define FRAME_CHECKS	4
/*
 * GPUGOV_REACT_FRAME: a frame that would not fit were it FRAME_GUARD times
 * the heaviest recent one is checked after that one would be done
 * (frame_check_at()).
 */
#define FRAME_GUARD	2
/*
 * GPUGOV_REACT_FRAME: the phase is held this many frames, then probed
 * anew: a period learned within 1/CAD_TOL drifts off the frames' grid
 * (0.05 % off, 16.675 ms for 16.667, is 0.27 ms in 32 frames, 8 ms in 16 s).
 */
#define FRAME_HOLD	32
/*
 * A fence deadline is the frame's boundary only within this many of the
 * fence's periods of now, ahead or behind: one further ahead is not the
 * frame in flight's (a fence that waits on something else), and had held
 * the boundary off so that only the checks ran, raising the clock to the
 * top for 499 ticks of 500; one long past is a fence no frame renews.
 */
#define FENCE_HORIZON	4
/*
 * GPUGOV_REACT_FENCE: a fence deadline within this long of now, ahead or
 * behind, keeps gpugov on its timer (FENCE_HORIZON of the longest period
 * the cadence reports, 400 ms): the fences of a game or compositor come
 * every frame; once they stop, or one further off stands alone, the
 * device's polls decide again, with no timer to cost anything.
 */
#define FENCE_LATELY_NS	(FENCE_HORIZON * GPUGOV_CAD_MAX_NS)

/**
 * gpugov_react_find() - id of the reaction named @name
 * @name: name, not necessarily NUL-terminated
 * @len: its length
 *
 * Return: the enum gpugov_react value, or -1.
 */
int gpugov_react_find(const char *name, size_t len)
{
	return gpugov_name_index(gpugov_react_names, GPUGOV_NR_REACT, name, len);
}

/**
 * gpugov_frame_init() - nothing learned, no deadline
 * @fs: state
 * @opp: the OPP in force
 */
void gpugov_frame_init(struct gpugov_frame_state *fs, u32 opp)
{
	memset(fs, 0, sizeof(*fs));
	gpugov_cadence_init(&fs->cad);
	fs->check_ns = U64_MAX;
	fs->opp = opp;
}

/**
 * gpugov_frame_restart() - after a suspend: the cadence's phase and the
 *	windows summed are gone, the frames' work and the fence's period stay
 * @fs: state
 */
void gpugov_frame_restart(struct gpugov_frame_state *fs)
{
	gpugov_cadence_init(&fs->cad);
	memset(&fs->acc, 0, offsetof(struct gpugov_sample, waves));
	fs->src = GPUGOV_DL_NONE;
	fs->period_ns = 0;
	fs->fence_ns = 0;
	fs->fence_new = false;
	fs->next_vsync_ns = 0;
	fs->check_ns = U64_MAX;
	fs->held = false;
	fs->held_frames = 0;
	fs->probe_onset_ns = 0;
}

/**
 * gpugov_frame_fence() - a fence's deadline for the frame in flight
 * @fs: state
 * @deadline_ns: absolute, on the governor's clock
 */
void gpugov_frame_fence(struct gpugov_frame_state *fs, u64 deadline_ns)
{
	if (deadline_ns == fs->fence_ns)
		return;
	fs->fence_prev_ns = fs->fence_ns;
	fs->fence_ns = deadline_ns;
	fs->fence_new = true;
}

/*
 * Whether the fence's deadline @fence_ns, of period @period_ns, is the
 * frame in flight's at @now_ns: no more than FENCE_HORIZON periods away.
 */
static bool frame_fence_near(u64 fence_ns, u64 now_ns, u64 period_ns)
{
	u64 gap = fence_ns > now_ns ? fence_ns - now_ns : now_ns - fence_ns;

	return gap <= FENCE_HORIZON * period_ns;
}

/* The hint's frame period (sysfs frame_period_us), 0 for none. */
static u64 frame_hint_ns(const struct gpugov_policy_params *p)
{
	if (p->frame_period_us < GPUGOV_FRAME_HINT_MIN_US ||
	    p->frame_period_us > GPUGOV_FRAME_HINT_MAX_US)
		return 0;
	return (u64)p->frame_period_us * 1000;
}

/*
 * Whether the device's polls decide alone at @now: react off, or react
 * fence with no hint and no fence deadline lately (FENCE_LATELY_NS).
 */
static bool frame_at_polls(const struct gpugov_frame_state *fs,
			   const struct gpugov_policy_params *p, u64 now)
{
	u64 gap;

	if (p->react != GPUGOV_REACT_FENCE)
		return p->react == GPUGOV_REACT_OFF;
	if (frame_hint_ns(p))
		return false;
	if (!fs->fence_ns)
		return true;
	gap = fs->fence_ns > now ? fs->fence_ns - now : now - fs->fence_ns;
	return gap > FENCE_LATELY_NS;
}

/* One check a frame, only if at risk (frame_check_at()), or FRAME_CHECKS. */
static bool frame_one_check(const struct gpugov_policy_params *p)
{
	return p->react == GPUGOV_REACT_FRAME || p->react == GPUGOV_REACT_FENCE;
}

/* Window @w added to the sum: amounts add, ratios and clocks are @w's. */
static void frame_acc_add(struct gpugov_sample *acc,
			  const struct gpugov_sample *w)
{
	const size_t first = offsetof(struct gpugov_sample, insts);
	const size_t nr = (offsetof(struct gpugov_sample, waves) - first) /
			  sizeof(u64);
	const u64 *src = (const u64 *)((const char *)w + first);
	u64 *dst = (u64 *)((char *)acc + first);
	size_t i;

	acc->interval_ns = gpugov_sat_add(acc->interval_ns, w->interval_ns);
	acc->busy_ns = gpugov_sat_add(acc->busy_ns,
				      min_t(u64, w->busy_ns, w->interval_ns));
	acc->core_khz = w->core_khz;
	acc->mem_khz = w->mem_khz;
	acc->caps = w->caps;
	acc->nr_waves = 0;
	for (i = 0; i < nr; i++)
		dst[i] = gpugov_sat_add(dst[i], src[i]);
	acc->occupancy_q16 = w->occupancy_q16;
}

/* The deadline source in force now, and its period (0 with none). */
static u32 frame_source(const struct gpugov_frame_state *fs,
			const struct gpugov_policy_params *p, u64 now_ns,
			u64 *period_ns)
{
	u64 fp = fs->fence_ns - fs->fence_prev_ns;

	*period_ns = frame_hint_ns(p);
	if (*period_ns)
		return GPUGOV_DL_HINT;
	if (fs->fence_prev_ns && fp >= GPUGOV_CAD_MIN_NS &&
	    fp <= GPUGOV_CAD_MAX_NS && frame_fence_near(fs->fence_ns, now_ns, fp)) {
		*period_ns = fp;
		return GPUGOV_DL_FENCE;
	}
	if (p->react == GPUGOV_REACT_FENCE)
		return GPUGOV_DL_NONE;	/* no cadence learned */
	*period_ns = fs->cad.period_ns;
	return fs->cad.period_ns ? GPUGOV_DL_LEARNED : GPUGOV_DL_NONE;
}

/*
 * The objective's decision on sample @s: every model sees it, the one
 * wanted (or its fallback) predicts every OPP, the objective chooses among
 * the allowed ones.  The windows summed start again.
 */
static void frame_decide(struct gpugov_frame_state *fs,
			 const struct gpugov_frame_ctx *c,
			 const struct gpugov_sample *s,
			 struct gpugov_decision *d, enum gpugov_pred_id *used)
{
	gpugov_pred_observe(c->st, s);
	*used = gpugov_decision_predict(c->st, c->wanted, s, c->t, d);
	gpugov_decide_in(c->p, c->ps, c->t, c->r, s, d);
	fs->opp = d->chosen;
	memset(&fs->acc, 0, offsetof(struct gpugov_sample, waves));
}

/*
 * When the frame after the one starting at @now ends: the fence's deadline
 * if it is more than half a period ahead, else the next point of its grid
 * (the deadline plus whole periods) past half a period from now, the
 * frame after it being the fence's next deadline, not come yet; with no
 * fence, the next point of the learned grid past half a period from now,
 * or a period from now with no onset seen yet.
 */
static u64 frame_next_boundary(const struct gpugov_frame_state *fs, u64 now)
{
	u64 from = now + fs->period_ns / 2;

	if (fs->src == GPUGOV_DL_FENCE) {
		if (fs->fence_ns > from)
			return fs->fence_ns;
		return fs->fence_ns + ((from - fs->fence_ns) / fs->period_ns + 1) *
				      fs->period_ns;
	}
	if (!fs->cad.nr)
		return now + fs->period_ns;
	return gpugov_cadence_next(&fs->cad, fs->period_ns, from);
}

/**
 * frame_check_at() - GPUGOV_REACT_FRAME: when to check the frame that
 *	starts at @now, decided at OPP o (fs->opp) with predictions @d
 * @fs: state, fs->deadline_ns the frame's deadline
 * @d: the vsync's decision
 * @now: the vsync
 *
 * The frame is at risk if the heaviest recent frame, W = fs->work_hi_ps
 * at the top OPP, would not fit at o: W * t_o / t_top > B, B = 7/8 of the
 * time to the deadline (frame_check()'s margin).  Then the one check comes
 * at the latest moment at which the top OPP still saves such a frame: x
 * at o does x * t_top / t_o of its work, so x + W - x * t_top / t_o <= B
 * gives x = (B - W) * t_o / (t_o - t_top); no sooner than 1/16 of the
 * period in (work to see), and at that if W > B.
 *
 * A frame heavier than every recent one (the first of a heavier phase)
 * announces nothing at the vsync.  If W fits at o but a frame FRAME_GUARD
 * times as heavy would not, P * FRAME_GUARD > B with P = W * t_o / t_top,
 * the one check comes halfway from P, when W would be done at o, to B: a
 * frame still running then is past its plan, and frame_check() raises
 * the clock if the rest does not fit.  (At P itself the work done equals
 * the plan, give or take rounding, and whether the frame counted as past
 * it was chance.)  With more slack than that no check is needed.
 *
 * Return: the time of the check, U64_MAX for none (not at risk, or o the
 * fastest).
 */
static u64 frame_check_at(const struct gpugov_frame_state *fs,
			  const struct gpugov_decision *d, u64 now)
{
	u64 to = d->time_ps[fs->opp], top = d->time_ps[d->hi], left, plan, x;
	u64 w = fs->work_hi_ps;

	if (!top || to <= top || now >= fs->deadline_ns)
		return U64_MAX;
	left = gpugov_mul_div64(fs->deadline_ns - now, GPUGOV_PS_PER_NS, 1);
	left -= left / 8;
	plan = gpugov_mul_div64(w, to, top);
	if (plan <= left / FRAME_GUARD)
		return U64_MAX;
	if (plan <= left)
		x = plan + (left - plan) / 2;
	else
		x = w < left ? gpugov_mul_div64(left - w, to, to - top) : 0;
	return now + max_t(u64, x / GPUGOV_PS_PER_NS, fs->period_ns / 16);
}

/*
 * Plan the frame that starts at @now at fs->opp: its work there (the
 * heaviest recent frame's, by the vsync's predictions @d; 0 without
 * them), its boundary (frame_next_boundary()), which is its deadline, and
 * its first check (GPUGOV_REACT_FRAME: the one check, if any,
 * frame_check_at() on @d; none without them).
 */
static void frame_plan(struct gpugov_frame_state *fs,
		       const struct gpugov_frame_ctx *c,
		       const struct gpugov_decision *d, u64 now)
{
	fs->plan_opp = fs->opp;
	fs->plan_ps = d && d->time_ps[d->hi] ?
		gpugov_mul_div64(fs->work_hi_ps, d->time_ps[fs->opp],
				 d->time_ps[d->hi]) : 0;
	if (fs->src == GPUGOV_DL_FENCE)
		fs->fence_new = false;
	fs->next_vsync_ns = frame_next_boundary(fs, now);
	fs->deadline_ns = fs->next_vsync_ns;
	if (!frame_one_check(c->p))
		fs->check_ns = now + fs->period_ns / FRAME_CHECKS;
	else
		fs->check_ns = d ? frame_check_at(fs, d, now) : U64_MAX;
}

/*
 * A frame boundary: decide on the frame that ended, learn its work, and
 * plan the next one.  The windows summed since the last decision are a
 * frame's only if they span about a period: a sum longer (the first
 * boundary after deciding at polls, or after probing) counts as its share
 * of one period; a sum with work in it under 7/8 of a period (the first
 * boundary after a probe, a fence come early) is part of a frame, and had
 * the first frame decided on a 2 ms probe that caught its first 0.7 ms:
 * the lowest OPP but one, at a 30 Hz frame that needs the top, and four
 * frames janked.  Then nothing is decided; the next boundary sees a whole
 * frame.  A short sum with no work in it decides (for the idle GPU), as
 * before, but not on a fence's grid: a fence says that a frame starts,
 * and the idle tail of the frame before it (since the poll that decided
 * last, when a fence wakes gpugov: gpugov_frame_fence_wakes()) put the
 * clock at the bottom for the frame.
 *
 * Return: whether a decision was made (@d, @used filled).
 */
static bool frame_vsync(struct gpugov_frame_state *fs,
			const struct gpugov_frame_ctx *c, u64 now,
			struct gpugov_decision *d, enum gpugov_pred_id *used)
{
	bool busy = fs->acc.busy_ns;
	u64 span = fs->acc.interval_ns, p = fs->period_ns, hi, w;

	if ((busy || fs->src == GPUGOV_DL_FENCE) && span + p / 8 < p) {
		memset(&fs->acc, 0, offsetof(struct gpugov_sample, waves));
		frame_plan(fs, c, NULL, now);
		return false;
	}
	frame_decide(fs, c, &fs->acc, d, used);
	if (busy) {
		w = d->time_ps[d->hi];
		if (span > p + p / 8)
			w = gpugov_mul_div64(w, p, span);
		hi = fs->work_hi_ps;
		fs->work_hi_ps = max_t(u64, w, hi - hi / 4);
	}
	frame_plan(fs, c, d, now);
	return true;
}

/*
 * The work left takes T_i = @rem * time_ps[i] / time_ps[hi] at OPP i.
 * Among the OPPs predicted faster than @cur for this work (ordered by
 * T_i, not by index: on a table that pairs core and memory clocks the
 * next index can have the slower memory clock, 2.44 times slower for a
 * bandwidth-bound frame), the slowest with T_i <= @left, the least speed
 * that saves the frame; the fastest if none fits; @cur if it fits
 * itself or none is faster.
 */
static u32 frame_slowest_fit(const struct gpugov_decision *k,
			     const struct gpugov_opp_range *r, u32 cur,
			     u64 rem, u64 left)
{
	u64 top = k->time_ps[r->hi];
	u32 fit = cur, fast = cur, i;

	if (gpugov_mul_div64(rem, k->time_ps[cur], top) <= left)
		return cur;
	for (i = r->lo; i <= r->hi; i++) {
		if (k->time_ps[i] >= k->time_ps[cur])
			continue;
		if (k->time_ps[i] < k->time_ps[fast])
			fast = i;
		if (gpugov_mul_div64(rem, k->time_ps[i], top) <= left &&
		    (fit == cur || k->time_ps[i] > k->time_ps[fit]))
			fit = i;
	}
	return fit != cur ? fit : fast;
}

/**
 * gpugov_frame_raise_to() - the OPP a frame running late is raised to
 * @k: the predictions of the work so far at every OPP
 * @r: the OPPs allowed
 * @cur: the OPP in force, within @r
 * @rem: the work left, in time at OPP @r->hi
 * @left: the time it has less the checks' margin, ps
 * @whole: the time it has, ps
 *
 * The slowest OPP at least as fast as @cur whose time for the work left
 * fits @left (frame_slowest_fit()).  If none does, the margin goes: the
 * slowest that fits @whole, and the fastest only if none fits that
 * either.  Work whose time hardly depends on the core clock (a decode
 * bound by memory, at 90 % of the period at every OPP) fits no OPP
 * within the margin, and was sent to the top OPP at every frame's check
 * for no time saved: 124 switches in 60 frames and 0.913 of
 * performance's energy where the oracle spends 0.730 (docs/results.md).
 *
 * Return: the OPP.
 */
u32 gpugov_frame_raise_to(const struct gpugov_decision *k,
			  const struct gpugov_opp_range *r, u32 cur, u64 rem,
			  u64 left, u64 whole)
{
	u32 i = frame_slowest_fit(k, r, cur, rem, left);

	if (gpugov_mul_div64(rem, k->time_ps[i], k->time_ps[r->hi]) <= left)
		return i;
	return frame_slowest_fit(k, r, cur, rem, whole);
}

/*
 * A check inside the frame: raise the clock if the frame runs late, its
 * work left taken at the OPP its vsync chose (the file comment).  The
 * time left to the deadline saturates (a hint's or the grid's deadline is
 * near, but the arithmetic does not rely on it).
 */
static enum gpugov_frame_act frame_check(struct gpugov_frame_state *fs,
					 const struct gpugov_frame_ctx *c,
					 u64 now)
{
	struct gpugov_decision *k = &fs->chk;
	u64 top, done, whole, rem;
	u32 i;

	if (fs->cad.end != GPUGOV_CAD_BUSY || !fs->acc.busy_ns ||
	    now >= fs->deadline_ns)
		return GPUGOV_FRAME_KEEP;
	gpugov_decision_predict(c->st, c->wanted, &fs->acc, c->t, k);
	top = k->time_ps[c->r->hi];
	done = k->time_ps[clamp_t(u32, fs->plan_opp, c->r->lo, c->r->hi)];
	if (!top || !done)
		return GPUGOV_FRAME_KEEP;
	rem = fs->plan_ps > done ? fs->plan_ps - done : done / 2;
	rem = gpugov_mul_div64(rem, top, done);
	whole = gpugov_mul_div64(fs->deadline_ns - now, GPUGOV_PS_PER_NS, 1);
	i = gpugov_frame_raise_to(k, c->r,
				  clamp_t(u32, fs->opp, c->r->lo, c->r->hi),
				  rem, whole - whole / 8, whole);
	if (i == fs->opp || k->time_ps[i] >= k->time_ps[fs->opp])
		return GPUGOV_FRAME_KEEP;
	fs->opp = i;
	fs->raises++;
	return GPUGOV_FRAME_RAISED;
}

/*
 * The cadence sees the window: its onsets, or with the phase held (the
 * windows then frames from a vsync of the known phase, whose work started
 * at their start) or under GPUGOV_REACT_FENCE (no cadence learned) only
 * whether the GPU is busy at its end.
 */
static void frame_learn(struct gpugov_frame_state *fs,
			const struct gpugov_policy_params *p,
			const struct gpugov_frame_tick *tk)
{
	if (fs->held || p->react == GPUGOV_REACT_FENCE)
		gpugov_cadence_end(&fs->cad, tk->w->interval_ns, tk->w->busy_ns);
	else
		gpugov_cadence_window(&fs->cad, tk->now_ns, tk->w->interval_ns,
				      tk->w->busy_ns);
}

/*
 * GPUGOV_REACT_FRAME: the learned cadence's phase is held (no probes)
 * from the onset that gave it a period, and again from the first onset
 * after probing began anew (frame_phase_lost()); never with another
 * source (a fence or hint gives the phase itself).
 */
static void frame_hold(struct gpugov_frame_state *fs,
		       const struct gpugov_policy_params *p)
{
	bool was = fs->held;

	fs->held = p->react == GPUGOV_REACT_FRAME &&
		   fs->src == GPUGOV_DL_LEARNED &&
		   (fs->held || fs->cad.last_ns != fs->probe_onset_ns);
	if (!was)
		fs->held_frames = 0;
}

/*
 * At a vsync of the held phase: a period with no work at all says the
 * grid has lost the frames' phase or period (content slower than the
 * grid, or stopped), and FRAME_HOLD frames held may have drifted off it:
 * probe again (GPUGOV_FRAME_PROBE_NS) until the next onset.  A frame
 * still running at the vsync does not: a heavy frame overruns whatever
 * the phase.
 */
static void frame_phase_lost(struct gpugov_frame_state *fs)
{
	if (!fs->held || (fs->acc.busy_ns && ++fs->held_frames < FRAME_HOLD))
		return;
	fs->held = false;
	fs->probe_onset_ns = fs->cad.last_ns;
}

/* After a check inside the frame: the next (the timer's), or none. */
static void frame_next_check(struct gpugov_frame_state *fs,
			     const struct gpugov_policy_params *p, u64 period)
{
	fs->check_ns += period / FRAME_CHECKS;
	if (frame_one_check(p) ||
	    fs->check_ns + period / 16 >= fs->next_vsync_ns)
		fs->check_ns = U64_MAX;
}

/**
 * gpugov_frame_step() - one window's tick: decide, check or keep
 * @fs: state
 * @c: what a decision works with
 * @tk: the window and when it ended
 * @d: the decision, filled when one is made (GPUGOV_FRAME_DECIDED)
 * @used: the model used then
 *
 * The OPP to run at is fs->opp after every tick.
 *
 * Return: enum gpugov_frame_act.
 */
enum gpugov_frame_act gpugov_frame_step(struct gpugov_frame_state *fs,
					const struct gpugov_frame_ctx *c,
					const struct gpugov_frame_tick *tk,
					struct gpugov_decision *d,
					enum gpugov_pred_id *used)
{
	u64 now = tk->now_ns, period, base = tk->poll_ns;

	if (frame_at_polls(fs, c->p, now)) {
		/* every window decides, as the governor always has */
		fs->src = GPUGOV_DL_NONE;
		fs->period_ns = 0;
		fs->next_vsync_ns = 0;
		fs->check_ns = U64_MAX;
		frame_decide(fs, c, tk->w, d, used);
		return GPUGOV_FRAME_DECIDED;
	}
	frame_learn(fs, c->p, tk);
	frame_acc_add(&fs->acc, tk->w);
	fs->src = frame_source(fs, c->p, now, &period);
	fs->period_ns = period;
	frame_hold(fs, c->p);
	if (fs->src == GPUGOV_DL_NONE || c->p->react == GPUGOV_REACT_POLL) {
		fs->next_vsync_ns = 0;
		fs->check_ns = U64_MAX;
		if (period)
			base = period;
		/* a probe, or a poll short of the period: sample only */
		if (fs->acc.interval_ns + base / 8 < base)
			return GPUGOV_FRAME_KEEP;
		frame_decide(fs, c, &fs->acc, d, used);
		return GPUGOV_FRAME_DECIDED;
	}
	/* a fence due sooner than the boundary planned: it is the boundary */
	if (fs->src == GPUGOV_DL_FENCE && fs->fence_new &&
	    fs->fence_ns < fs->next_vsync_ns)
		fs->next_vsync_ns = fs->fence_ns;
	if (now + period / 16 >= fs->next_vsync_ns) {
		frame_phase_lost(fs);
		return frame_vsync(fs, c, now, d, used) ? GPUGOV_FRAME_DECIDED :
							  GPUGOV_FRAME_KEEP;
	}
	if (now >= fs->check_ns)
		frame_next_check(fs, c->p, period);
	return frame_check(fs, c, now);
}

/**
 * gpugov_frame_next_ns() - when the governor's timer should fire next
 * @fs: state, after the last tick
 * @p: tunables
 * @now_ns: now
 *
 * Return: the time, after @now_ns; U64_MAX for no timer (reaction off, by
 * polling, or GPUGOV_REACT_FENCE waiting for a fence:
 * gpugov_frame_fence_wakes()).
 * Probes while no source is known, to learn the cadence, and
 * (GPUGOV_REACT_FRAME) while a learned cadence's phase is not held.
 */
u64 gpugov_frame_next_ns(const struct gpugov_frame_state *fs,
			 const struct gpugov_policy_params *p, u64 now_ns)
{
	u64 t;

	if (p->react == GPUGOV_REACT_POLL || p->react == GPUGOV_REACT_OFF ||
	    gpugov_frame_fence_wakes(fs, p, now_ns))
		return U64_MAX;
	if (fs->src == GPUGOV_DL_NONE)
		return now_ns + GPUGOV_FRAME_PROBE_NS;
	t = min_t(u64, fs->next_vsync_ns, fs->check_ns);
	if (p->react == GPUGOV_REACT_FRAME && fs->src == GPUGOV_DL_LEARNED &&
	    !fs->held)
		t = min_t(u64, t, now_ns + GPUGOV_FRAME_PROBE_NS);
	return max_t(u64, t, now_ns + 1);
}

/**
 * gpugov_frame_fence_wakes() - whether the next fence deadline should
 *	wake the governor when it is set, not at the next poll
 * @fs: state, after the last tick
 * @p: tunables
 * @now_ns: the last tick's time
 *
 * GPUGOV_REACT_FENCE with no hint, waiting for a fence with no timer: at
 * polls, or with one fence seen and no period yet (no cadence is
 * learned, so the source is none until the next fence).  Deciding at
 * polls (no fence lately): the first
 * frame after a pause is decided on when its fence comes, as msm's
 * deadline boost runs from the fence's .set_deadline; at the next poll,
 * up to 50 ms later, the first three frames of a burst were decided on
 * at the clock the idle GPU had, and a burst shorter than a poll not at
 * all (docs/results.md).  After that first fence: the second gives the
 * period and the first vsync, where probing every GPUGOV_FRAME_PROBE_NS
 * to see it cost a decision each (0.1 a frame over the real-time bench).
 *
 * Return: true to be woken by the next fence deadline.
 */
bool gpugov_frame_fence_wakes(const struct gpugov_frame_state *fs,
			      const struct gpugov_policy_params *p, u64 now_ns)
{
	if (p->react != GPUGOV_REACT_FENCE || frame_hint_ns(p))
		return false;
	return frame_at_polls(fs, p, now_ns) || fs->src == GPUGOV_DL_NONE;
}

/**
 * gpugov_frame_poll_ns() - the polling interval to ask devfreq for
 * @fs: state, after the last tick
 * @p: tunables
 * @poll_ns: the device's own
 *
 * Return: @poll_ns but under GPUGOV_REACT_POLL: the frame period, or
 * GPUGOV_FRAME_PROBE_NS while none is known.
 */
u64 gpugov_frame_poll_ns(const struct gpugov_frame_state *fs,
			 const struct gpugov_policy_params *p, u64 poll_ns)
{
	if (p->react != GPUGOV_REACT_POLL)
		return poll_ns;
	return fs->period_ns ? fs->period_ns : GPUGOV_FRAME_PROBE_NS;
}
