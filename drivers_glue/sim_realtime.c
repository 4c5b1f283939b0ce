// SPDX-License-Identifier: GPL-2.0
/*
 * sim_realtime.c - gpugov_sim's real-time mode: the device runs the
 * real-time engine (sim_rt.h, DESIGN.md section 7a) that
 * `gpugov-replay realtime` runs, in simulated time, so that a governor's
 * decisions in the kernel are the replay's, poll by poll.
 *
 * Frames arrive every 1/hz s of simulated time, each with segs_per_frame
 * segments of the trace, scaled so that the mean frame lasts load % of
 * the period at the top OPP (sim_rt_load_scale(), as the replay scales);
 * the GPU runs them in order at the OPP in force.
 *
 * Simulated time.  The device keeps its own clock, which moves only as
 * below, never with the guest's real time, so a run is the same however
 * fast the guest runs:
 *
 * - The devfreq monitor's poll (devfreq_monitor(), recognised by
 *   current_work() being the devfreq device's work) advances the engine
 *   by exactly one polling interval, to its next poll, and reports that
 *   window.  Whatever the real delay between two polls, one poll is one
 *   interval.
 * - The polling interval is devfreq's polling_ms as the monitor's poll
 *   finds it.  devfreq_update_interval() (the polling_interval sysfs file,
 *   or a governor asking for another interval) thus takes effect as in
 *   the devfreq core: a shorter interval counts from the previous poll's
 *   simulated time, a longer one after the poll already due
 *   (sim_rt_set_poll()).
 * - Any other get_dev_status() (update_devfreq() from a QoS or min/max
 *   change, a thermal cap, a governor that re-decides on its own, the
 *   sysfs files that read the status) takes the window up to the
 *   simulated time now, without advancing it: right after a poll that is
 *   an empty window.  It is logged as an "other" decision, which the
 *   replay has none of.
 * - msm's boost (sim_model.h: after an idle longer than the polling
 *   interval, a PM QoS floor of twice the clock, dropped one interval
 *   later) falls between two polls.  Its QoS update cannot come from
 *   get_dev_status(), which runs under devfreq->lock that the QoS
 *   notifier takes, so after each decision the device runs a copy of the
 *   engine ahead to the next poll; if a boost or its end comes first,
 *   sim_rtdev_oob() runs the engine to it and sets the floor, and the
 *   notifier's update_devfreq() is that decision, at that simulated time.
 * - gpugov's own timer runs on the simulated clock: the counter source
 *   gives gpugov its time (sim_rtdev_clock()) and takes its timer
 *   (sim_rtdev_arm_timer()).  The engine has one timer, armed for the
 *   earlier of gpugov's and the end of msm's boost, as the replay does.
 *   When gpugov's comes before the next poll, sim_rtdev_oob() runs the
 *   engine to it and calls gpugov_source_timer_fired(); gpugov's work then
 *   re-decides, and its get_dev_status() takes the window up to that
 *   time (a "timer" decision).
 *   Should the monitor's next poll come before such a decision has been
 *   taken (a slow guest), the poll fails with -EAGAIN without advancing
 *   (devfreq logs it and polls again one interval later), so the order
 *   stays.
 * - With rt_fence (Linux 6.4+), each frame's deadline, the vsync after it
 *   arrives, goes to gpugov when it arrives, as the atomic helper sets
 *   the next vblank as the deadline of a plane's fence and the driver's
 *   .set_deadline hands it on (gpugov_source_set_deadline()); with rt_vrr
 *   (a variable-refresh display) that deadline is the arrival itself.
 * - Suspend (devfreq_suspend_device(), the suspend control) stops the
 *   monitor: no polls, so simulated time stands still and the frames wait;
 *   no out-of-band decision runs while suspended.  Resume restarts the
 *   monitor, whose next poll advances one interval from where time stood.
 * - A governor switch starts the new governor's monitor: its first poll
 *   advances one interval.
 *
 * The run ends when the engine does (every frame done, the last period
 * over); the poll that finds it reports an idle interval, as the per-
 * segment mode does after the trace's end.
 */
#include <linux/devfreq.h>
#include <linux/module.h>
#include <linux/pm_qos.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <linux/workqueue.h>

#include "gpugov_mali.h"
#include "sim.h"

static unsigned int sim_rt_hz;
module_param_named(rt_hz, sim_rt_hz, uint, 0444);
MODULE_PARM_DESC(rt_hz,
		 "real-time mode: frames at this refresh rate (1-10000 Hz); 0 (default): one segment per poll");

static unsigned int sim_rt_load = 60;
module_param_named(rt_load, sim_rt_load, uint, 0444);
MODULE_PARM_DESC(rt_load,
		 "real-time mode: the mean frame at the top OPP, % of the period (1-100, default 60)");

static unsigned int sim_rt_segs = 1;
module_param_named(rt_segs_per_frame, sim_rt_segs, uint, 0444);
MODULE_PARM_DESC(rt_segs_per_frame,
		 "real-time mode: trace segments a frame (default 1)");

static bool sim_rt_fence;
module_param_named(rt_fence, sim_rt_fence, bool, 0444);
MODULE_PARM_DESC(rt_fence,
		 "real-time mode: give gpugov each frame's vsync as its fence deadline (Linux 6.4+; default off)");

static bool sim_rt_vrr;
module_param_named(rt_vrr, sim_rt_vrr, bool, 0444);
MODULE_PARM_DESC(rt_vrr,
		 "real-time mode: a variable-refresh display: each frame's fence deadline is its arrival (default off)");

static void sim_rtdev_oob(struct work_struct *work);

/*
 * Check a configuration: hz 0 is the per-segment mode, else a period of
 * 0.1 ms to 1 s, a load of 1..100 % and at least one segment a frame.
 */
static int sim_rtdev_check(u32 hz, u32 load, u32 segs_per_frame)
{
	if (!hz)
		return 0;
	if (NSEC_PER_SEC / hz < SIM_RT_PERIOD_MIN_NS || !load || load > 100 ||
	    !segs_per_frame)
		return -EINVAL;
	return 0;
}

/**
 * sim_rtdev_setup() - the real-time state of a new device, from the
 *	module parameters (checked by sim_init())
 * @sd: device
 */
void sim_rtdev_setup(struct sim_dev *sd)
{
	sd->rtd.hz = sim_rt_hz;
	sd->rtd.load = sim_rt_load;
	sd->rtd.segs_per_frame = sim_rt_segs;
	sd->rtd.fence = sim_rt_fence;
	sd->rtd.vrr = sim_rt_vrr;
	sd->rtd.gov_ns = SIM_RT_NEVER;
	sd->rtd.boost_end_ns = SIM_RT_NEVER;
	INIT_WORK(&sd->rtd.oob_work, sim_rtdev_oob);
}

/**
 * sim_rtdev_params_ok() - the module parameters make a configuration
 *
 * Return: 0 or -EINVAL (rt_fence before Linux 6.4, which has no fence
 * deadlines).
 */
int sim_rtdev_params_ok(void)
{
	if (sim_rt_fence && LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0))
		return -EINVAL;
	return sim_rtdev_check(sim_rt_hz, sim_rt_load, sim_rt_segs);
}

/**
 * sim_rtdev_configure() - set the real-time mode of the next run
 * @sd: device
 * @hz: refresh rate, 0 for the per-segment mode
 * @load: mean frame at the top OPP, % of the period
 * @segs_per_frame: segments a frame
 *
 * Return: 0; -EINVAL for values out of range, -EBUSY during a run (the
 * configuration then stays).
 */
int sim_rtdev_configure(struct sim_dev *sd, u32 hz, u32 load,
			u32 segs_per_frame)
{
	struct sim_rtdev *r = &sd->rtd;
	int err = sim_rtdev_check(hz, load, segs_per_frame);

	if (err)
		return err;
	spin_lock(&sd->lock);
	if (sd->running) {
		err = -EBUSY;
	} else {
		r->hz = hz;
		r->load = load;
		r->segs_per_frame = segs_per_frame;
	}
	spin_unlock(&sd->lock);
	return err;
}

/**
 * sim_rtdev_start() - start a real-time run of the trace from time 0, at
 *	the OPP in force
 * @sd: device with a devfreq device, in real-time mode; ctl_lock held
 *
 * Clears the log and the busy counters the profile reports from (msm's
 * cycle counter starts at 0, as the replay's does).
 *
 * Return: 0, -ENOMEM, or -EINVAL if the engine refuses the scenario (the
 * reason goes to the kernel log).
 */
int sim_rtdev_start(struct sim_dev *sd)
{
	struct sim_rtdev *r = &sd->rtd;
	const struct sim_trace *t = sd->trace;
	struct sim_rt_scenario sc = { 0 };
	enum sim_rt_status st;

	if (!r->log) {
		r->log = kvcalloc(SIM_RTLOG_CAP, sizeof(*r->log), GFP_KERNEL);
		if (!r->log)
			return -ENOMEM;
	}
	/* No poll while the run is set up: it starts between two polls. */
	mutex_lock(&sd->df->lock);
	spin_lock(&sd->lock);
	r->on = false;
	r->ended = false;
	r->oob_pending = false;
	/* a new timeline: a timer or a boost of the last one means nothing */
	r->tick_due = false;
	r->deciding = false;
	r->gov_ns = SIM_RT_NEVER;
	r->boost_end_ns = SIM_RT_NEVER;
	sd->running = false;
	sim_meter_fold_rt(sd, false);
	sc.start_opp = sd->cur;
	spin_unlock(&sd->lock);
	sc.rec = t->rec;
	sc.nr_segs = t->nr_segs;
	sc.nr_opps = t->nr_opps;
	sc.segs_per_frame = r->segs_per_frame;
	sc.period_ns = NSEC_PER_SEC / r->hz;
	sc.poll_ns = (u64)sd->profile.polling_ms * NSEC_PER_MSEC;
	sc.vrr = r->vrr;
	/* The engine is not live: it is set up outside the spinlock. */
	st = sim_rt_load_scale(&sc, r->load);
	if (st == SIM_RT_OK)
		st = sim_rt_init(&r->rt, &sc);
	if (st == SIM_RT_OK) {
		spin_lock(&sd->lock);
		r->on = true;
		r->have_win = false;
		r->frame = 0;
		r->deadline_ns = 0;
		r->log_len = 0;
		r->log_open = false;
		r->log_dropped = 0;
		sim_meter_fold_rt(sd, true);
		sd->running = true;
		sd->busy_sum_ns = 0;
		sd->msm_cycles = 0;
		sd->msm_time_ns = sd->clock_ns;
		sd->acc_busy_ns = 0;
		sd->acc_idle_ns = 0;
		if (sd->prof->smu)	/* amdgpu: the firmware runs the clock */
			sim_smu_rt_start(&sd->smu, &r->rt);
		spin_unlock(&sd->lock);
	}
	mutex_unlock(&sd->df->lock);
	if (st == SIM_RT_OK)
		return 0;
	dev_info(&sd->pdev->dev, "cannot run in real time: %s\n",
		 sim_rt_status_str(st));
	return -EINVAL;
}

/**
 * sim_rtdev_stop() - stop a real-time run where it is
 * @sd: device; sd->lock held
 */
void sim_rtdev_stop(struct sim_dev *sd)
{
	sd->rtd.on = false;
	sd->rtd.oob_pending = false;
	sd->rtd.tick_due = false;
	sd->rtd.have_win = false;
}

/**
 * sim_rtdev_free() - stop and free what a device's real-time mode holds
 * @sd: device whose devfreq device is gone; ctl_lock held
 */
void sim_rtdev_free(struct sim_dev *sd)
{
	spin_lock(&sd->lock);
	sim_rtdev_stop(sd);
	spin_unlock(&sd->lock);
	cancel_work_sync(&sd->rtd.oob_work);
	kvfree(sd->rtd.log);
	sd->rtd.log = NULL;
}

/**
 * sim_rtdev_pause() - suspend and resume: no out-of-band decision while
 *	suspended (polls stop with the monitor)
 * @sd: device; ctl_lock held
 * @pause: before suspending, or after resuming
 */
void sim_rtdev_pause(struct sim_dev *sd, bool pause)
{
	struct sim_rtdev *r = &sd->rtd;

	spin_lock(&sd->lock);
	r->paused = pause;
	if (!pause && r->oob_pending)
		queue_work(system_wq, &r->oob_work);
	spin_unlock(&sd->lock);
	if (pause)
		cancel_work_sync(&r->oob_work);
}

/*
 * Run @rt to its next event that is a poll, the end, or (@oob) one that
 * msm decides on out of band, or a frame's arrival with its fence deadline
 * while gpugov waits for one (GPUGOV_TIMER_ON_FENCE), and return it.
 * @track: note the frames the GPU starts and their deadlines, and hand on
 * the fence deadlines (the live engine, not a copy run ahead).
 */
static void sim_rtdev_run_to(struct sim_dev *sd, struct sim_rt *rt, bool oob,
			     bool track, struct sim_rt_event *ev)
{
	bool msm = sd->prof->msm_pm;

	for (;;) {
		sim_rt_step(rt, ev);
		switch (ev->kind) {
		case SIM_RT_EV_POLL:
		case SIM_RT_EV_END:
			return;
		case SIM_RT_EV_START:
			if (track) {
				sd->rtd.frame = ev->frame;
				sd->rtd.deadline_ns = ev->deadline_ns;
			}
			break;
		case SIM_RT_EV_ARRIVE:
			if (track && sd->rtd.fence && sd->rtd.set_deadline)
				sd->rtd.set_deadline(&sd->src,
						     ns_to_ktime(ev->fence_ns),
						     ev->now_ns);
			if (oob && msm && sim_msm_boosts(ev->idle_ns, rt->poll_ns))
				return;
			if (oob && sd->rtd.fence &&
			    sd->rtd.gov_ns == GPUGOV_TIMER_ON_FENCE)
				return;
			break;
		case SIM_RT_EV_TIMER:
			if (oob)
				return;
			break;
		case SIM_RT_EV_FW:	/* amdgpu's firmware, on the live run */
			if (track) {
				sim_smu_rt_eval(&sd->smu, rt);
				sd->cur = rt->opp;
			}
			break;
		default:
			break;
		}
	}
}

/* Record a decision's status; its OPP comes with target(). */
static void sim_rtdev_log(struct sim_dev *sd, enum sim_rt_cause why,
			  const struct devfreq_dev_status *stat)
{
	struct sim_rtdev *r = &sd->rtd;
	struct sim_rtlog *e;

	r->log_open = false;
	if (r->log_len >= SIM_RTLOG_CAP) {
		r->log_dropped++;
		return;
	}
	e = &r->log[r->log_len++];
	e->time_ns = r->rt.now;
	e->busy = stat->busy_time;
	e->total = stat->total_time;
	e->cause = why;
	e->opp = sd->cur;
	r->log_open = true;
}

/**
 * sim_rtdev_status() - get_dev_status() of a real-time run
 * @sd: device; sd->lock held, called under devfreq->lock
 * @stat: busy_time and total_time to fill
 *
 * See the top of this file for how each caller maps onto simulated time.
 *
 * Return: 0, or -EAGAIN for a monitor poll that an out-of-band decision
 * due before it has not yet been taken (time does not advance).
 */
int sim_rtdev_status(struct sim_dev *sd, struct devfreq_dev_status *stat)
{
	struct sim_rtdev *r = &sd->rtd;
	struct work_struct *caller = current_work();
	enum sim_rt_cause why = SIM_RT_OTHER;
	struct sim_rt_event ev;

	if (caller == &sd->df->work.work) {
		why = SIM_RT_POLL;
		/* out of range (over 60 s): the interval in force stays */
		sim_rt_set_poll(&r->rt, (u64)sd->profile.polling_ms * NSEC_PER_MSEC);
		if (r->tick_due ||
		    (r->oob_pending && r->oob_at <= sim_rt_next_poll(&r->rt)))
			return -EAGAIN;
		r->oob_pending = false;
		sim_rtdev_run_to(sd, &r->rt, false, true, &ev);
		if (ev.kind == SIM_RT_EV_END) {
			sim_rtdev_stop(sd);
			r->ended = true;
			sd->running = false;
			sim_profile_status(sd, 0, (u64)max(sd->profile.polling_ms, 1U) *
					   NSEC_PER_MSEC, stat);
			return 0;
		}
	} else if (caller == &r->oob_work) {
		why = r->oob_cause;
	} else if (r->tick_due) {
		why = SIM_RT_TIMER;	/* gpugov's work, after timer_fired() */
		r->tick_due = false;
	}
	sim_rt_take_window(&r->rt, &r->win);
	r->have_win = true;
	r->deciding = true;
	sim_profile_status(sd, r->win.f[GPUGOV_SB_BUSY_NS],
			   r->win.f[GPUGOV_SB_INTERVAL_NS], stat);
	sim_rtdev_log(sd, why, stat);
	return 0;
}

/*
 * The engine's one timer: the earlier of gpugov's and the boost's end;
 * gpugov's at the next fence deadline is no time (the look-ahead stops at
 * that frame's arrival, sim_rtdev_run_to()).
 */
static void sim_rtdev_arm(struct sim_rtdev *r)
{
	u64 gov = r->gov_ns == GPUGOV_TIMER_ON_FENCE ? SIM_RT_NEVER : r->gov_ns;

	sim_rt_set_timer(&r->rt, min(gov, r->boost_end_ns));
}

/*
 * After a decision or a change of gpugov's timer: run a copy of the
 * engine ahead to the next poll; if msm's boost or its end, or gpugov's
 * timer, comes first, have sim_rtdev_oob() run to it.
 */
static void sim_rtdev_look_ahead(struct sim_dev *sd)
{
	struct sim_rtdev *r = &sd->rtd;
	struct sim_rt_event ev;

	r->oob_pending = false;
	if (!r->on || (!sd->prof->msm_pm && r->gov_ns == SIM_RT_NEVER))
		return;
	r->ahead = r->rt;
	sim_rtdev_run_to(sd, &r->ahead, true, false, &ev);
	if (ev.kind == SIM_RT_EV_POLL || ev.kind == SIM_RT_EV_END)
		return;
	r->oob_pending = true;
	r->oob_at = ev.now_ns;
	if (ev.kind == SIM_RT_EV_ARRIVE &&
	    !(sd->prof->msm_pm && sim_msm_boosts(ev.idle_ns, r->rt.poll_ns)))
		r->oob_cause = SIM_RT_TIMER;	/* gpugov's wait for a fence */
	else if (ev.kind != SIM_RT_EV_TIMER)
		r->oob_cause = SIM_RT_BOOST;
	else if (ev.now_ns >= r->boost_end_ns)
		r->oob_cause = SIM_RT_UNBOOST;
	else
		r->oob_cause = SIM_RT_TIMER;
	if (!r->paused)
		queue_work(system_wq, &r->oob_work);
}

/**
 * sim_rtdev_clock() - the counter source's clock: in real-time mode, the
 *	simulated time (it starts again from 0 with each run)
 * @src: the device's counter source
 * @now_ns: out: the simulated time
 *
 * Return: true in real-time mode; false in the per-segment mode, whose
 * polls keep no time of their own.
 */
bool sim_rtdev_clock(struct gpugov_source *src, u64 *now_ns)
{
	struct sim_dev *sd = container_of(src, struct sim_dev, src);
	bool kept;

	spin_lock(&sd->lock);
	kept = sd->rtd.hz;
	*now_ns = sd->rtd.rt.now;
	spin_unlock(&sd->lock);
	return kept;
}

/**
 * sim_rtdev_arm_timer() - gpugov's timer on the simulated clock
 * @src: the device's counter source
 * @at_ns: when, simulated; U64_MAX to stand it down
 *
 * Kept outside a run too, and dropped when one starts (a new timeline).
 * Within a decision (gpugov arms as it decides) the engine must not run
 * ahead before target() sets the OPP at this time: target() looks ahead.
 */
void sim_rtdev_arm_timer(struct gpugov_source *src, u64 at_ns)
{
	struct sim_dev *sd = container_of(src, struct sim_dev, src);
	struct sim_rtdev *r = &sd->rtd;

	spin_lock(&sd->lock);
	r->gov_ns = at_ns;
	if (at_ns == SIM_RT_NEVER)
		r->tick_due = false;	/* gpugov stood down: no decision due */
	if (r->on) {
		sim_rtdev_arm(r);
		if (!r->deciding)
			sim_rtdev_look_ahead(sd);
	}
	spin_unlock(&sd->lock);
}

/**
 * sim_rtdev_target() - target() of a real-time run: the OPP in force
 *	(sd->cur) is the engine's from now on
 * @sd: device; sd->lock held, called under devfreq->lock
 */
void sim_rtdev_target(struct sim_dev *sd)
{
	struct sim_rtdev *r = &sd->rtd;

	r->deciding = false;
	sim_rt_set_opp(&r->rt, sd->cur);
	if (r->log_open) {
		r->log[r->log_len - 1].opp = sd->cur;
		r->log_open = false;
	}
	sim_rtdev_look_ahead(sd);
}

/*
 * msm's boost or its end, between two polls: run the engine to it, set
 * the PM QoS floor (twice the clock in force, as msm_devfreq_boost(), or
 * 0), and let devfreq decide at once, as its QoS notifier does.  Or
 * gpugov's timer: run the engine to it and tell gpugov, whose work
 * decides.
 */
static void sim_rtdev_oob(struct work_struct *work)
{
	struct sim_dev *sd = container_of(work, struct sim_dev, rtd.oob_work);
	struct sim_rtdev *r = &sd->rtd;
	void (*fired)(struct gpugov_source *src);
	struct sim_rt_event ev;
	u64 khz = 0;
	int changed;

	spin_lock(&sd->lock);
	if (!r->on || !r->oob_pending || r->paused) {
		spin_unlock(&sd->lock);
		return;
	}
	r->oob_pending = false;
	sim_rtdev_run_to(sd, &r->rt, true, true, &ev);
	if (r->oob_cause == SIM_RT_TIMER) {
		fired = r->fired;
		r->gov_ns = SIM_RT_NEVER;
		r->tick_due = fired;
		sim_rtdev_arm(r);
		spin_unlock(&sd->lock);
		if (fired)
			fired(&sd->src);
		return;
	}
	if (r->oob_cause == SIM_RT_BOOST) {
		khz = min_t(u64, div_u64((u64)sd->trace->hz[sd->cur] * 2, 1000),
			    S32_MAX);
		r->boost_end_ns = ev.now_ns + r->rt.poll_ns;
	} else {
		r->boost_end_ns = SIM_RT_NEVER;
	}
	sim_rtdev_arm(r);
	spin_unlock(&sd->lock);
	changed = dev_pm_qos_update_request(&sd->boost_req, khz);
	if (changed > 0)	/* the notifier's update_devfreq() decided */
		return;
	mutex_lock(&sd->df->lock);
	update_devfreq(sd->df);
	mutex_unlock(&sd->df->lock);
}

/**
 * sim_rtdev_source_read() - the counter source during a real-time run:
 *	the window the poll's get_dev_status() took (sd->rtd.have_win),
 *	every counter of the trace or (Mali mode) Mali's
 * @sd: device; sd->lock held
 * @s: sample to fill
 *
 * Return: 0, or -EIO with source_fail (@s filled all the same).
 */
int sim_rtdev_source_read(struct sim_dev *sd, struct gpugov_sample *s)
{
	const struct gpugov_simblob_opp *o = &sd->trace->opp[sd->rtd.win.opp];
	struct gpugov_sample *full = &sd->rtd.full;

	sim_rt_source_sample(&sd->rtd.win, o->core_khz, o->mem_khz,
			     sd->trace->caps, full);
	if (sd->mali)
		gpugov_mali_view(s, full);
	else
		memcpy(s, full, offsetof(struct gpugov_sample, waves));
	return sd->source_fail ? -EIO : 0;
}
