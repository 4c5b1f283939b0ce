// SPDX-License-Identifier: GPL-2.0
/*
 * rtpolicy.c - governors stepped on the real-time engine.
 *
 * Each governor acts only on what its kernel counterpart is given: at a
 * poll, the device's busy/total since the previous one (in the profile's
 * units) and, for gpugov with a counter source, the counters of the work
 * done in that window; the oracle alone sees each frame's cost at every
 * OPP before it runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtpolicy.h"
#include "gpugov_fence.h"
#include "gpugov_fixed.h"
#include "gpugov_mali.h"
#include "sim_model.h"
#include "sim_smu.h"

/*
 * docs/sim-profiles.md; msm with 6.12's thresholds; amdgpu's bridge polls
 * at 50 ms, as the other GPU drivers, and gives simple_ondemand no
 * thresholds (its 90/5)
 */
static const struct rt_profile rt_profiles[] = {
	{ "panfrost", 50, { 45, 5 }, false, false },
	{ "panthor", 50, { 45, 5 }, false, false },
	{ "lima", 50, { 30, 5 }, false, false },
	{ "msm", 50, { 50, 10 }, true, false },
	{ "sim", 10, { 90, 5 }, false, false },
	{ "amdgpu", 50, { 90, 5 }, false, true },
};

const struct rt_profile *rt_profile_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rt_profiles); i++)
		if (!strcmp(name, rt_profiles[i].name))
			return &rt_profiles[i];
	return NULL;
}

void rt_profile_names(FILE *f)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rt_profiles); i++)
		fprintf(f, "%s%s %u ms %u/%u%s", i ? "," : "", rt_profiles[i].name,
			rt_profiles[i].polling_ms, rt_profiles[i].od.upthreshold,
			rt_profiles[i].od.downdifferential,
			rt_profiles[i].msm ? " + boost" :
			rt_profiles[i].smu ? " + SMU firmware" : "");
}

/* The profiles' names, one a line (`realtime --list-profiles`). */
void rt_profile_list(FILE *f)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rt_profiles); i++)
		fprintf(f, "%s\n", rt_profiles[i].name);
}

/* @w's segments in the engine's record layout; NULL after a message. */
static u64 *rt_records(const struct sweep *w, char *err, size_t errlen)
{
	const struct gpugov_trace *t = &w->t;
	u32 nr = t->hdr.opps.nr, s, k;
	u64 *rec = calloc((size_t)t->nr_seg * nr * GPUGOV_SB_NR_FIELDS, sizeof(u64));

	if (!rec) {
		snprintf(err, errlen, "%s: no memory for %u segments", w->path, t->nr_seg);
		return NULL;
	}
	for (s = 0; s < t->nr_seg; s++) {
		for (k = 0; k < nr; k++) {
			const struct gpugov_trace_rec *tr = gpugov_trace_sweep_at(t, s, k);

			if (!tr) {
				snprintf(err, errlen, "%s: segment %u lacks OPP %u", w->path, s, k);
				free(rec);
				return NULL;
			}
			sim_rt_rec_from_sample(&tr->s, tr->energy_pj,
					       rec + ((size_t)s * nr + k) * GPUGOV_SB_NR_FIELDS);
		}
	}
	return rec;
}

/**
 * rt_setup_init() - the scenario of sweep @w, paced and scaled
 * @su: setup; @prof, @od, @view, @pred and @params already set
 * @w: a sweep trace of fixed-work segments
 * @period_ns: refresh period
 * @poll_ns: polling interval
 * @load_pct: the mean frame lasts this share of @period_ns at the top OPP
 * @segs_per_frame: segments a frame
 * @err: message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with @err set (a trace or scenario the engine refuses).
 */
int rt_setup_init(struct rt_setup *su, const struct sweep *w, u64 period_ns,
		  u64 poll_ns, u32 load_pct, u32 segs_per_frame, char *err,
		  size_t errlen)
{
	const struct gpugov_opp_table *t = &w->t.hdr.opps;
	enum sim_rt_status st;
	static struct sim_rt rt;
	u64 *rec;
	u32 k;

	su->w = w;
	if (w->t.hdr.interval == GPUGOV_INTERVAL_EPOCH) {
		snprintf(err, errlen, "%s: fixed-time epochs: real time needs segments "
			 "of fixed work, the same at every OPP", w->path);
		return -1;
	}
	rec = rt_records(w, err, errlen);
	if (!rec)
		return -1;
	su->sc = (struct sim_rt_scenario){
		.rec = rec, .nr_segs = w->t.nr_seg, .nr_opps = t->nr,
		.segs_per_frame = segs_per_frame, .period_ns = period_ns,
		.poll_ns = poll_ns, .start_opp = t->nr - 1,
	};
	for (k = 0; k < t->nr; k++)
		su->sc.idle_uw[k] = gpugov_idle_uw(&su->params.power, &t->opp[k]);
	st = sim_rt_load_scale(&su->sc, load_pct);
	if (st == SIM_RT_OK)
		st = sim_rt_init(&rt, &su->sc);
	if (st == SIM_RT_OK)
		return 0;
	snprintf(err, errlen, "%s: %s", w->path, sim_rt_status_str(st));
	rt_setup_free(su);
	return -1;
}

void rt_setup_free(struct rt_setup *su)
{
	free((u64 *)su->sc.rec);
	su->sc.rec = NULL;
}

/*
 * msm's deadline boost comes this long before a fence's deadline
 * (msm_fence_set_deadline(), Linux 6.4+).
 */
#define RT_MSM_DL_LEAD_NS	3000000ULL

/*
 * One policy's run: the engine, gpugov's state, msm's busy counter (its
 * running busy time and cycles at the previous read), the floor a boost
 * sets (0: none) and when it ends, when gpugov's own timer fires, whether
 * the next fence deadline wakes it instead (gpugov_frame_fence_wakes()), the
 * frame deadline its source keeps (gpugov_fence.c; 0: none), when the GPU
 * started the frame it runs, and (the frontier) the arrival of the frame
 * in flight, ~0 when none is.  msm's deadline rule (RT_ONDEMAND with
 * @pol.fence on msm): its fence context's next deadline (none yet: msm's
 * starts at the context's creation, before any frame) and the frame it is
 * for, and when its deadline timer fires.  @boosts: msm's boosts and
 * gpugov's raises inside a frame.  The engine has one timer: it is armed
 * for the earliest (the frontier's in-frame check uses it alone).
 */
struct rt_state {
	const struct rt_setup *su;
	struct rt_policy pol;
	const struct rt_seq *seq;
	u32 nr_dec;
	struct sim_rt rt;
	struct govstep g;
	u64 msm_busy_ns;
	u64 msm_cycles;
	u32 floor;
	u64 boost_end_ns;
	u64 gov_ns;
	bool gov_on_fence;
	u64 fence_ns;
	bool msm_dl_set;
	u64 msm_dl_ns;
	u32 msm_dl_frame;
	u64 msm_dl_timer_ns;
	u64 boosts;
	struct sim_smu smu;
	u64 start_ns;
	u64 in_flight_ns;
};

/* get_dev_status(): busy and total time of @win in the profile's units. */
static void rt_status(struct rt_state *x, const struct sim_rt_window *win,
		      u64 *busy, u64 *total)
{
	u64 cyc;

	if (x->su->prof->smu) {
		/* the bridge: the firmware's averaged GFX activity */
		*busy = sim_smu_load_pct(&x->smu);
		*total = 100;
		return;
	}
	if (!x->su->prof->msm) {
		*busy = win->f[GPUGOV_SB_BUSY_NS];
		*total = win->f[GPUGOV_SB_INTERVAL_NS];
		return;
	}
	x->msm_busy_ns += win->f[GPUGOV_SB_BUSY_NS];
	cyc = sim_msm_cycles(x->msm_busy_ns);
	*busy = sim_msm_busy_us(cyc - x->msm_cycles);
	x->msm_cycles = cyc;
	*total = win->f[GPUGOV_SB_INTERVAL_NS] / 1000;	/* ktime_us_delta() */
}

/*
 * The sample gpugov builds: without a source, busy/total scaled to its
 * own interval (governor/gpugov_poll.c); with one, the window's counters,
 * or Mali's of them.
 */
static void rt_sample(const struct rt_state *x, const struct sim_rt_window *win,
		      u64 busy, u64 total, struct gpugov_sample *s)
{
	const struct gpugov_opp *o = &x->su->w->t.hdr.opps.opp[win->opp];
	static struct gpugov_sample full;

	memset(&full, 0, offsetof(struct gpugov_sample, waves));
	full.interval_ns = win->f[GPUGOV_SB_INTERVAL_NS];
	full.core_khz = o->core_khz;
	switch (x->su->view) {
	case RT_VIEW_STOCK:
		full.busy_ns = total ? gpugov_mul_div64(full.interval_ns,
							min_t(u64, busy, total), total) : 0;
		break;
	default:
		sim_rt_source_sample(win, o->core_khz, o->mem_khz, x->su->w->t.hdr.caps,
				     &full);
	}
	if (x->su->view == RT_VIEW_MALI)
		gpugov_mali_view(s, &full);
	else
		memcpy(s, &full, offsetof(struct gpugov_sample, waves));
}

/* The engine's timer: the boost's end, msm's deadline timer, gpugov's. */
static void rt_arm(struct rt_state *x)
{
	sim_rt_set_timer(&x->rt, min_t(u64, min_t(u64, x->boost_end_ns, x->gov_ns),
				       x->msm_dl_timer_ns));
}

/*
 * gpugov's tick on window @win: its timer and, reacting by polling, the
 * polling interval it asks for (in whole ms, as devfreq_update_interval()
 * takes it).
 */
static u32 rt_gpugov_tick(struct rt_state *x, const struct sim_rt_window *win,
			  u64 busy, u64 total, const struct gpugov_opp_range *r)
{
	static struct gpugov_sample s;
	u64 now = x->rt.now, poll = x->su->sc.poll_ns, ms, fence;

	rt_sample(x, win, busy, total, &s);
	fence = gpugov_fence_take(&x->fence_ns, now);	/* gpugov_source_read() */
	if (fence)
		gpugov_frame_fence(&x->g.fr, fence);
	govstep_tick(&x->g, &x->su->w->t.hdr.opps, r, &s, now, poll);
	x->gov_ns = gpugov_frame_next_ns(&x->g.fr, &x->g.params, now);
	x->gov_on_fence = gpugov_frame_fence_wakes(&x->g.fr, &x->g.params, now);
	if (x->g.params.react == GPUGOV_REACT_POLL && poll) {
		ms = max_t(u64, gpugov_frame_poll_ns(&x->g.fr, &x->g.params, poll) /
			   1000000, 1);
		if (ms * 1000000 != x->rt.poll_ns)
			sim_rt_set_poll(&x->rt, ms * 1000000);
	}
	return max_t(u32, x->g.fr.opp, x->floor);
}

/*
 * The governor's decision now: at a poll, when a QoS floor changes, or at
 * gpugov's own timer.  Each is a call of the governor (counted as a
 * decision), even where gpugov keeps the OPP.
 */
static void rt_decide(struct rt_state *x, enum sim_rt_cause why)
{
	const struct gpugov_opp_table *t = &x->su->w->t.hdr.opps;
	struct gpugov_opp_range r = { x->floor, t->nr - 1 };
	struct sim_rt_window win;
	u64 busy, total;
	u32 next;

	sim_rt_take_window(&x->rt, &win);
	rt_status(x, &win, &busy, &total);
	if (x->pol.kind == RT_ONDEMAND) {
		next = ondemand_round_up(t, ondemand_target_hz(&x->su->od, busy, total,
				(u64)t->opp[win.opp].core_khz * 1000));
		next = max_t(u32, next, x->floor);	/* the devfreq core's clamp */
	} else {
		next = rt_gpugov_tick(x, &win, busy, total, &r);
	}
	if (x->su->prof->smu)
		sim_smu_rt_target(&x->smu, &x->rt, next);
	else
		sim_rt_set_opp(&x->rt, next);
	/* the OPP in force: amdgpu's firmware's, within the range set */
	if (x->seq && x->seq->f)
		fprintf(x->seq->f, "%s,%s," SIM_RT_LOG_FMT "\n", x->seq->workload,
			x->seq->policy, x->nr_dec, (unsigned long long)x->rt.now,
			sim_rt_cause_name(why), (unsigned long long)busy,
			(unsigned long long)total, x->rt.opp);
	x->nr_dec++;
	rt_arm(x);
}

/*
 * msm_devfreq_boost(gpu, 2): a PM QoS floor of twice the clock in force,
 * which devfreq applies at once (a decision) and msm drops one polling
 * interval later (another).
 */
static void rt_msm_boost(struct rt_state *x, u64 now)
{
	const struct gpugov_opp_table *t = &x->su->w->t.hdr.opps;

	x->floor = ondemand_round_up(t, (u64)t->opp[x->rt.opp].core_khz * 2000);
	x->boost_end_ns = now + x->su->sc.poll_ns;
	x->boosts++;
	rt_decide(x, SIM_RT_BOOST);
}

/* msm_devfreq_active(): a boost after an idle longer than the interval. */
static void rt_msm_active(struct rt_state *x, const struct sim_rt_event *ev)
{
	if (sim_msm_boosts(ev->idle_ns, x->su->sc.poll_ns))
		rt_msm_boost(x, ev->now_ns);
}

/*
 * msm's deadline_work(): a boost, unless the frame of the deadline is
 * done by now (frames finish in order).
 */
static void rt_msm_deadline_work(struct rt_state *x, u64 now)
{
	if (x->rt.res.frames > x->msm_dl_frame)
		rt_arm(x);
	else
		rt_msm_boost(x, now);
}

/*
 * msm_fence_set_deadline() given the frame's fence deadline: a deadline
 * sooner than the fence context's next one, or any once that one passed,
 * becomes the next; its boost is due 3 ms before it, at once if that has
 * passed (the timer armed before stays armed then, as msm leaves it).
 */
static void rt_msm_deadline(struct rt_state *x, const struct sim_rt_event *ev)
{
	u64 now = ev->now_ns, at;

	if (x->msm_dl_set && now <= x->msm_dl_ns && ev->fence_ns >= x->msm_dl_ns)
		return;
	x->msm_dl_set = true;
	x->msm_dl_ns = ev->fence_ns;
	x->msm_dl_frame = max_t(u32, x->msm_dl_frame, ev->frame);
	at = ev->fence_ns > RT_MSM_DL_LEAD_NS ? ev->fence_ns - RT_MSM_DL_LEAD_NS : 0;
	if (now > at) {
		rt_msm_deadline_work(x, now);
		return;
	}
	x->msm_dl_timer_ns = at;
	rt_arm(x);
}

/*
 * The no-loss oracle at the start of a frame: the OPP of least energy
 * (the frame's work, then idling there until the frame's deadline, when
 * the next frame comes) among those that finish it in time; the top OPP
 * if none does.
 */
static void rt_oracle(struct rt_state *x, const struct sim_rt_event *ev)
{
	u32 nr = x->su->sc.nr_opps, k, best = nr - 1;
	u64 ns, pj, e, best_e = U64_MAX;

	for (k = 0; k < nr; k++) {
		sim_rt_frame_cost(&x->rt, ev->frame, k, &ns, &pj);
		if (ev->now_ns + ns > ev->deadline_ns)
			continue;
		e = pj + gpugov_mul_div64(x->su->sc.idle_uw[k],
					  ev->deadline_ns - ev->now_ns - ns, 1000);
		if (e < best_e) {
			best_e = e;
			best = k;
		}
	}
	sim_rt_set_opp(&x->rt, best);
}

/*
 * The frontier at the start of frame @ev->frame: its choice from the
 * frames done (rt_frontier_opp()) and, with an in-frame check, the top
 * OPP at once if the check's time (the frame's arrival, one period before
 * its deadline, + check % of the period) has passed, else the check armed.
 */
static void rt_frontier_start(struct rt_state *x, const struct sim_rt_event *ev)
{
	const struct rt_frontier *fp = &x->pol.front;
	u64 period = x->su->sc.period_ns, check;

	x->in_flight_ns = ev->deadline_ns - period;
	check = x->in_flight_ns + div_u64(period * fp->check_pct, 100);
	if (fp->check_pct && ev->now_ns >= check) {
		sim_rt_set_opp(&x->rt, x->su->sc.nr_opps - 1);
		return;
	}
	sim_rt_set_opp(&x->rt, rt_frontier_opp(&x->rt, fp, ev->frame));
	if (fp->check_pct)
		sim_rt_set_timer(&x->rt, check);
}

/* The frontier's in-frame check: a frame still in flight runs at the top. */
static void rt_frontier_check(struct rt_state *x)
{
	if (x->in_flight_ns != SIM_RT_NEVER)
		sim_rt_set_opp(&x->rt, x->su->sc.nr_opps - 1);
}

/*
 * --frames: frame @ev->frame is done; its line, arrival (the vsync it came
 * with, its deadline one period before), start, completion, deadline,
 * whether it janked (done after its deadline, as the engine counts it) and
 * the OPP it finished at.
 */
static void rt_frame_done(const struct rt_state *x, const struct sim_rt_event *ev)
{
	if (!x->seq || !x->seq->frames)
		return;
	fprintf(x->seq->frames, "%s,%s,%u,%llu,%llu,%llu,%llu,%d,%u\n", x->seq->workload,
		x->seq->policy, ev->frame, (unsigned long long)(ev->now_ns - ev->latency_ns),
		(unsigned long long)x->start_ns, (unsigned long long)ev->now_ns,
		(unsigned long long)ev->deadline_ns, ev->now_ns > ev->deadline_ns,
		x->rt.opp);
}

/*
 * A timer event: msm's boost ends, msm's deadline timer or gpugov's timer
 * fires; one at a time, the next re-armed at once if also due.
 */
static void rt_timer(struct rt_state *x, u64 now)
{
	if (x->pol.kind == RT_FRONTIER) {
		rt_frontier_check(x);
		return;
	}
	if (now >= x->boost_end_ns) {
		x->floor = 0;
		x->boost_end_ns = SIM_RT_NEVER;
		rt_decide(x, SIM_RT_UNBOOST);
		return;
	}
	if (now >= x->msm_dl_timer_ns) {
		x->msm_dl_timer_ns = SIM_RT_NEVER;
		rt_msm_deadline_work(x, now);
		return;
	}
	rt_decide(x, SIM_RT_TIMER);	/* gpugov's own timer */
}

/*
 * gpugov waiting for a fence (react fence at polls) and the frame arriving
 * with one: a decision at once, as its work woken by the deadline
 * (gpugov_source_set_deadline()) or by gpugov_sim's engine stopping at the
 * arrival (GPUGOV_TIMER_ON_FENCE); msm's boost at the same arrival decides
 * first, and gpugov then no longer waits.
 */
static void rt_fence_wake(struct rt_state *x)
{
	if (!x->pol.fence || x->pol.kind != RT_GPUGOV || !x->gov_on_fence)
		return;
	x->gov_on_fence = false;
	rt_decide(x, SIM_RT_TIMER);
}

/**
 * rt_policy_run() - run one policy over the scenario of @su
 * @su: setup (rt_setup_init())
 * @pol: the policy
 * @seq: where to write each decision of a governor (SIM_RT_LOG_FMT) and
 *	each finished frame (rt_frame_done()), or NULL
 * @res: out: its totals
 *
 * A governor (simple_ondemand, gpugov) starts at @su->start_opp, where
 * the device is when its run begins; performance and the oracle at the
 * top OPP.  On amdgpu the SMU firmware picks the clock for the governors
 * (under their soft maximum) and alone (RT_FIRMWARE, from the top OPP);
 * performance is the top level forced (power_dpm_force_performance_level
 * high), the oracle a bound without firmware.
 *
 * Return: 0, or -1 if the engine refuses the scenario (not after
 * rt_setup_init() accepted it).
 */
int rt_policy_run(const struct rt_setup *su, const struct rt_policy *pol,
		  const struct rt_seq *seq, struct sim_rt_result *res)
{
	static struct rt_state x;
	bool governs = pol->kind == RT_ONDEMAND || pol->kind == RT_GPUGOV;
	struct gpugov_policy_params par = su->params;
	struct sim_rt_scenario sc = su->sc;
	struct sim_rt_event ev;

	memset(&x, 0, sizeof(x));
	x.su = su;
	x.pol = *pol;
	x.seq = seq;
	x.boost_end_ns = SIM_RT_NEVER;
	x.gov_ns = SIM_RT_NEVER;
	x.msm_dl_timer_ns = SIM_RT_NEVER;
	x.in_flight_ns = SIM_RT_NEVER;
	if (governs)
		sc.start_opp = su->start_opp;
	if (sim_rt_init(&x.rt, &sc) != SIM_RT_OK)
		return -1;
	if (su->prof->smu && (governs || pol->kind == RT_FIRMWARE)) {
		const struct gpugov_opp_table *t = &su->w->t.hdr.opps;
		u32 khz[GPUGOV_MAX_OPPS], k;

		for (k = 0; k < t->nr; k++)
			khz[k] = t->opp[k].core_khz;
		sim_smu_init(&x.smu, khz, t->nr, sc.start_opp);
		/* a governor's run: the bridge's last soft max is where it starts */
		if (governs)
			sim_smu_set_range(&x.smu, 0, sc.start_opp);
		sim_smu_rt_start(&x.smu, &x.rt);
	}
	if (pol->kind == RT_GPUGOV) {
		/* the hint: --frame-period-us, else the true period */
		par.react = pol->react;
		if (!pol->hint)
			par.frame_period_us = 0;
		else if (!par.frame_period_us)
			par.frame_period_us = (u32)div_u64(su->sc.period_ns, 1000);
		govstep_init(&x.g, su->w, su->pred, &par, par.objective);
		x.g.fr.opp = sc.start_opp;	/* where the device is */
		x.gov_ns = gpugov_frame_next_ns(&x.g.fr, &x.g.params, 0);
		x.gov_on_fence = gpugov_frame_fence_wakes(&x.g.fr, &x.g.params, 0);
		rt_arm(&x);
	}
	do {
		sim_rt_step(&x.rt, &ev);
		if (ev.kind == SIM_RT_EV_POLL && governs) {
			rt_decide(&x, SIM_RT_POLL);
		} else if (ev.kind == SIM_RT_EV_ARRIVE && governs) {
			/* the compositor's fence deadline, then msm's boost */
			if (pol->fence && pol->kind == RT_GPUGOV)
				gpugov_fence_set(&x.fence_ns, ev.fence_ns, ev.now_ns);
			if (su->prof->msm)
				rt_msm_active(&x, &ev);
			rt_fence_wake(&x);
			/* msm's deadline rule: the deadline comes after the submit */
			if (pol->fence && su->prof->msm && pol->kind == RT_ONDEMAND)
				rt_msm_deadline(&x, &ev);
		} else if (ev.kind == SIM_RT_EV_TIMER) {
			rt_timer(&x, ev.now_ns);
		} else if (ev.kind == SIM_RT_EV_START) {
			x.start_ns = ev.now_ns;
			if (pol->kind == RT_ORACLE)
				rt_oracle(&x, &ev);
			else if (pol->kind == RT_FRONTIER)
				rt_frontier_start(&x, &ev);
		} else if (ev.kind == SIM_RT_EV_DONE) {
			rt_frame_done(&x, &ev);
			x.in_flight_ns = SIM_RT_NEVER;
		} else if (ev.kind == SIM_RT_EV_FW) {
			sim_smu_rt_eval(&x.smu, &x.rt);
		}
	} while (ev.kind != SIM_RT_EV_END);
	*res = x.rt.res;
	res->boosts = x.boosts + x.g.fr.raises;
	return 0;
}
